package flights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/documents"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// A ticketed booking's documents (docs/cancellations.md, "Documents"): the
// e-ticket, made from the booking as it stands (its cancelled tickets
// marked), and the GST tax invoice, issued once, in the transaction that
// records the ticket (or, for a booking ticketed before invoices, at its
// first download), numbered without gaps, and kept as issued so that the
// same invoice is the same bytes every time.

// What travellers are told about documents.
var (
	errNoETicket = apierr.New(http.StatusNotFound, "no_document", "The e-ticket is ready once the tickets are issued.")
	errNoInvoice = apierr.New(http.StatusNotFound, "no_document", "Tax invoices are not issued here.")
	errNoDoc     = apierr.New(http.StatusNotFound, "no_document", "No such document.")
)

// The number series of tax invoices and of credit notes.
const (
	invoiceSeries    = "invoice"
	creditNoteSeries = "credit_note"
)

// DocumentJSON is a download on the booking page.
type DocumentJSON struct {
	Kind  string `json:"kind"`
	Title string `json:"title"`
	Href  string `json:"href"`
}

// documentsOf are the downloads of a booking.
func (s *Bookings) documentsOf(b queries.Booking) []DocumentJSON {
	if b.Status != trip.Ticketed {
		return nil
	}
	base := "/api/v1/me/bookings/" + b.ID.String() + "/documents/"
	out := []DocumentJSON{{Kind: "e-ticket", Title: "E-ticket", Href: base + "e-ticket"}}
	if s.Seller.Issues() {
		out = append(out, DocumentJSON{Kind: "invoice", Title: "GST invoice", Href: base + "invoice"})
	}
	return out
}

// creditNotesOf adds b's credit notes to its downloads.
func (s *Bookings) creditNotesOf(ctx context.Context, b queries.Booking, docs []DocumentJSON) ([]DocumentJSON, error) {
	if len(docs) == 0 {
		return docs, nil
	}
	notes, err := s.q.TaxDocumentCreditNotes(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		if n.CancellationID != nil {
			docs = append(docs, DocumentJSON{Kind: "credit-note", Title: "Credit note " + n.Number,
				Href: "/api/v1/me/bookings/" + b.ID.String() + "/documents/credit-notes/" + n.CancellationID.String()})
		}
	}
	return docs, nil
}

// issueCreditNote issues, in tx, the credit note of cancellation c, which
// refunds refund of b: against b's tax invoice (issued first if it was
// not), in its own series without gaps. Paryatan's own charges are not
// refunded (it charges none beyond the fare), so its taxable value is 0;
// the airfare refunded on the airline's behalf is stated beside it, as the
// invoice stated the airfare collected. None without a seller's GSTIN or a
// refund.
func (s *Bookings) issueCreditNote(ctx context.Context, tx pgx.Tx, b queries.Booking, c queries.Cancellation, refund decimal.Decimal) error {
	if !s.Seller.Issues() || !refund.IsPositive() {
		return nil
	}
	invDoc, ok, err := s.issueInvoice(ctx, tx, b)
	if err != nil || !ok {
		return err
	}
	var inv documents.Invoice
	if err := json.Unmarshal(invDoc.Body, &inv); err != nil {
		return err
	}
	q := s.q.WithTx(tx)
	now := s.now()
	fy := financialYear(now)
	n, err := q.DocumentNext(ctx, queries.DocumentNextParams{Series: creditNoteSeries, Year: fy})
	if err != nil {
		return err
	}
	cn := documents.CreditNote{Number: fmt.Sprintf("CN/%s/%06d", fy, n), Date: now.In(indiatime.Zone).Format("2 Jan 2006"),
		InvoiceNumber: inv.Number, InvoiceDate: inv.Date, Reason: "Cancellation " + strings.ToUpper(c.ID.String()[:8]),
		Supplier: inv.Supplier, Recipient: inv.Recipient, PlaceOfSupply: inv.PlaceOfSupply, BookingRef: inv.BookingRef, PNR: inv.PNR,
		Lines:     []documents.Line{{Description: "Flight booking service (not refunded: none was charged)", SAC: documents.SACReservation, Amount: decimal.Zero}},
		PureAgent: []documents.Line{{Description: "Airfare refunded for the cancelled tickets, less the airline's charge", Amount: refund}}}
	body, err := json.Marshal(cn)
	if err != nil {
		return err
	}
	_, err = q.TaxDocumentAdd(ctx, queries.TaxDocumentAddParams{BookingID: b.ID, CancellationID: &c.ID, Kind: "credit_note", Number: cn.Number, IssuedAt: now, Body: body})
	return err
}

// financialYear is the Indian financial year (April to March) of t, as
// invoice numbers write it: "26-27".
func financialYear(t time.Time) string {
	t = t.In(indiatime.Zone)
	y := t.Year()
	if t.Month() < time.April {
		y--
	}
	return fmt.Sprintf("%02d-%02d", y%100, (y+1)%100)
}

// issueInvoice issues b's tax invoice in tx, once: an invoice issued
// before is returned as it is. Without a seller's GSTIN there is none
// (ok false).
func (s *Bookings) issueInvoice(ctx context.Context, tx pgx.Tx, b queries.Booking) (doc queries.TaxDocument, ok bool, err error) {
	if !s.Seller.Issues() || b.Status != trip.Ticketed {
		return doc, false, nil
	}
	q := s.q.WithTx(tx)
	doc, err = q.TaxDocumentInvoice(ctx, b.ID)
	if err == nil || !errors.Is(err, pgx.ErrNoRows) {
		return doc, err == nil, err
	}
	now := s.now()
	fy := financialYear(now)
	n, err := q.DocumentNext(ctx, queries.DocumentNextParams{Series: invoiceSeries, Year: fy})
	if err != nil {
		return doc, false, err
	}
	inv, err := s.invoiceOf(ctx, q, b, fmt.Sprintf("PY/%s/%06d", fy, n), now)
	if err != nil {
		return doc, false, err
	}
	body, err := json.Marshal(inv)
	if err != nil {
		return doc, false, err
	}
	doc, err = q.TaxDocumentAdd(ctx, queries.TaxDocumentAddParams{BookingID: b.ID, Kind: "invoice", Number: inv.Number, IssuedAt: now, Body: body})
	return doc, err == nil, err
}

// gstStates names the states and union territories by their GST code.
var gstStates = map[string]string{
	"01": "Jammu and Kashmir", "02": "Himachal Pradesh", "03": "Punjab", "04": "Chandigarh", "05": "Uttarakhand",
	"06": "Haryana", "07": "Delhi", "08": "Rajasthan", "09": "Uttar Pradesh", "10": "Bihar", "11": "Sikkim",
	"12": "Arunachal Pradesh", "13": "Nagaland", "14": "Manipur", "15": "Mizoram", "16": "Tripura", "17": "Meghalaya",
	"18": "Assam", "19": "West Bengal", "20": "Jharkhand", "21": "Odisha", "22": "Chhattisgarh", "23": "Madhya Pradesh",
	"24": "Gujarat", "26": "Dadra and Nagar Haveli and Daman and Diu", "27": "Maharashtra", "29": "Karnataka",
	"30": "Goa", "31": "Lakshadweep", "32": "Kerala", "33": "Tamil Nadu", "34": "Puducherry",
	"35": "Andaman and Nicobar Islands", "36": "Telangana", "37": "Andhra Pradesh", "38": "Ladakh",
}

// invoiceOf is b's tax invoice as issued now: Paryatan's own charges (none
// beyond the fare today, so its service line is nil-rated at 0) and the
// airfare collected as the airlines' pure agent. A business booking (the
// lead passenger's GST details) names the company and its state as the
// place of supply; a traveller's is Paryatan's own state.
func (s *Bookings) invoiceOf(ctx context.Context, q *queries.Queries, b queries.Booking, number string, now time.Time) (documents.Invoice, error) {
	seller := documents.Party{Name: s.Seller.LegalName, Address: []string{s.Seller.Address}, GSTIN: s.Seller.GSTIN,
		PAN: s.Seller.GSTIN[2:12], State: documents.State{Name: firstNonEmpty(s.Seller.State, gstStates[s.Seller.StateCode]), Code: s.Seller.StateCode}}
	var pax []supplier.Passenger
	_ = json.Unmarshal(b.Passengers, &pax)
	u, err := q.UserGet(ctx, b.UserID)
	if err != nil {
		return documents.Invoice{}, err
	}
	recipient := documents.Party{Name: firstNonEmpty(u.FullName, u.Email)}
	pos := seller.State
	for _, p := range pax {
		if p.IsLeadPax && p.GST != nil && p.GST.Number != "" {
			code := p.GST.Number[:2]
			recipient = documents.Party{Name: p.GST.CompanyName, GSTIN: p.GST.Number, Address: []string{p.GST.CompanyAddress},
				State: documents.State{Name: gstStates[code], Code: code}}
			pos = recipient.State
		}
	}
	if pos.Name == "" {
		pos = seller.State
	}
	price := decimal.Zero
	if b.Price != nil {
		price = *b.Price
	}
	return documents.Invoice{
		Number: number, Date: now.In(indiatime.Zone).Format("2 Jan 2006"), Supplier: seller, Recipient: recipient,
		PlaceOfSupply: pos, BookingRef: bookingRef(b), PNR: derefOr(b.Pnr),
		Lines:     []documents.Line{{Description: "Flight booking service (" + b.Origin + " to " + b.Destination + ")", SAC: documents.SACReservation, Amount: decimal.Zero}},
		PureAgent: pureAgent(b, len(pax), price),
	}, nil
}

// pureAgent are the amounts collected for the airline: the airfare, and the
// seats, meals and baggage bought with it, when there are some.
func pureAgent(b queries.Booking, travellers int, fare decimal.Decimal) []documents.Line {
	lines := []documents.Line{{Description: fmt.Sprintf("Airfare %s to %s, %s, %d traveller(s), airline taxes and fees included",
		b.Origin, b.Destination, b.Airline, travellers), Amount: fare}}
	if b.ExtrasPrice.IsPositive() {
		lines = append(lines, documents.Line{Description: fmt.Sprintf("Seats, meals and extra baggage sold by %s (%d item(s))",
			b.Airline, len(linesOf(b))), Amount: b.ExtrasPrice})
	}
	return lines
}

// bookingRef is the short reference of a booking people quote.
func bookingRef(b queries.Booking) string { return strings.ToUpper(b.ID.String()[:8]) }

// eTicketOf is b's e-ticket as it stands: flights from the ticket's
// itinerary (terminals, airline PNRs, baggage), travellers with their
// ticket numbers, cancelled tickets marked.
func (s *Bookings) eTicketOf(ctx context.Context, q *queries.Queries, b queries.Booking) (documents.Ticket, error) {
	var d struct {
		Response struct {
			Response struct {
				FlightItinerary struct {
					NonRefundable bool
					Segments      []struct {
						Baggage, CabinBaggage string
						CabinClass            int
						AirlinePNR            string
						Duration              int
						Airline               struct {
							AirlineCode, AirlineName string
							FlightNumber             json.RawMessage
						}
						Origin struct {
							Airport struct{ AirportCode, AirportName, CityName, Terminal string }
							DepTime string
						}
						Destination struct {
							Airport struct{ AirportCode, AirportName, CityName, Terminal string }
							ArrTime string
						}
					}
				}
			}
		}
	}
	_ = json.Unmarshal(b.LastResponse, &d)
	it := d.Response.Response.FlightItinerary
	t := documents.Ticket{BookingRef: bookingRef(b), SupplierPNR: derefOr(b.Pnr), Status: "Confirmed", Support: "care@paryatan.in · +91 124 400 5500",
		FareRules: documents.FareRules{Refundable: !it.NonRefundable, Summary: fareSummary(!it.NonRefundable)}}
	var checked, cabin string
	for _, sg := range it.Segments {
		checked, cabin = firstNonEmpty(checked, sg.Baggage), firstNonEmpty(cabin, sg.CabinBaggage)
		t.Flights = append(t.Flights, documents.Flight{Airline: firstNonEmpty(sg.Airline.AirlineName, sg.Airline.AirlineCode),
			AirlineCode: sg.Airline.AirlineCode, Number: strings.Trim(string(sg.Airline.FlightNumber), `"`), AirlinePNR: sg.AirlinePNR,
			Cabin:   cabinNames[sg.CabinClass],
			From:    documents.Airport{Code: sg.Origin.Airport.AirportCode, Name: sg.Origin.Airport.AirportName, City: sg.Origin.Airport.CityName, Terminal: sg.Origin.Airport.Terminal},
			To:      documents.Airport{Code: sg.Destination.Airport.AirportCode, Name: sg.Destination.Airport.AirportName, City: sg.Destination.Airport.CityName, Terminal: sg.Destination.Airport.Terminal},
			Departs: ticketTime(sg.Origin.DepTime), Arrives: ticketTime(sg.Destination.ArrTime), Duration: duration(sg.Duration)})
	}
	taken, err := q.CancellationTicketsByBooking(ctx, b.ID)
	if err != nil {
		return t, err
	}
	cancelled := 0
	tickets := ticketsOf(b)
	for _, tk := range tickets {
		tr := documents.Traveller{Name: tk.Name, Type: documents.PaxType(tk.Type), TicketNumber: tk.TicketNumber, CheckedBaggage: checked, CabinBaggage: cabin}
		if tk.paxType == supplier.PaxInfant {
			tr.CheckedBaggage = ""
		}
		for _, ct := range taken {
			if ct.TicketID == tk.TicketID && ct.Live && supplier.ChangeStatus(ct.ChangeStatus) == supplier.ChangeCompleted {
				tr.Cancelled = true
				cancelled++
			}
		}
		t.Travellers = append(t.Travellers, tr)
	}
	for _, l := range linesOf(b) {
		if l.Passenger < len(t.Travellers) {
			t.Extras = append(t.Extras, documents.Extra{Traveller: l.Passenger, Flight: l.route(), Item: l.item(), Price: l.Price})
		}
	}
	switch {
	case cancelled > 0 && cancelled == len(tickets):
		t.Status = "Cancelled"
	case cancelled > 0:
		t.Status = "Partly cancelled"
	}
	return t, nil
}

// cabinNames name the cabin classes by the supplier's number.
var cabinNames = map[int]string{1: "Economy", 2: "Economy", 3: "Premium Economy", 4: "Business", 5: "Premium Business", 6: "First"}

// fareSummary is the one paragraph of fare rules an e-ticket prints.
func fareSummary(refundable bool) string {
	if !refundable {
		return "Non-refundable fare: cancelling returns only the airline's statutory taxes where the airline refunds them. Date and name changes follow the airline's rules and charges."
	}
	return "Refundable fare: cancel from My Trips before departure; the airline's cancellation charge per traveller and per flight applies, and the rest is refunded to the original payment method. Date changes follow the airline's rules and charges."
}

// ticketTime writes a supplier's local airport time as a ticket prints it:
// "Tue 1 Dec 2026, 06:15".
func ticketTime(s string) string {
	t, err := time.Parse("2006-01-02T15:04:05", s)
	if err != nil {
		return s
	}
	return t.Format("Mon 2 Jan 2006, 15:04")
}

// duration writes minutes as "2h 10m".
func duration(minutes int) string {
	if minutes <= 0 {
		return ""
	}
	return fmt.Sprintf("%dh %02dm", minutes/60, minutes%60)
}

// Document handles GET /api/v1/me/bookings/{id}/documents/{kind}: the
// booking's e-ticket or tax invoice, as a PDF download.
func (h *Handler) Document(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	pdf, name, err := h.bookings.document(r.Context(), b, chi.URLParam(r, "kind"))
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	writePDF(w, r, pdf, name)
}

// writePDF answers a PDF download named name.
func writePDF(w http.ResponseWriter, r *http.Request, pdf []byte, name string) {
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("Content-Length", fmt.Sprint(len(pdf)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(pdf) //nolint:gosec // a PDF we render (Content-Type above, nosniff, attachment), never HTML
	}
}

// CreditNote handles GET /api/v1/me/bookings/{id}/documents/credit-notes/{cancellation}:
// the credit note of one of the booking's cancellations, as a PDF.
func (h *Handler) CreditNote(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	id, err := uuid.Parse(chi.URLParam(r, "cancellation"))
	if err != nil {
		httpjson.Fail(w, r, errNoDoc)
		return
	}
	doc, err := h.bookings.q.TaxDocumentCreditNote(r.Context(), &id)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && doc.BookingID != b.ID {
		err = errNoDoc
	}
	var cn documents.CreditNote
	if err == nil {
		err = json.Unmarshal(doc.Body, &cn)
	}
	var pdf []byte
	if err == nil {
		pdf, err = documents.CreditNotePDF(cn)
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	writePDF(w, r, pdf, "Paryatan-credit-note-"+strings.ReplaceAll(doc.Number, "/", "-")+".pdf")
}

// document renders one of b's documents; name is its file name.
func (s *Bookings) document(ctx context.Context, b queries.Booking, kind string) (pdf []byte, name string, err error) {
	ref := firstNonEmpty(derefOr(b.Pnr), bookingRef(b))
	switch kind {
	case "e-ticket":
		if b.Status != trip.Ticketed {
			return nil, "", errNoETicket
		}
		t, err := s.eTicketOf(ctx, s.q, b)
		if err != nil {
			return nil, "", err
		}
		pdf, err = documents.ETicketPDF(t)
		return pdf, "Paryatan-e-ticket-" + ref + ".pdf", err
	case "invoice":
		if b.Status != trip.Ticketed {
			return nil, "", errNoETicket
		}
		var doc queries.TaxDocument
		var issued bool
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var err error
			doc, issued, err = s.issueInvoice(ctx, tx, b)
			return err
		})
		if err != nil {
			return nil, "", err
		}
		if !issued {
			return nil, "", errNoInvoice
		}
		var inv documents.Invoice
		if err := json.Unmarshal(doc.Body, &inv); err != nil {
			return nil, "", err
		}
		pdf, err = documents.InvoicePDF(inv)
		return pdf, "Paryatan-invoice-" + strings.ReplaceAll(doc.Number, "/", "-") + ".pdf", err
	}
	return nil, "", errNoDoc
}

// ticketDocuments are the files the "Ticket issued" message carries: the
// e-ticket and the tax invoice, issued in tx (the transaction that records
// the ticket), so the invoice exists exactly when the ticket does.
func (s *Bookings) ticketDocuments(ctx context.Context, tx pgx.Tx, b queries.Booking) ([]outbox.Attachment, error) {
	t, err := s.eTicketOf(ctx, s.q.WithTx(tx), b)
	if err != nil {
		return nil, err
	}
	ticket, err := documents.ETicketPDF(t)
	if err != nil {
		return nil, err
	}
	ref := firstNonEmpty(derefOr(b.Pnr), bookingRef(b))
	out := []outbox.Attachment{{Name: "Paryatan-e-ticket-" + ref + ".pdf", ContentType: "application/pdf", Data: ticket}}
	doc, ok, err := s.issueInvoice(ctx, tx, b)
	if err != nil || !ok {
		return out, err
	}
	var inv documents.Invoice
	if err := json.Unmarshal(doc.Body, &inv); err != nil {
		return nil, err
	}
	pdf, err := documents.InvoicePDF(inv)
	if err != nil {
		return nil, err
	}
	return append(out, outbox.Attachment{Name: "Paryatan-invoice-" + strings.ReplaceAll(doc.Number, "/", "-") + ".pdf", ContentType: "application/pdf", Data: pdf}), nil
}
