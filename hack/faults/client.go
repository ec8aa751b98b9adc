package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"
)

// Client deadlines: a replay must answer within replayTimeout or it counts
// as hanging; a first request may take the supplier's time.
const (
	replayTimeout = 10 * time.Second
	firstTimeout  = 30 * time.Second
)

// replayBudget is how long a replay may take before the case fails: 5 s, the
// target the soak (make bench) measures on a machine doing nothing else.
// The brief run inside make test shares two cores with every other test
// package, so it asks only that replays answer (replayTimeout) and reports
// the slowest.
var replayBudget = 5 * time.Second

// User is a signed-in traveller: one cookie jar, valid on every replica.
type User struct {
	http *http.Client
	// gateway posts as the payment gateway's checkout page does: from its
	// site, without the traveller's cookies, redirects not followed.
	gateway *http.Client
}

// Register creates an account on the API at base and keeps its session.
func Register(ctx context.Context, base, email string) (*User, error) {
	jar, _ := cookiejar.New(nil)
	u := &User{http: &http.Client{Jar: jar, Transport: &http.Transport{
		// A fresh connection per request: after a replica restarts, no
		// request is lost on a pooled connection to the dead one.
		DisableKeepAlives: true,
	}}, gateway: &http.Client{
		Transport:     &http.Transport{DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	a := u.post(ctx, base, "/api/auth/register", "", map[string]string{"fullName": "Fault Drill", "email": email, "password": "password1"}, firstTimeout)
	if a.Err != nil || a.Status != http.StatusCreated {
		return nil, fmt.Errorf("register: %s", a)
	}
	return u, nil
}

// Answer is the end of one HTTP exchange.
type Answer struct {
	Status int
	Body   []byte
	Took   time.Duration
	// Err is a transport failure: refused, reset, or no answer in time.
	Err error
	// TimedOut: no answer within the client's deadline.
	TimedOut bool
	// Location is a redirect's target (the callback's).
	Location string
}

func (a Answer) String() string {
	if a.Err != nil {
		return fmt.Sprintf("no answer after %s: %v", a.Took.Round(time.Millisecond), a.Err)
	}
	body := bytes.TrimSpace(a.Body)
	if len(body) > 300 {
		body = append(body[:300:300], "…"...)
	}
	if a.Location != "" {
		return fmt.Sprintf("HTTP %d after %s to %s", a.Status, a.Took.Round(time.Millisecond), a.Location)
	}
	return fmt.Sprintf("HTTP %d after %s: %s", a.Status, a.Took.Round(time.Millisecond), body)
}

// Outcome is the part of a book or ticket answer (or of GET
// /me/bookings/{id}) the suite reads.
type Outcome struct {
	OK      bool   `json:"ok"`
	Pending bool   `json:"pending"`
	Message string `json:"message"`
	Booking struct {
		// ID is our booking's id, which its payment names.
		ID        string `json:"_id"`
		Status    string `json:"status"`
		PNR       string `json:"pnr"`
		BookingID int64  `json:"bookingId"`
	} `json:"booking"`
}

// Outcome decodes a book or ticket answer.
func (a Answer) Outcome() Outcome {
	var o Outcome
	_ = json.Unmarshal(a.Body, &o)
	return o
}

func (u *User) post(ctx context.Context, base, path, key string, body any, timeout time.Duration) Answer {
	b, err := json.Marshal(body)
	if err != nil {
		return Answer{Err: err}
	}
	return u.send(ctx, base, &Call{Path: path, Key: key, Body: b}, timeout)
}

func (u *User) send(ctx context.Context, base string, c *Call, timeout time.Duration) Answer {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	method := c.Method
	if method == "" {
		method = http.MethodPost
	}
	var body io.Reader
	if c.Body != nil {
		body = bytes.NewReader(c.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+c.Path, body)
	if err != nil {
		return Answer{Err: err}
	}
	client := u.http
	switch {
	case c.Form:
		client = u.gateway
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", gatewayOrigin)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
	case c.Body != nil:
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Key != "" {
		req.Header.Set("Idempotency-Key", c.Key)
	}
	res, err := client.Do(req)
	if err == nil {
		var b []byte
		b, err = io.ReadAll(res.Body)
		res.Body.Close()
		if err == nil {
			return Answer{Status: res.StatusCode, Body: b, Took: time.Since(start), Location: res.Header.Get("Location")}
		}
	}
	return Answer{Err: err, Took: time.Since(start), TimedOut: errors.Is(ctx.Err(), context.DeadlineExceeded)}
}

// gatewayOrigin is where the payment gateway's checkout page posts from.
const gatewayOrigin = "https://api.razorpay.com"

// Call is a request sent again as is to replay it: a keyed book or ticket
// request, the gateway's return to the callback, or a look at a booking.
type Call struct {
	// Method is POST when empty.
	Method string
	Path   string
	Key    string
	Body   []byte
	// Form marks the gateway's checkout page returning the traveller: a
	// form post from another site, with no session.
	Form bool
	// hung is set once a replay of the call got no answer in time.
	hung atomic.Bool
}

// Do sends c to the replica at base. timeout bounds the wait for an answer.
func (u *User) Do(ctx context.Context, base string, c *Call, timeout time.Duration) Answer {
	return u.send(ctx, base, c, timeout)
}

// OpenOrder asks the API at base for the gateway order that pays our
// booking id, as the fare page does before the checkout, and returns the
// order's id.
func (u *User) OpenOrder(ctx context.Context, base, id string) (string, error) {
	a := u.send(ctx, base, &Call{Path: "/api/v1/me/bookings/" + url.PathEscape(id) + "/payment"}, firstTimeout)
	if a.Err != nil || a.Status != http.StatusOK {
		return "", fmt.Errorf("open the order of booking %s: %s", id, a)
	}
	var o struct {
		Payment struct {
			OrderID string `json:"orderId"`
		} `json:"payment"`
	}
	if err := json.Unmarshal(a.Body, &o); err != nil || o.Payment.OrderID == "" {
		return "", fmt.Errorf("open the order of booking %s: no order id in %s", id, a)
	}
	return o.Payment.OrderID, nil
}

// Routes the bookings are spread over, all domestic (no passports).
var routes = [][2]string{{"BOM", "DEL"}, {"DEL", "BLR"}, {"BLR", "BOM"}, {"DEL", "CCU"}, {"MAA", "DEL"}, {"HYD", "BOM"}}

// Search makes a fresh search (its own TraceId) on route i and returns the
// first result of the kind asked for, for one adult.
func (u *User) Search(ctx context.Context, base string, i int, lcc bool) (trace, index string, err error) {
	return u.SearchFare(ctx, base, i, Fare{LCC: lcc, Adults: 1})
}

// Fare is the kind of result a search looks for.
type Fare struct {
	// LCC: a low-cost fare; else a full-service (GDS) one.
	LCC bool
	// Adults travel on it (1 when 0).
	Adults int
	// Refundable: one the airline cancels for a refund (the cancellation
	// cases'); a non-refundable fare's cancellation is refused.
	Refundable bool
}

// SearchFare makes a fresh search (its own TraceId) on route i, and on the
// routes after it while none has such a result, and returns the first
// result of the kind asked for.
func (u *User) SearchFare(ctx context.Context, base string, i int, f Fare) (trace, index string, err error) {
	source := "GDS"
	if f.LCC {
		source = "LCC"
	}
	for try := range len(routes) {
		r := routes[(i+try)%len(routes)]
		a := u.post(ctx, base, "/api/v1/flights/tbo/search", "", map[string]any{
			"origin": r[0], "destination": r[1], "departDate": time.Now().Add(30 * time.Hour).Format(time.DateOnly),
			"cabinClass": 2, "adults": max(f.Adults, 1), "sources": []string{source},
		}, firstTimeout)
		if a.Err != nil || a.Status != http.StatusOK {
			return "", "", fmt.Errorf("search: %s", a)
		}
		var s struct {
			Data struct {
				Response struct {
					TraceId string
					Results [][]struct {
						ResultIndex  string
						IsLCC        bool
						IsRefundable bool
					}
				}
			} `json:"data"`
		}
		if err := json.Unmarshal(a.Body, &s); err != nil {
			return "", "", fmt.Errorf("search: %w", err)
		}
		if res := s.Data.Response.Results; len(res) > 0 {
			for _, x := range res[0] {
				if x.IsLCC == f.LCC && (x.IsRefundable || !f.Refundable) {
					return s.Data.Response.TraceId, x.ResultIndex, nil
				}
			}
		}
		if !f.Refundable {
			return "", "", fmt.Errorf("search %s-%s: no %s result", r[0], r[1], source)
		}
	}
	return "", "", fmt.Errorf("search: no refundable %s result on any route", source)
}

// bookBody is a valid book body (and, with isLCC and an agent reference, an
// LCC ticket body) for one adult.
func bookBody(trace, index string, lcc bool) map[string]any {
	return bookBodyFor(trace, index, lcc, 1)
}

// travellers are the adults a booking names, in order: one for most
// bookings, two for those a cancellation case cancels in part.
var travellers = []map[string]any{
	{"Title": "Mr", "FirstName": "Ravi", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1988-05-04",
		"Gender": 1, "ContactNo": "9876543210", "Email": "drill@example.in"},
	{"Title": "Ms", "FirstName": "Meera", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1990-11-21",
		"Gender": 2, "ContactNo": "9876543210", "Email": "drill@example.in"},
}

// bookBodyFor is bookBody for adults adults (at most len(travellers)).
func bookBodyFor(trace, index string, lcc bool, adults int) map[string]any {
	return map[string]any{
		"traceId": trace, "resultIndex": index, "isLCC": lcc,
		"contact":    map[string]string{"Email": "drill@example.in", "Mobile": "9876543210"},
		"address":    map[string]string{"AddressLine1": "12 MG Road", "City": "Pune", "CountryCode": "IN"},
		"passengers": travellers[:min(max(adults, 1), len(travellers))],
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// BookCall is the keyed book request of a result.
func BookCall(key, trace, index string, lcc bool) *Call {
	return BookCallFor(key, trace, index, lcc, 1)
}

// BookCallFor is BookCall for adults adults.
func BookCallFor(key, trace, index string, lcc bool, adults int) *Call {
	return &Call{Path: "/api/v1/flights/tbo/book", Key: key, Body: mustJSON(bookBodyFor(trace, index, lcc, adults))}
}

// TicketGDSCall is the keyed ticket request of a booked GDS booking.
func TicketGDSCall(key, trace string, bookingID int64, pnr string) *Call {
	return &Call{Path: "/api/v1/flights/tbo/ticket", Key: key,
		Body: mustJSON(map[string]any{"bookingId": bookingID, "pnr": pnr, "traceId": trace})}
}

// CallbackCall is the gateway's checkout page returning the traveller
// after a payment: the signed fields, posted to the callback.
func CallbackCall(fields map[string]string) *Call {
	form := url.Values{}
	for k, v := range fields {
		form.Set(k, v)
	}
	return &Call{Path: "/api/v1/payments/razorpay/callback", Body: []byte(form.Encode()), Form: true}
}

// BookingCall is a look at our booking id (GET /api/v1/me/bookings/{id}).
func BookingCall(id string) *Call {
	return &Call{Method: http.MethodGet, Path: "/api/v1/me/bookings/" + url.PathEscape(id)}
}

// TicketLCCCall is the keyed ticket request that books and tickets an LCC
// result (recorded as quoted by its book request, and paid) at once.
func TicketLCCCall(key, trace, index string) *Call {
	return &Call{Path: "/api/v1/flights/tbo/ticket", Key: key, Body: mustJSON(bookBody(trace, index, true))}
}

// View is a look at a ticketed booking (GET /api/v1/me/bookings/{id}) as
// the cancellation cases read it: its tickets and its cancellations.
type View struct {
	Booking struct {
		ID     string `json:"_id"`
		Status string `json:"status"`
	} `json:"booking"`
	Tickets []struct {
		TicketID int64 `json:"ticketId"`
		// State is ticketed, cancelling or cancelled.
		State string `json:"state"`
	} `json:"tickets"`
	Cancellations []struct {
		ID           string           `json:"_id"`
		Status       string           `json:"status"`
		QuotedRefund decimal.Decimal  `json:"quotedRefund"`
		RefundDue    *decimal.Decimal `json:"refundDue"`
	} `json:"cancellations"`
}

// Look reads our booking id at base.
func (u *User) Look(ctx context.Context, base, id string) (View, error) {
	var v View
	a := u.send(ctx, base, BookingCall(id), firstTimeout)
	if a.Err != nil || a.Status != http.StatusOK {
		return v, fmt.Errorf("look at booking %s: %s", id, a)
	}
	if err := json.Unmarshal(a.Body, &v); err != nil {
		return v, fmt.Errorf("look at booking %s: %w", id, err)
	}
	return v, nil
}

// ticketList is the tickets query parameter: ids separated by commas.
func ticketList(tickets []int64) string {
	s := make([]string, len(tickets))
	for i, t := range tickets {
		s[i] = strconv.FormatInt(t, 10)
	}
	return strings.Join(s, ",")
}

// CancellationRefund asks the API at base what cancelling tickets of our
// booking id (none: all) would refund, as the booking page does before
// the traveller confirms.
func (u *User) CancellationRefund(ctx context.Context, base, id string, tickets []int64) (decimal.Decimal, error) {
	path := "/api/v1/me/bookings/" + url.PathEscape(id) + "/cancellation-charges"
	if len(tickets) > 0 {
		path += "?tickets=" + url.QueryEscape(ticketList(tickets))
	}
	a := u.send(ctx, base, &Call{Method: http.MethodGet, Path: path}, firstTimeout)
	var q struct {
		Quote struct {
			Refund *decimal.Decimal `json:"refund"`
		} `json:"quote"`
	}
	if a.Err != nil || a.Status != http.StatusOK || json.Unmarshal(a.Body, &q) != nil || q.Quote.Refund == nil {
		return decimal.Decimal{}, fmt.Errorf("cancellation charges of booking %s: %s", id, a)
	}
	return *q.Quote.Refund, nil
}

// Cancel confirms the cancellation of tickets of our booking id (none:
// all) at the refund the traveller was shown, and returns the
// cancellation's id (202: its job sends it to the airline).
func (u *User) Cancel(ctx context.Context, base, id string, tickets []int64, refund decimal.Decimal) (string, error) {
	body := map[string]any{"refund": refund.String()}
	if len(tickets) > 0 {
		body["tickets"] = tickets
	}
	a := u.post(ctx, base, "/api/v1/me/bookings/"+url.PathEscape(id)+"/cancellations", "", body, firstTimeout)
	var c struct {
		Cancellation struct {
			ID string `json:"_id"`
		} `json:"cancellation"`
	}
	if a.Err != nil || a.Status != http.StatusAccepted || json.Unmarshal(a.Body, &c) != nil || c.Cancellation.ID == "" {
		return "", fmt.Errorf("cancel booking %s: %s", id, a)
	}
	return c.Cancellation.ID, nil
}
