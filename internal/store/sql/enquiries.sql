-- name: EnquiryCreate :one
INSERT INTO enquiries (reference, kind, user_id, name, email, phone, team, topic, details)
VALUES (@reference, @kind, sqlc.narg(user_id), @name, @email, @phone, @team, @topic, @details)
RETURNING *;

-- name: EnquiryListByUser :many
SELECT * FROM enquiries WHERE user_id = @user_id ORDER BY created_at DESC LIMIT 100;
