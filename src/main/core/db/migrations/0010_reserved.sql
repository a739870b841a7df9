-- Intentionally empty: keeps the numbering contiguous.
SELECT 1;
