-- name: RateLimitHit :one
-- Counts one hit in the key's current window and returns the window's total.
INSERT INTO rate_limits (key, window_start, hits) VALUES (@key, @window_start, 1)
ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
RETURNING hits;

-- name: RateLimitDeleteBefore :execrows
DELETE FROM rate_limits WHERE window_start < @before;
