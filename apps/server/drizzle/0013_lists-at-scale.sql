-- Placeholder while issue 29 is built: each part appends its hand-written section below, statements separated
-- by drizzle's breakpoint comment line. The lead replaces this file by one drizzle-kit generate at the end.
select 1;
