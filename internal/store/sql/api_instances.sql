-- name: InstanceBeat :exec
-- Registers or renews a running API process, alive for ttl_seconds more.
INSERT INTO api_instances (id, host, pid, alive_until)
VALUES (@id, @host, @pid, now() + make_interval(secs => @ttl_seconds::float8))
ON CONFLICT (id) DO UPDATE SET alive_until = EXCLUDED.alive_until;

-- name: InstanceRemove :exec
DELETE FROM api_instances WHERE id = @id;

-- name: InstanceDeleteDead :execrows
-- Forgets processes dead for an hour (what they held was swept long before).
DELETE FROM api_instances WHERE alive_until < now() - interval '1 hour';
