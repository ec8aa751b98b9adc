-- A replayed book or ticket answer is the first answer byte for byte: json
-- keeps the text as written, where jsonb reorders keys.
ALTER TABLE idempotency_keys ALTER COLUMN response TYPE json USING response::json;
