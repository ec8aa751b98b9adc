package rzpsim

import (
	"encoding/json"
	"errors"
	"net/http"
)

// The controls under AdminPrefix:
//
//	GET    /_sim/webhook                 the webhook settings (WebhookSettings)
//	PUT    /_sim/webhook                 change them; fields left out keep their value
//	GET    /_sim/deliveries              the delivery log ({"deliveries": [Delivery…]})
//	DELETE /_sim/deliveries              empty it
//	GET    /_sim/faults                  the faults in force (Faults)
//	PUT    /_sim/faults                  replace them: {"orders": "error500:1", "refunds": "timeout"}
//	DELETE /_sim/faults                  clear them
//	GET    /_sim/orders                  every order with its payments and refunds ({"orders": [OrderRecord…]})
//	POST   /_sim/orders/{id}/pay         pay without the browser: a PayRequest; answers PayResult
//	POST   /_sim/payments/{id}/complete  finish a pending payment now, successfully
//	POST   /_sim/payments/{id}/fail      fail a pending payment now

// OrderRecord is an order with everything made on it, oldest first.
type OrderRecord struct {
	Order    Order     `json:"order"`
	Payments []Payment `json:"payments"`
	Refunds  []Refund  `json:"refunds"`
}

// Orders returns every order held, oldest first, with its payments and
// refunds.
func (s *Sim) Orders() []OrderRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]OrderRecord, 0, len(s.byAge))
	for _, o := range s.byAge {
		rec := OrderRecord{Order: o.Order, Payments: []Payment{}, Refunds: []Refund{}}
		for _, p := range o.payments {
			rec.Payments = append(rec.Payments, p.Payment)
			for _, rf := range p.refunds {
				rec.Refunds = append(rec.Refunds, rf.Refund)
			}
		}
		out = append(out, rec)
	}
	return out
}

// PayResult is the answer of POST /_sim/orders/{id}/pay: the payment made
// and the fields the checkout would post to the callback (empty while the
// payment is pending).
type PayResult struct {
	PaymentID string            `json:"payment_id"`
	OrderID   string            `json:"order_id"`
	Status    string            `json:"status"`
	Fields    map[string]string `json:"fields"`
}

type adminError struct {
	Error string `json:"error"`
}

func adminFail(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, adminError{Error: err.Error()})
}

func (s *Sim) adminGetWebhook(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Webhook())
}

func (s *Sim) adminPutWebhook(w http.ResponseWriter, r *http.Request) {
	var in struct {
		URL        *string `json:"url"`
		Secret     *string `json:"secret"`
		Duplicates *int    `json:"duplicates"`
		Reorder    *bool   `json:"reorder"`
		Paused     *bool   `json:"paused"`
		Hold       *bool   `json:"hold"`
	}
	if err := decodeAdmin(w, r, &in); err != nil {
		adminFail(w, http.StatusBadRequest, err)
		return
	}
	ws := s.Webhook()
	set(&ws.URL, in.URL)
	set(&ws.Secret, in.Secret)
	set(&ws.Duplicates, in.Duplicates)
	set(&ws.Reorder, in.Reorder)
	set(&ws.Paused, in.Paused)
	set(&ws.Hold, in.Hold)
	if err := s.SetWebhook(ws); err != nil {
		adminFail(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, s.Webhook())
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func (s *Sim) adminGetDeliveries(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Deliveries []Delivery `json:"deliveries"`
	}{append([]Delivery{}, s.Deliveries()...)})
}

func (s *Sim) adminDeleteDeliveries(w http.ResponseWriter, _ *http.Request) {
	s.ClearDeliveries()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Sim) adminGetFaults(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Faults())
}

func (s *Sim) adminPutFaults(w http.ResponseWriter, r *http.Request) {
	var f Faults
	if err := decodeAdmin(w, r, &f); err != nil {
		adminFail(w, http.StatusBadRequest, err)
		return
	}
	if err := s.SetFaults(f); err != nil {
		adminFail(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, s.Faults())
}

func (s *Sim) adminDeleteFaults(w http.ResponseWriter, _ *http.Request) {
	_ = s.SetFaults(Faults{})
	writeJSON(w, http.StatusOK, s.Faults())
}

func (s *Sim) adminGetOrders(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Orders []OrderRecord `json:"orders"`
	}{s.Orders()})
}

func (s *Sim) adminPay(w http.ResponseWriter, r *http.Request) {
	var req PayRequest
	if err := decodeAdmin(w, r, &req); err != nil {
		adminFail(w, http.StatusBadRequest, err)
		return
	}
	c, err := s.PayWith(r.PathValue("id"), req)
	if err != nil {
		adminFail(w, adminStatus(err), err)
		return
	}
	fields := map[string]string{}
	for k, v := range c.Form() {
		fields[k] = v[0]
	}
	writeJSON(w, http.StatusOK, PayResult{PaymentID: c.PaymentID, OrderID: c.OrderID, Status: c.Status, Fields: fields})
}

func (s *Sim) adminComplete(w http.ResponseWriter, r *http.Request) {
	s.adminFinish(w, r, s.CompletePayment)
}

func (s *Sim) adminFail(w http.ResponseWriter, r *http.Request) {
	s.adminFinish(w, r, s.FailPayment)
}

func (s *Sim) adminFinish(w http.ResponseWriter, r *http.Request, finish func(string) error) {
	id := r.PathValue("id")
	if err := finish(id); err != nil {
		adminFail(w, adminStatus(err), err)
		return
	}
	s.mu.Lock()
	p, ok := s.payments[id]
	var snapshot Payment
	if ok {
		snapshot = p.Payment
	}
	s.mu.Unlock()
	if !ok {
		adminFail(w, http.StatusNotFound, ErrNoSuchPayment)
		return
	}
	writeJSON(w, http.StatusOK, snapshot)
}

// adminStatus maps the errors of Pay and its kin to HTTP statuses.
func adminStatus(err error) int {
	var ie *inputError
	switch {
	case errors.Is(err, ErrNoSuchOrder), errors.Is(err, ErrNoSuchPayment):
		return http.StatusNotFound
	case errors.Is(err, ErrOrderPaid), errors.Is(err, ErrNotPending):
		return http.StatusConflict
	case errors.As(err, &ie):
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}

// decodeAdmin reads a control's JSON body, refusing unknown fields.
func decodeAdmin(w http.ResponseWriter, r *http.Request, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return errors.New("request body: " + err.Error())
	}
	return nil
}
