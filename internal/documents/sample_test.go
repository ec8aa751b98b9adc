package documents

import "github.com/shopspring/decimal"

// sampleTicket is a round trip for two adults, a child and an infant, one
// of whose tickets is cancelled; a name is given in Devanagari.
func sampleTicket() Ticket {
	mumbai := Airport{Code: "BOM", Name: "Chhatrapati Shivaji Maharaj International Airport", City: "Mumbai", Terminal: "2"}
	delhi := Airport{Code: "DEL", Name: "Indira Gandhi International Airport", City: "New Delhi", Terminal: "1"}
	return Ticket{
		BookingRef:  "PYT-7Q4K2M",
		SupplierPNR: "TBO8812345",
		Status:      "Confirmed",
		IssuedOn:    "21 Nov 2026",
		Support:     "support@paryatan.in · +91 22 4000 0000",
		Flights: []Flight{
			{Airline: "IndiGo", AirlineCode: "6E", Number: "2134", AirlinePNR: "K7XQ2P", Cabin: "Economy",
				From: mumbai, To: delhi, Departs: "Tue 1 Dec 2026, 06:15", Arrives: "Tue 1 Dec 2026, 08:25", Duration: "2h 10m"},
			{Airline: "Air India", AirlineCode: "AI", Number: "864", AirlinePNR: "ZB4M9T", Cabin: "Economy",
				From: delhi, To: mumbai, Departs: "Sun 6 Dec 2026, 21:00", Arrives: "Sun 6 Dec 2026, 23:10", Duration: "2h 10m"},
		},
		Travellers: []Traveller{
			{Name: "Mr Rahul Verma", Type: Adult, TicketNumber: "0987654321012", CheckedBaggage: "15 kg", CabinBaggage: "7 kg"},
			{Name: "अंकित शर्मा", Type: Adult, TicketNumber: "0987654321013", CheckedBaggage: "15 kg", CabinBaggage: "7 kg", Cancelled: true},
			{Name: "Miss Ira Verma", Type: Child, TicketNumber: "0987654321014", CheckedBaggage: "15 kg", CabinBaggage: "7 kg"},
			{Name: "Master Kabir Verma", Type: Infant, TicketNumber: "0987654321015", CheckedBaggage: "10 kg", CabinBaggage: "—"},
		},
		FareRules: FareRules{Refundable: true, Summary: "Changes are allowed up to 4 hours before departure for INR 3,000 per traveller per flight plus any fare difference. Cancellation up to 4 hours before departure costs INR 3,500 per traveller per flight; the rest of the fare is refunded to the original payment method within 7 working days. No-show: only taxes are refunded."},
	}
}

// paryatan is the supplier on the sample invoices, registered in Maharashtra.
func paryatan() Party {
	return Party{
		Name:    "Paryatan Travel Technologies Private Limited",
		Address: []string{"4th Floor, Kamala Mills Compound, Senapati Bapat Marg", "Lower Parel, Mumbai 400013"},
		State:   State{Name: "Maharashtra", Code: "27"},
		GSTIN:   "27AAJCP1234F1Z5",
		PAN:     "AAJCP1234F",
	}
}

// sampleInvoice is a business booking from Karnataka: IGST.
func sampleInvoice() Invoice {
	return Invoice{
		Number:        "PY/26-27/000123",
		Date:          "21 Nov 2026",
		Supplier:      paryatan(),
		Recipient:     Party{Name: "Nilgiri Analytics Private Limited", Address: []string{"12, 3rd Cross, Indiranagar", "Bengaluru 560038"}, State: State{Name: "Karnataka", Code: "29"}, GSTIN: "29AABCN5678K1Z2"},
		PlaceOfSupply: State{Name: "Karnataka", Code: "29"},
		BookingRef:    "PYT-7Q4K2M",
		PNR:           "TBO8812345",
		Lines: []Line{
			{Description: "Reservation services for transportation: convenience fee, flights BOM–DEL–BOM, 4 travellers", SAC: "998555", Amount: decimal.RequireFromString("500.00")},
		},
		PureAgent: []Line{
			{Description: "Airfare collected on behalf of IndiGo (6E 2134), incl. airline taxes and fees", Amount: decimal.RequireFromString("12450.00")},
			{Description: "Airfare collected on behalf of Air India (AI 864), incl. airline taxes and fees", Amount: decimal.RequireFromString("13175.50")},
		},
	}
}

// sampleCreditNote reverses part of sampleInvoice after one cancellation.
func sampleCreditNote() CreditNote {
	inv := sampleInvoice()
	return CreditNote{
		Number:        "PY/CN/26-27/0045",
		Date:          "28 Nov 2026",
		InvoiceNumber: inv.Number,
		InvoiceDate:   inv.Date,
		Supplier:      inv.Supplier,
		Recipient:     inv.Recipient,
		PlaceOfSupply: inv.PlaceOfSupply,
		BookingRef:    inv.BookingRef,
		PNR:           inv.PNR,
		Lines: []Line{
			{Description: "Convenience fee refunded: 1 traveller cancelled", SAC: "998555", Amount: decimal.RequireFromString("125.00")},
		},
		PureAgent: []Line{
			{Description: "Airfare refunded on behalf of IndiGo and Air India, after airline cancellation charges", Amount: decimal.RequireFromString("4812.75")},
		},
	}
}
