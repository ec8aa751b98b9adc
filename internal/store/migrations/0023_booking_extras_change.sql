-- A change in the price of seats, meals and baggage at ticketing, handled
-- like a moved fare (docs/flights-api.md, "Seats, meals and baggage"): the
-- airline's new price is kept until the traveller pays the difference or the
-- booking ends, and the ticket is then sent with the same items at their new
-- prices, chosen again from the traveller's choice kept here.
ALTER TABLE bookings
	-- The choice as the traveller made it: one object per passenger
	-- ({seats, meals, baggage by flight or group, mealPreference,
	-- seatPreference}), to price the same items again.
	ADD COLUMN extras_choice jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(extras_choice) = 'array'),
	-- What the items cost now when the airline moved their price at
	-- ticketing (with price_change_pending); extras_price takes it once the
	-- ticket is issued.
	ADD COLUMN new_extras_price numeric(12, 2) CHECK (new_extras_price >= 0);
