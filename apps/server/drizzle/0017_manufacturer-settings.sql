-- Placeholder for issue work in progress (replaced by one generated migration before landing).
SELECT 1;
