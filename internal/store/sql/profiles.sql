-- name: ProfileGet :one
SELECT * FROM profiles WHERE user_id = @user_id;

-- name: ProfileUpsert :one
INSERT INTO profiles (
	user_id, first_name, last_name, gender, dob, nationality, marital_status, anniversary,
	city, state, country, postal_code, pan,
	passport_number, passport_expiry, passport_issuing_country,
	emergency_name, emergency_phone, domestic_trip_protection, international_travel_insurance
) VALUES (
	@user_id, @first_name, @last_name, @gender, sqlc.narg(dob), @nationality, @marital_status, sqlc.narg(anniversary),
	@city, @state, @country, @postal_code, @pan,
	@passport_number, sqlc.narg(passport_expiry), @passport_issuing_country,
	@emergency_name, @emergency_phone, @domestic_trip_protection, @international_travel_insurance
)
ON CONFLICT (user_id) DO UPDATE SET
	first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, gender = EXCLUDED.gender,
	dob = EXCLUDED.dob, nationality = EXCLUDED.nationality, marital_status = EXCLUDED.marital_status,
	anniversary = EXCLUDED.anniversary, city = EXCLUDED.city, state = EXCLUDED.state,
	country = EXCLUDED.country, postal_code = EXCLUDED.postal_code, pan = EXCLUDED.pan,
	passport_number = EXCLUDED.passport_number, passport_expiry = EXCLUDED.passport_expiry,
	passport_issuing_country = EXCLUDED.passport_issuing_country,
	emergency_name = EXCLUDED.emergency_name, emergency_phone = EXCLUDED.emergency_phone,
	domestic_trip_protection = EXCLUDED.domestic_trip_protection,
	international_travel_insurance = EXCLUDED.international_travel_insurance
RETURNING *;

-- name: ProfileSnooze :exec
INSERT INTO profile_snoozes (user_id, step, snoozed_until) VALUES (@user_id, @step, @snoozed_until)
ON CONFLICT (user_id, step) DO UPDATE SET snoozed_until = EXCLUDED.snoozed_until;

-- name: ProfileSnoozesActive :many
SELECT step FROM profile_snoozes WHERE user_id = @user_id AND snoozed_until > now();
