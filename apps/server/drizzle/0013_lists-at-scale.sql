-- Placeholder while issue 29 is built: each helper appends its hand-written section below (separated by
-- "--> statement-breakpoint" lines). The lead replaces this file by one drizzle-kit generate at the end.
select 1;
