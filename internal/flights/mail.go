package flights

import (
	"context"
	"encoding/json"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// Mail is how the booking machine writes to travellers: each message goes
// to the outbox in the transaction of the change it announces, at most once
// per kind and booking (bookings.mailed).
type Mail struct {
	Queue     *outbox.Queue
	Templates *mailtmpl.Renderer
}

// PendingMailAfter is how long a booking stays unknown before its traveller
// is told it is being confirmed: most lost answers resolve sooner, and a
// traveller then hears only the outcome.
const PendingMailAfter = 2 * time.Minute

// mailKind is the message a change of status announces, if any: seats held
// (a GDS book), tickets issued, or a failure that is not a moved fare (the
// traveller is on the page for those and books again). A ticket refused on
// a GDS booking leaves it booked, to be ticketed again: no message.
func mailKind(from, to queries.Booking) string {
	if from.Status == to.Status {
		return ""
	}
	switch {
	case to.Status == trip.Booked && (from.Status == trip.Booking || from.Status == trip.Unknown && stepOf(from) == trip.StepBook):
		return outbox.KindBookingConfirmed
	case to.Status == trip.Ticketed:
		return outbox.KindTicketIssued
	case to.Status == trip.Failed && to.Reason != trip.ReasonFareChanged:
		return outbox.KindBookingFailed
	}
	return ""
}

// announce writes the message of kind about b to the outbox in tx, unless
// one was written before. Without templates (tests of the machine alone)
// nothing is written.
func (s *Bookings) announce(ctx context.Context, tx pgx.Tx, b queries.Booking, kind string) error {
	if kind == "" || s.mail.Templates == nil {
		return nil
	}
	q := s.q.WithTx(tx)
	n, err := q.BookingMarkMailed(ctx, queries.BookingMarkMailedParams{ID: b.ID, Kind: kind})
	if err != nil || n == 0 {
		return err
	}
	u, err := q.UserGet(ctx, b.UserID)
	if err != nil {
		return err
	}
	to, name, trip := mail.Address{Name: u.FullName, Address: u.Email}, mailtmpl.Greeting(u.FullName, u.Email), tripOf(b)
	var msg outbox.Message
	switch kind {
	case outbox.KindBookingConfirmed:
		msg, err = s.mail.Templates.BookingConfirmed(to, name, trip)
	case outbox.KindTicketIssued:
		if msg, err = s.mail.Templates.TicketIssued(to, name, trip); err == nil {
			msg.Attachments, err = s.ticketDocuments(ctx, tx, b)
		}
	case outbox.KindBookingFailed:
		msg, err = s.mail.Templates.BookingFailed(to, name, trip, failureReason(b))
	case outbox.KindBookingPending:
		msg, err = s.mail.Templates.BookingPending(to, name, trip)
	default:
		return fmt.Errorf("flights: no message of kind %q", kind)
	}
	if err != nil {
		return err
	}
	_, err = s.mail.Queue.Enqueue(ctx, tx, msg)
	return err
}

// failureReason says in plain words why a booking failed.
func failureReason(b queries.Booking) string {
	switch b.Reason {
	case trip.ReasonNotReceived:
		return "the airline did not receive the request, so nothing was booked."
	case trip.ReasonTicketRefused:
		return "the airline could not issue the ticket."
	case trip.ReasonTicketRefunded:
		return "the airline could not issue the ticket, so your payment is being refunded in full."
	case trip.ReasonCancelled:
		return "you cancelled it, so any payment is being refunded in full."
	case trip.ReasonExpired:
		return "it was not paid in time, so the seats were released."
	}
	return "the airline refused the booking."
}

// paxTypeNames name passenger types in messages.
var paxTypeNames = map[int]string{supplier.PaxAdult: "adult", supplier.PaxChild: "child", supplier.PaxInfant: "infant"}

// tripOf is a booking as the trip messages show it: flights from its
// quote, passengers as booked, ticket numbers from the supplier's last
// answer.
func tripOf(b queries.Booking) mailtmpl.Trip {
	t := mailtmpl.Trip{ID: b.ID.String(), Reference: strings.ToUpper(b.ID.String()[:8]), PNR: derefOr(b.Pnr)}
	var quote struct {
		Response struct {
			Results struct {
				Segments [][]struct {
					Airline struct {
						AirlineCode, AirlineName string
						FlightNumber             json.RawMessage
					}
					Origin struct {
						Airport struct{ AirportCode, CityName string }
						DepTime string
					}
					Destination struct {
						Airport struct{ AirportCode, CityName string }
						ArrTime string
					}
				}
			}
		}
	}
	_ = json.Unmarshal(b.Quote, &quote)
	legs := quote.Response.Results.Segments
	for _, leg := range legs {
		for _, s := range leg {
			t.Flights = append(t.Flights, mailtmpl.TripFlight{
				Airline: firstNonEmpty(s.Airline.AirlineName, s.Airline.AirlineCode), Number: s.Airline.AirlineCode + " " + strings.Trim(string(s.Airline.FlightNumber), `"`),
				From: place(s.Origin.Airport.CityName, s.Origin.Airport.AirportCode), To: place(s.Destination.Airport.CityName, s.Destination.Airport.AirportCode),
				Depart: localTime(s.Origin.DepTime), Arrive: localTime(s.Destination.ArrTime),
			})
		}
	}
	arrow := " → "
	if len(legs) > 1 {
		arrow = " ⇄ "
	}
	t.Route = b.Origin + arrow + b.Destination
	var pax []supplier.Passenger
	_ = json.Unmarshal(b.Passengers, &pax)
	tickets := ticketNumbers(b.LastResponse)
	extras := linesOf(b)
	for i, p := range pax {
		tp := mailtmpl.TripPassenger{Name: strings.TrimSpace(p.Title + " " + p.FirstName + " " + p.LastName), Type: paxTypeNames[p.PaxType]}
		if b.Status == trip.Ticketed && i < len(tickets) {
			tp.Ticket = tickets[i]
		}
		for _, l := range extras {
			if l.Passenger == i {
				tp.Extras = append(tp.Extras, strings.TrimSuffix(l.item()+", "+l.route(), ", "))
			}
		}
		t.Passengers = append(t.Passengers, tp)
	}
	if b.Price != nil {
		// What the traveller pays: the fare and the extras bought with it.
		t.Total = mailtmpl.Money(b.Price.Add(b.ExtrasPrice), b.Currency)
	}
	return t
}

// ticketNumbers reads the tickets of a Book or Ticket answer's itinerary,
// in passenger order.
func ticketNumbers(doc []byte) []string {
	var d struct {
		Response struct {
			Response struct {
				FlightItinerary struct {
					Passenger []struct {
						Ticket *struct{ TicketNumber string }
					}
				}
			}
		}
	}
	_ = json.Unmarshal(doc, &d)
	var out []string
	for _, p := range d.Response.Response.FlightItinerary.Passenger {
		n := ""
		if p.Ticket != nil {
			n = p.Ticket.TicketNumber
		}
		out = append(out, n)
	}
	return out
}

func place(city, code string) string {
	if city == "" {
		return code
	}
	return city + " (" + code + ")"
}

// localTime writes a supplier's local airport time (2026-12-20T06:15:00)
// for people: "20 Dec 2026, 06:15".
func localTime(s string) string {
	t, err := time.Parse("2006-01-02T15:04:05", s)
	if err != nil {
		return s
	}
	return t.Format("2 Jan 2006, 15:04")
}
