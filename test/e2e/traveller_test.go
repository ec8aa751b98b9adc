package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// traveller is one signed-in user of the API at base, as the web app calls
// it. Each request goes on a new connection, as from many browsers: a
// connection kept to a pod that has since gone would otherwise be reused.
type traveller struct {
	base string
	// forwardedFor is the client address the suite, standing in for the
	// ingress, reports in X-Forwarded-For.
	forwardedFor string
	http         *http.Client
	email        string
}

func newTraveller(base, forwardedFor string) *traveller {
	jar, _ := cookiejar.New(nil)
	return &traveller{base: base, forwardedFor: forwardedFor, http: &http.Client{
		Jar:       jar,
		Transport: &http.Transport{DisableKeepAlives: true},
		// The callback's redirect is read, not followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// answer is one HTTP exchange's end.
type answer struct {
	Status   int
	Header   http.Header
	Body     []byte
	Took     time.Duration
	Location string
}

func (a answer) String() string {
	b := bytes.TrimSpace(a.Body)
	if len(b) > 300 {
		b = append(b[:300:300], "…"...)
	}
	return fmt.Sprintf("HTTP %d after %s: %s", a.Status, a.Took.Round(time.Millisecond), b)
}

// request is one call: a JSON body (or a form), an optional Idempotency-Key.
type request struct {
	Method string
	Path   string
	Key    string
	JSON   any
	Form   url.Values
}

func (c *traveller) do(ctx context.Context, r request) (answer, error) {
	var body io.Reader
	ctype := ""
	switch {
	case r.Form != nil:
		body, ctype = strings.NewReader(r.Form.Encode()), "application/x-www-form-urlencoded"
	case r.JSON != nil:
		b, err := json.Marshal(r.JSON)
		if err != nil {
			return answer{}, err
		}
		body, ctype = bytes.NewReader(b), "application/json"
	}
	method := r.Method
	if method == "" {
		method = http.MethodPost
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+r.Path, body)
	if err != nil {
		return answer{}, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if r.Form != nil {
		// The gateway's checkout page returning the traveller: a form post
		// from its own site.
		req.Header.Set("Origin", "https://api.razorpay.com")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
	}
	if r.Key != "" {
		req.Header.Set("Idempotency-Key", r.Key)
	}
	if c.forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", c.forwardedFor)
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		return answer{Took: time.Since(start)}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	a := answer{Status: res.StatusCode, Header: res.Header, Body: b, Took: time.Since(start), Location: res.Header.Get("Location")}
	return a, err
}

// expect sends r and decodes the answer into out when its status is want.
func (c *traveller) expect(ctx context.Context, r request, want int, out any) (answer, error) {
	if r.Method == "" {
		r.Method = http.MethodPost
	}
	a, err := c.do(ctx, r)
	if err != nil {
		return a, fmt.Errorf("%s %s: %w", r.Method, r.Path, err)
	}
	if a.Status != want {
		return a, fmt.Errorf("%s %s: want HTTP %d, got %s", r.Method, r.Path, want, a)
	}
	if out != nil {
		if err := json.Unmarshal(a.Body, out); err != nil {
			return a, fmt.Errorf("%s %s: %w in %s", r.Method, r.Path, err, a)
		}
	}
	return a, nil
}

const password = "correct horse 42"

func (c *traveller) register(ctx context.Context, email string) error {
	c.email = email
	_, err := c.expect(ctx, request{Path: "/api/auth/register", JSON: map[string]string{
		"fullName": "Asha Verma", "email": email, "password": password}}, http.StatusCreated, nil)
	return err
}

func (c *traveller) login(ctx context.Context, email string) error {
	c.email = email
	_, err := c.expect(ctx, request{Path: "/api/auth/login", JSON: map[string]string{
		"email": email, "password": password}}, http.StatusOK, nil)
	return err
}

// search finds a one-way economy fare for one adult tomorrow and returns
// the search's TraceId and the first result from the source asked for.
func (c *traveller) search(ctx context.Context, from, to string, lcc bool) (trace, index string, err error) {
	source := "GDS"
	if lcc {
		source = "LCC"
	}
	var s struct {
		Data struct {
			Response struct {
				TraceId string
				Results [][]struct {
					ResultIndex string
					IsLCC       bool
				}
			}
		} `json:"data"`
	}
	_, err = c.expect(ctx, request{Path: "/api/v1/flights/tbo/search", JSON: map[string]any{
		"origin": from, "destination": to, "departDate": time.Now().Add(30 * time.Hour).Format(time.DateOnly),
		"cabinClass": 2, "adults": 1, "sources": []string{source},
	}}, http.StatusOK, &s)
	if err != nil {
		return "", "", err
	}
	if res := s.Data.Response.Results; len(res) > 0 {
		for _, x := range res[0] {
			if x.IsLCC == lcc {
				return s.Data.Response.TraceId, x.ResultIndex, nil
			}
		}
	}
	return "", "", fmt.Errorf("search %s-%s: no %s result", from, to, source)
}

func (c *traveller) fareQuote(ctx context.Context, trace, index string) error {
	_, err := c.expect(ctx, request{Path: "/api/v1/flights/tbo/fare-quote", JSON: map[string]string{
		"traceId": trace, "resultIndex": index}}, http.StatusOK, nil)
	return err
}

// booking is the part of a booking the suite reads.
type booking struct {
	ID        string `json:"_id"`
	Status    string `json:"status"`
	PNR       string `json:"pnr"`
	BookingID int64  `json:"bookingId"`
	TraceID   string `json:"traceId"`
}

// bookRequest is the keyed book call of a GDS result for one adult.
func bookRequest(key, trace, index string) request {
	return request{Path: "/api/v1/flights/tbo/book", Key: key, JSON: map[string]any{
		"traceId": trace, "resultIndex": index, "isLCC": false,
		"contact": map[string]string{"Email": "asha@example.in", "Mobile": "9876543210"},
		"address": map[string]string{"AddressLine1": "12 MG Road", "City": "Pune", "CountryCode": "IN"},
		"passengers": []map[string]any{{
			"Title": "Ms", "FirstName": "Asha", "LastName": "Verma", "PaxType": 1, "DateOfBirth": "1990-02-14",
			"Gender": 2, "ContactNo": "9876543210", "Email": "asha@example.in",
		}},
	}}
}

// book books a GDS result: the PNR holds the seats until it is paid.
func (c *traveller) book(ctx context.Context, key, trace, index string) (booking, error) {
	var out struct {
		Booking booking `json:"booking"`
	}
	if _, err := c.expect(ctx, bookRequest(key, trace, index), http.StatusOK, &out); err != nil {
		return out.Booking, err
	}
	if out.Booking.Status != "booked" || out.Booking.PNR == "" {
		return out.Booking, fmt.Errorf("book: booking %+v, want booked with a PNR", out.Booking)
	}
	return out.Booking, nil
}

// pay opens the booking's gateway order, pays it by UPI on the gateway
// simulator's checkout (its controls stand in for the browser), and posts
// the signed fields to the callback as the checkout page does; it returns
// where the callback sends the traveller.
func (c *traveller) pay(ctx context.Context, gateway, id string) (string, error) {
	var o struct {
		Payment struct {
			OrderID string `json:"orderId"`
		} `json:"payment"`
	}
	if _, err := c.expect(ctx, request{Path: "/api/v1/me/bookings/" + url.PathEscape(id) + "/payment"}, http.StatusOK, &o); err != nil {
		return "", err
	}
	gw := &traveller{base: gateway, http: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}}
	var paid rzpsim.PayResult
	if _, err := gw.expect(ctx, request{Path: rzpsim.AdminPrefix + "orders/" + url.PathEscape(o.Payment.OrderID) + "/pay",
		JSON: rzpsim.PayRequest{Method: "upi", Outcome: "success"}}, http.StatusOK, &paid); err != nil {
		return "", err
	}
	form := url.Values{}
	for k, v := range paid.Fields {
		form.Set(k, v)
	}
	a, err := c.expect(ctx, request{Path: "/api/v1/payments/razorpay/callback", Form: form}, http.StatusSeeOther, nil)
	return a.Location, err
}

func (c *traveller) booking(ctx context.Context, id string) (booking, error) {
	var out struct {
		Booking booking `json:"booking"`
	}
	_, err := c.expect(ctx, request{Method: http.MethodGet, Path: "/api/v1/me/bookings/" + url.PathEscape(id)}, http.StatusOK, &out)
	return out.Booking, err
}

// trips is My Trips: every booking of the traveller.
func (c *traveller) trips(ctx context.Context) ([]booking, error) {
	var out struct {
		Items []booking `json:"items"`
	}
	_, err := c.expect(ctx, request{Method: http.MethodGet, Path: "/api/v1/me/bookings"}, http.StatusOK, &out)
	return out.Items, err
}

// waitStatus polls the booking until it reaches status.
func (c *traveller) waitStatus(ctx context.Context, id, status string, timeout time.Duration) (booking, error) {
	var b booking
	err := eventually(ctx, timeout, time.Second, func() error {
		var err error
		if b, err = c.booking(ctx, id); err != nil {
			return err
		}
		if b.Status != status {
			return fmt.Errorf("booking %s is %s, want %s", id, b.Status, status)
		}
		return nil
	})
	return b, err
}

// supplierControl is the supplier simulator's own control surface.
type supplierControl struct{ c *traveller }

func newSupplierControl(base string) supplierControl {
	return supplierControl{c: &traveller{base: base, http: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}}}
}

func (s supplierControl) setFaults(ctx context.Context, f map[string]sim.Fault) error {
	_, err := s.c.expect(ctx, request{Method: http.MethodPut, Path: sim.AdminPrefix + "faults", JSON: f}, http.StatusOK, nil)
	return err
}

func (s supplierControl) clearFaults(ctx context.Context) error {
	a, err := s.c.do(ctx, request{Method: http.MethodDelete, Path: sim.AdminPrefix + "faults"})
	if err == nil && a.Status >= 300 {
		err = fmt.Errorf("clear faults: %s", a)
	}
	return err
}

func (s supplierControl) bookings(ctx context.Context) ([]sim.BookingInfo, error) {
	var out sim.BookingList
	_, err := s.c.expect(ctx, request{Method: http.MethodGet, Path: sim.AdminPrefix + "bookings"}, http.StatusOK, &out)
	return out.Bookings, err
}
