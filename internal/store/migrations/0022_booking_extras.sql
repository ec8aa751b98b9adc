-- Seats, meals and extra baggage bought with a flight (docs/flights-api.md,
-- "Seats, meals and baggage"). The supplier's own items travel on the
-- passengers (bookings.passengers: what Book and Ticket send); these columns
-- keep what the traveller chose in the product's terms, for the price table,
-- the trip page, the e-ticket and the e-mail, and what it costs.
ALTER TABLE bookings
	-- One line per item: {passenger, kind (seat, meal, baggage), flight
	-- (origin, destination, airline, flight number), code, description,
	-- price}; included items (free baggage the fare carries) with price 0.
	ADD COLUMN extras jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(extras) = 'array'),
	-- What the items cost together, exactly; the traveller pays the fare
	-- (price, or new_price after a change at ticketing) plus this.
	ADD COLUMN extras_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (extras_price >= 0);
