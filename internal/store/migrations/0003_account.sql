-- The signed-in account area: traveller profile, snoozed profile steps and
-- co-travellers.

-- One row per user, created on first save. first_name holds first and middle
-- names, as on the form.
CREATE TABLE profiles (
	user_id                        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
	first_name                     text NOT NULL DEFAULT '',
	last_name                      text NOT NULL DEFAULT '',
	gender                         text NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female', 'other')),
	dob                            date,
	nationality                    text NOT NULL DEFAULT '',
	marital_status                 text NOT NULL DEFAULT '' CHECK (marital_status IN ('', 'single', 'married', 'divorced', 'widowed')),
	anniversary                    date,
	city                           text NOT NULL DEFAULT '',
	state                          text NOT NULL DEFAULT '',
	country                        text NOT NULL DEFAULT '',
	postal_code                    text NOT NULL DEFAULT '',
	pan                            text NOT NULL DEFAULT '' CHECK (pan = '' OR pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	passport_number                text NOT NULL DEFAULT '',
	passport_expiry                date,
	passport_issuing_country       text NOT NULL DEFAULT '',
	emergency_name                 text NOT NULL DEFAULT '',
	emergency_phone                text NOT NULL DEFAULT '',
	domestic_trip_protection       text NOT NULL DEFAULT '' CHECK (domestic_trip_protection IN ('', 'None', 'Basic', 'Plus', 'Premium')),
	international_travel_insurance text NOT NULL DEFAULT '' CHECK (international_travel_insurance IN ('', 'None', 'Basic', 'Gold', 'Platinum')),
	created_at                     timestamptz NOT NULL DEFAULT now(),
	updated_at                     timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER profiles_updated_at BEFORE UPDATE ON profiles
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- A profile-completion step the user chose to do later, hidden from the next
-- step until snoozed_until.
CREATE TABLE profile_snoozes (
	user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	step          text NOT NULL,
	snoozed_until timestamptz NOT NULL,
	PRIMARY KEY (user_id, step)
);

-- Mobile numbers verified by one-time code (the OTP sign-in flow sets it).
ALTER TABLE users ADD COLUMN phone_verified_at timestamptz;

CREATE TABLE co_travellers (
	id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	user_id                  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	first_name               text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
	last_name                text NOT NULL DEFAULT '',
	relationship             text NOT NULL DEFAULT '',
	gender                   text NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female', 'other')),
	dob                      date,
	nationality              text NOT NULL DEFAULT '',
	meal_preference          text NOT NULL DEFAULT '',
	train_berth_preference   text NOT NULL DEFAULT '',
	passport_number          text NOT NULL DEFAULT '',
	passport_expiry          date,
	passport_issuing_country text NOT NULL DEFAULT '',
	phone                    text NOT NULL DEFAULT '',
	email                    text NOT NULL DEFAULT '',
	frequent_flyer_airline   text NOT NULL DEFAULT '',
	frequent_flyer_number    text NOT NULL DEFAULT '',
	created_at               timestamptz NOT NULL DEFAULT now(),
	updated_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX co_travellers_user ON co_travellers (user_id, created_at);
CREATE TRIGGER co_travellers_updated_at BEFORE UPDATE ON co_travellers
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();
