-- name: CompanyGet :one
SELECT * FROM companies WHERE user_id = @user_id;

-- name: CompanyUpsert :one
INSERT INTO companies (user_id, legal_name, gstin, address, email, phone)
VALUES (@user_id, @legal_name, @gstin, @address, @email, @phone)
ON CONFLICT (user_id) DO UPDATE SET
	legal_name = EXCLUDED.legal_name, gstin = EXCLUDED.gstin, address = EXCLUDED.address,
	email = EXCLUDED.email, phone = EXCLUDED.phone
RETURNING *;
