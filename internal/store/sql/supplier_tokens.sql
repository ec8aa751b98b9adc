-- name: SupplierTokenGet :one
SELECT token FROM supplier_tokens WHERE supplier = @supplier AND valid_until > now();

-- name: SupplierTokenPut :exec
INSERT INTO supplier_tokens (supplier, token, valid_until) VALUES (@supplier, @token, @valid_until)
ON CONFLICT (supplier) DO UPDATE SET token = EXCLUDED.token, valid_until = EXCLUDED.valid_until, created_at = now();

-- name: SupplierTokenDelete :exec
DELETE FROM supplier_tokens WHERE supplier = @supplier AND token = @token;

-- name: SupplierTokenLock :exec
-- Serialises authentication per supplier across replicas, for the
-- transaction's life.
SELECT pg_advisory_xact_lock(hashtextextended('supplier-token:' || @supplier::text, 0));
