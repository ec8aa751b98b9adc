package rzpsim

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// maxBody bounds request bodies; Razorpay's are a few hundred bytes.
const maxBody = 64 << 10

// apiHandler handles an authenticated API call: it returns the status and
// the body to write (an entity, or an *apiError).
type apiHandler func(w http.ResponseWriter, r *http.Request) (int, any)

// api authenticates a call, applies the fault in force for its group, and
// writes the handler's answer.
func (s *Sim) api(target faultTarget, h apiHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e := s.authenticate(r); e != nil {
			writeJSON(w, e.status, e)
			return
		}
		mode := s.takeFault(target)
		if mode == FaultError500 {
			e := serverError()
			writeJSON(w, e.status, e)
			return
		}
		status, body := h(w, r)
		if mode == FaultTimeout {
			s.hold(r.Context(), w)
			return
		}
		writeJSON(w, status, body)
	})
}

// authenticate checks the Basic credentials as Razorpay does: the scheme
// must be written "Basic" exactly.
func (s *Sim) authenticate(r *http.Request) *apiError {
	h := r.Header.Get("Authorization")
	if h == "" {
		return requestError(http.StatusUnauthorized, msgNoAPIKey)
	}
	user, pass, ok := r.BasicAuth()
	if !ok || !strings.HasPrefix(h, "Basic ") ||
		subtle.ConstantTimeCompare([]byte(user), []byte(s.opts.KeyID)) != 1 ||
		subtle.ConstantTimeCompare([]byte(pass), []byte(s.opts.KeySecret)) != 1 {
		return requestError(http.StatusUnauthorized, msgAuthFailed)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(serverError())
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// input is a request body: JSON (numbers kept as json.Number) or, as
// Razorpay also accepts, a form whose notes[key] fields make the notes.
type input map[string]any

func readInput(w http.ResponseWriter, r *http.Request) (input, *apiError) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, badRequest("", "The request body could not be read.")
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" {
		vals, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, badRequest("", "The request body is not a valid form.")
		}
		in := input{}
		notes := map[string]any{}
		for k, v := range vals {
			if key, ok := strings.CutPrefix(k, "notes["); ok && strings.HasSuffix(key, "]") {
				notes[strings.TrimSuffix(key, "]")] = v[0]
				continue
			}
			in[k] = v[0]
		}
		if len(notes) > 0 {
			in["notes"] = notes
		}
		return in, nil
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return input{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var in input
	if err := dec.Decode(&in); err != nil || dec.More() || in == nil {
		return nil, badRequest("", "The request body is not valid JSON.")
	}
	return in, nil
}

// onlyFields refuses fields not in allowed, in Razorpay's words.
func (in input) onlyFields(allowed ...string) *apiError {
	var extra []string
	for k := range in {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	slices.Sort(extra)
	return badRequest(extra[0], strings.Join(extra, ", ")+" is/are not required and should not be sent")
}

// amount reads an amount in paise of at least INR 1.00. present is false
// when the field is absent.
func (in input) amount() (v int64, present bool, e *apiError) {
	raw, ok := in["amount"]
	if !ok || raw == nil || raw == "" {
		return 0, false, nil
	}
	v, ok = integer(raw)
	if !ok {
		return 0, true, badRequest("amount", "The amount must be an integer.")
	}
	if v < 100 {
		return 0, true, badRequest("amount", msgMinAmount)
	}
	return v, true, nil
}

func integer(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// boolean reads true/false, 1/0 or their strings.
func boolean(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case json.Number:
		return x == "1", x == "1" || x == "0"
	case string:
		switch x {
		case "1", "true":
			return true, true
		case "0", "false":
			return false, true
		}
	}
	return false, false
}

// text reads an optional string field of at most max characters.
func (in input) text(field string, max int) (string, *apiError) {
	raw, ok := in[field]
	if !ok || raw == nil {
		return "", nil
	}
	v, ok := raw.(string)
	if !ok {
		return "", badRequest(field, "The "+field+" must be a string.")
	}
	if len([]rune(v)) > max {
		return "", badRequest(field, "The "+field+" may not be greater than "+strconv.Itoa(max)+" characters.")
	}
	return v, nil
}

// Limits on notes (Razorpay's documentation: 15 pairs of 256 characters).
const (
	maxNotes         = 15
	maxNoteKeyLength = 255
	maxNoteLength    = 256
)

func (in input) notes() (Notes, *apiError) {
	raw, ok := in["notes"]
	if !ok || raw == nil {
		return nil, nil
	}
	if arr, ok := raw.([]any); ok && len(arr) == 0 {
		return nil, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, badRequest("notes", "Notes should be provided as a dictionary")
	}
	if len(m) > maxNotes {
		return nil, badRequest("notes", "Number of fields in notes should be less than or equal to 15")
	}
	out := make(Notes, len(m))
	for k, v := range m {
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case json.Number:
			s = x.String()
		case bool:
			s = strconv.FormatBool(x)
		case nil:
		default:
			return nil, badRequest("notes", "Notes values themselves should not be an array")
		}
		if len([]rune(k)) > maxNoteKeyLength {
			return nil, badRequest("notes", "Notes key cannot be greater 255 characters")
		}
		if len([]rune(s)) > maxNoteLength {
			return nil, badRequest("notes", "Notes value cannot be greater 256 characters")
		}
		out[k] = s
	}
	return out, nil
}

// maxReceipt is the longest receipt Razorpay takes.
const maxReceipt = 40

func (s *Sim) createOrder(w http.ResponseWriter, r *http.Request) (int, any) {
	in, e := readInput(w, r)
	if e != nil {
		return e.status, e
	}
	if e := in.onlyFields("amount", "currency", "receipt", "notes", "payment_capture", "partial_payment"); e != nil {
		return e.status, e
	}
	amount, present, e := in.amount()
	if e == nil && !present {
		e = badRequest("amount", "The amount field is required.")
	}
	if e != nil {
		return e.status, e
	}
	switch cur, _ := in["currency"].(string); {
	case in["currency"] == nil || cur == "":
		e = badRequest("currency", "The currency field is required.")
	case cur != "INR":
		e = badRequest("currency", "Currency is not supported")
	}
	if e != nil {
		return e.status, e
	}
	receipt, e := in.text("receipt", maxReceipt)
	if e == nil && receipt == "" {
		// Razorpay takes orders without a receipt; the simulator insists,
		// because Paryatan always sends one and must keep doing so.
		e = badRequest("receipt", "The receipt field is required.")
	}
	if e != nil {
		return e.status, e
	}
	notes, e := in.notes()
	if e != nil {
		return e.status, e
	}
	autoCapture := true
	if v, ok := in["payment_capture"]; ok {
		if autoCapture, ok = boolean(v); !ok {
			e := badRequest("payment_capture", "The payment capture field must be true or false.")
			return e.status, e
		}
	}
	if v, ok := in["partial_payment"]; ok {
		if partial, ok := boolean(v); !ok || partial {
			e := badRequest("partial_payment", "Partial payments are not supported by the simulator.")
			return e.status, e
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.evictLocked()
	now := s.now()
	o := &order{
		Order: Order{ID: newID("order_"), Entity: "order", Amount: amount, AmountDue: amount, Currency: "INR",
			Receipt: ptr(receipt), Status: OrderCreated, Notes: notes, CreatedAt: now.Unix()},
		autoCapture: autoCapture,
		at:          now,
	}
	s.orders[o.ID] = o
	s.byAge = append(s.byAge, o)
	return http.StatusOK, o.Order
}

// lookupOrderLocked finds an order by a path id, or says why not as
// Razorpay does (HTTP 400 for a bad or unknown id alike).
func (s *Sim) lookupOrderLocked(id string) (*order, *apiError) {
	if !validID("order_", id) {
		return nil, badRequest("id", id+" is not a valid id")
	}
	o, ok := s.orders[id]
	if !ok {
		return nil, badRequest("", msgNoSuchID)
	}
	return o, nil
}

func (s *Sim) lookupPaymentLocked(id string) (*payment, *apiError) {
	if !validID("pay_", id) {
		return nil, badRequest("id", id+" is not a valid id")
	}
	p, ok := s.payments[id]
	if !ok {
		return nil, badRequest("", msgNoSuchID)
	}
	return p, nil
}

func (s *Sim) fetchOrder(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, e := s.lookupOrderLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	return http.StatusOK, o.Order
}

func (s *Sim) fetchOrderPayments(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, e := s.lookupOrderLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	items := make([]Payment, 0, len(o.payments))
	for i := len(o.payments) - 1; i >= 0; i-- {
		items = append(items, o.payments[i].Payment)
	}
	return http.StatusOK, collection(items)
}

func (s *Sim) fetchPayment(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, e := s.lookupPaymentLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	return http.StatusOK, p.Payment
}

func (s *Sim) fetchPaymentRefunds(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, e := s.lookupPaymentLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	items := make([]Refund, 0, len(p.refunds))
	for i := len(p.refunds) - 1; i >= 0; i-- {
		items = append(items, p.refunds[i].Refund)
	}
	return http.StatusOK, collection(items)
}

func (s *Sim) fetchPaymentRefund(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, e := s.lookupPaymentLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	id := r.PathValue("refund")
	for _, rf := range p.refunds {
		if rf.ID == id {
			return http.StatusOK, rf.Refund
		}
	}
	e = badRequest("", msgNoSuchID)
	return e.status, e
}

func (s *Sim) fetchRefund(_ http.ResponseWriter, r *http.Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.PathValue("id")
	if !validID("rfnd_", id) {
		e := badRequest("id", id+" is not a valid id")
		return e.status, e
	}
	rf, ok := s.refunds[id]
	if !ok {
		e := badRequest("", msgNoSuchID)
		return e.status, e
	}
	return http.StatusOK, rf.Refund
}

func (s *Sim) capturePayment(w http.ResponseWriter, r *http.Request) (int, any) {
	in, e := readInput(w, r)
	if e != nil {
		return e.status, e
	}
	if e := in.onlyFields("amount", "currency"); e != nil {
		return e.status, e
	}
	amount, present, e := in.amount()
	if e == nil && !present {
		e = badRequest("amount", "The amount field is required.")
	}
	if e != nil {
		return e.status, e
	}
	if cur, _ := in["currency"].(string); cur != "" && cur != "INR" {
		e := badRequest("currency", "Payment currency provided does not match with the currency in order")
		return e.status, e
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	p, e := s.lookupPaymentLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	switch {
	case p.Captured:
		e = badRequest("", "This payment has already been captured")
	case p.Status != PaymentAuthorized:
		e = badRequest("", "Only payments which have been authorized and not yet captured can be captured")
	case amount != p.Amount:
		e = badRequest("amount", "Capture amount must be equal to the amount authorized")
	case p.order.Status == OrderPaid:
		e = badRequest("", "Your payment has been declined as the order is already paid. Please initiate the payment with a new order.")
	}
	if e != nil {
		return e.status, e
	}
	var evs []eventSpec
	s.captureLocked(p, &evs)
	s.emitLocked(evs)
	return http.StatusOK, p.Payment
}

func (s *Sim) createRefund(w http.ResponseWriter, r *http.Request) (int, any) {
	in, e := readInput(w, r)
	if e != nil {
		return e.status, e
	}
	key := r.Header.Get("X-Refund-Idempotency")
	if e := checkIdempotencyKey(key); e != nil {
		return e.status, e
	}
	if e := in.onlyFields("amount", "speed", "notes", "receipt"); e != nil {
		return e.status, e
	}
	amount, present, e := in.amount()
	if e != nil {
		return e.status, e
	}
	speed := "normal"
	if v, ok := in["speed"]; ok {
		speed, _ = v.(string)
		if speed != "normal" && speed != "optimum" {
			e := badRequest("speed", "The selected speed is invalid.")
			return e.status, e
		}
	}
	receipt, e := in.text("receipt", maxReceipt)
	if e != nil {
		return e.status, e
	}
	notes, e := in.notes()
	if e != nil {
		return e.status, e
	}
	// The request as the idempotency check compares it: encoding/json
	// writes the keys of a map sorted.
	canonical, _ := json.Marshal(in)

	s.mu.Lock()
	defer s.mu.Unlock()
	p, e := s.lookupPaymentLocked(r.PathValue("id"))
	if e != nil {
		return e.status, e
	}
	request := p.ID + " " + string(canonical)
	if key != "" {
		if prior, ok := s.idem[key]; ok {
			if prior.request != request {
				e := requestError(http.StatusConflict, "Different request with the same idempotency key has already been processed.")
				return e.status, e
			}
			return http.StatusOK, prior.refund.Refund
		}
	}
	if receipt != "" {
		// The simulator's own duplicate guard: a second refund with the
		// same receipt on a payment is the first one again.
		for _, rf := range p.refunds {
			if rf.Receipt != nil && *rf.Receipt == receipt {
				return http.StatusOK, rf.Refund
			}
		}
	}
	rf, e := s.refundLocked(p, amount, present, speed, receipt, notes)
	if e != nil {
		return e.status, e
	}
	if key != "" {
		s.idem[key] = &idemEntry{request: request, refund: rf}
		p.idem = append(p.idem, key)
	}
	return http.StatusOK, rf.Refund
}

// checkIdempotencyKey applies Razorpay's rules to an X-Refund-Idempotency
// key: at least 10 characters, letters, digits, hyphens and underscores.
func checkIdempotencyKey(key string) *apiError {
	if key == "" {
		return nil
	}
	if len(key) < 10 {
		return requestError(http.StatusBadRequest, "The idempotency key must be at least 10 characters long.")
	}
	for _, c := range key {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '-' && c != '_' {
			return requestError(http.StatusBadRequest,
				"The idempotency key must only contain alphanumeric characters, underscores, and hyphens")
		}
	}
	return nil
}
