-- name: CoTravellerList :many
SELECT * FROM co_travellers WHERE user_id = @user_id ORDER BY created_at, id;

-- name: CoTravellerCount :one
SELECT count(*) FROM co_travellers WHERE user_id = @user_id;

-- name: CoTravellerCreate :one
INSERT INTO co_travellers (
	user_id, first_name, last_name, relationship, gender, dob, nationality, meal_preference,
	train_berth_preference, passport_number, passport_expiry, passport_issuing_country,
	phone, email, frequent_flyer_airline, frequent_flyer_number
) VALUES (
	@user_id, @first_name, @last_name, @relationship, @gender, sqlc.narg(dob), @nationality, @meal_preference,
	@train_berth_preference, @passport_number, sqlc.narg(passport_expiry), @passport_issuing_country,
	@phone, @email, @frequent_flyer_airline, @frequent_flyer_number
)
RETURNING *;

-- name: CoTravellerUpdate :one
-- Only the owner's row matches; another user's id updates nothing.
UPDATE co_travellers SET
	first_name = @first_name, last_name = @last_name, relationship = @relationship, gender = @gender,
	dob = sqlc.narg(dob), nationality = @nationality, meal_preference = @meal_preference,
	train_berth_preference = @train_berth_preference, passport_number = @passport_number,
	passport_expiry = sqlc.narg(passport_expiry), passport_issuing_country = @passport_issuing_country,
	phone = @phone, email = @email, frequent_flyer_airline = @frequent_flyer_airline,
	frequent_flyer_number = @frequent_flyer_number
WHERE id = @id AND user_id = @user_id
RETURNING *;

-- name: CoTravellerDelete :execrows
DELETE FROM co_travellers WHERE id = @id AND user_id = @user_id;
