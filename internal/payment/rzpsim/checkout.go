package rzpsim

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// session is one opening of the hosted checkout: what the merchant's form
// posted, and the payments tried from it.
type session struct {
	id                     string
	at                     time.Time
	orderID                string
	merchant, description  string
	name, email, contact   string
	callbackURL, cancelURL string
	notes                  Notes
	payments               []string
}

// checkoutPath is where the merchant's page posts its form, as on
// api.razorpay.com.
const checkoutPath = "/v1/checkout/embedded"

// checkoutStart answers the merchant's form post with the payment page.
func (s *Sim) checkoutStart(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, "The checkout form could not be read.")
		return
	}
	f := r.PostForm
	sess := &session{
		id: randomString(base62, 24), orderID: f.Get("order_id"),
		merchant: strings.TrimSpace(f.Get("name")), description: strings.TrimSpace(f.Get("description")),
		name: f.Get("prefill[name]"), email: f.Get("prefill[email]"), contact: f.Get("prefill[contact]"),
		callbackURL: f.Get("callback_url"), cancelURL: f.Get("cancel_url"),
	}
	for k, v := range f {
		if key, ok := strings.CutPrefix(k, "notes["); ok && strings.HasSuffix(key, "]") {
			if sess.notes == nil {
				sess.notes = Notes{}
			}
			sess.notes[strings.TrimSuffix(key, "]")] = v[0]
		}
	}
	switch {
	case f.Get("key_id") == "":
		s.errorPage(w, "No key_id was sent: the merchant's form must carry its API key id.")
		return
	case f.Get("key_id") != s.opts.KeyID:
		s.errorPage(w, "The api key provided is invalid")
		return
	case sess.orderID == "":
		s.errorPage(w, "No order_id was sent: the merchant's form must name the order to pay.")
		return
	case sess.callbackURL == "":
		s.errorPage(w, "No callback_url was sent: the checkout would have nowhere to return.")
		return
	case checkAbsoluteURL(sess.callbackURL) != nil:
		s.errorPage(w, "The callback_url must be an absolute http or https URL.")
		return
	case sess.cancelURL != "" && checkAbsoluteURL(sess.cancelURL) != nil:
		s.errorPage(w, "The cancel_url must be an absolute http or https URL.")
		return
	case len(sess.notes) > maxNotes:
		s.errorPage(w, "Number of fields in notes should be less than or equal to 15")
		return
	}
	if sess.merchant == "" {
		sess.merchant = "Merchant"
	}

	s.mu.Lock()
	o, ok := s.orders[sess.orderID]
	switch {
	case !ok:
		s.mu.Unlock()
		s.errorPage(w, msgNoSuchID)
		return
	case o.settledLocked(nil):
		s.mu.Unlock()
		s.errorPage(w, msgOrderPaid)
		return
	}
	amount := o.Amount
	s.evictLocked()
	sess.at = s.now()
	s.sessions[sess.id] = sess
	s.sessAge = append(s.sessAge, sess)
	s.mu.Unlock()

	s.checkoutPage(w, http.StatusOK, sess, amount, formState{Method: MethodUPI, Outcome: OutcomeSuccess,
		VPA: defaultVPA, CardNumber: defaultCard, Bank: banks[0].Code, Wallet: wallets[0].Code}, nil)
}

// checkoutPay makes the payment the tester chose and sends the browser on
// to its result.
func (s *Sim) checkoutPay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, "The payment form could not be read.")
		return
	}
	f := r.PostForm
	s.mu.Lock()
	sess, ok := s.sessions[f.Get("session")]
	s.mu.Unlock()
	if !ok {
		s.errorPage(w, "This checkout has expired. Start the payment again from the merchant's site.")
		return
	}
	state := formState{Method: f.Get("method"), Outcome: f.Get("outcome"), VPA: f.Get("vpa"),
		CardNumber: f.Get("card_number"), Bank: f.Get("bank"), Wallet: f.Get("wallet")}
	d, err := PayRequest{Method: state.Method, Outcome: state.Outcome, VPA: state.VPA, CardNumber: state.CardNumber,
		Bank: state.Bank, Wallet: state.Wallet, Email: sess.email, Contact: sess.contact,
		Description: sess.description, Notes: sess.notes}.check()
	if err != nil {
		var ie *inputError
		if !errors.As(err, &ie) {
			ie = &inputError{msg: err.Error()}
		}
		s.mu.Lock()
		o, ok := s.orders[sess.orderID]
		var amount int64
		if ok {
			amount = o.Amount
		}
		s.mu.Unlock()
		if !ok {
			s.errorPage(w, msgNoSuchID)
			return
		}
		// Fields the browser did not send show their defaults again.
		for _, f := range []struct {
			v   *string
			def string
		}{{&state.VPA, defaultVPA}, {&state.CardNumber, defaultCard},
			{&state.Bank, banks[0].Code}, {&state.Wallet, wallets[0].Code}} {
			if strings.TrimSpace(*f.v) == "" {
				*f.v = f.def
			}
		}
		s.checkoutPage(w, http.StatusBadRequest, sess, amount, state, ie)
		return
	}

	s.mu.Lock()
	p, err := s.payLocked(sess.orderID, d)
	if err == nil {
		sess.payments = append(sess.payments, p.ID)
	}
	s.mu.Unlock()
	switch {
	case errors.Is(err, ErrOrderPaid):
		s.errorPage(w, msgOrderPaid)
		return
	case err != nil:
		s.errorPage(w, msgNoSuchID)
		return
	}
	http.Redirect(w, r, resultURL(sess.id, p.ID), http.StatusSeeOther)
}

func resultURL(sessionID, paymentID string) string {
	return checkoutPath + "/result?" + url.Values{"session": {sessionID}, "payment": {paymentID}}.Encode()
}

// sessionPayment finds a payment made from a checkout session.
func (s *Sim) sessionPayment(r *http.Request) (*session, Payment, CallbackFields, bool) {
	q := r.URL.Query()
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[q.Get("session")]
	if !ok {
		return nil, Payment{}, CallbackFields{}, false
	}
	id := q.Get("payment")
	p, ok := s.payments[id]
	if !ok || !slices.Contains(sess.payments, id) {
		return nil, Payment{}, CallbackFields{}, false
	}
	return sess, p.Payment, s.callbackLocked(p), true
}

// checkoutResult shows a payment's outcome: the page that posts to the
// callback, or, while the payment is pending, the waiting page.
func (s *Sim) checkoutResult(w http.ResponseWriter, r *http.Request) {
	sess, p, cb, ok := s.sessionPayment(r)
	if !ok {
		s.errorPage(w, "This checkout has expired. Start the payment again from the merchant's site.")
		return
	}
	if cb.Pending() {
		s.waitingPage(w, sess, p)
		return
	}
	s.callbackPage(w, sess, cb)
}

// checkoutStatus answers the waiting page's polls.
func (s *Sim) checkoutStatus(w http.ResponseWriter, r *http.Request) {
	_, p, cb, ok := s.sessionPayment(r)
	if !ok {
		writeJSON(w, http.StatusNotFound, adminError{Error: "no such checkout payment"})
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Status string `json:"status"`
		Done   bool   `json:"done"`
	}{p.Status, !cb.Pending()})
}
