-- The scheduler's scan (pending jobs due by now, oldest first, the first 200): H2 walks an index for an ORDER BY
-- only when the ORDER BY starts with the index's first column, so ordered by (due_at, id) it read every pending job
-- that had fallen due and sorted them all, for every tick. The scan now orders by (status, due_at, id), the same
-- order since status is one value, and this index answers it in that order; it replaces (status, due_at).
CREATE INDEX due_jobs_scan ON due_jobs (status, due_at, id);
DROP INDEX due_jobs_due;
