package rzpsim

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// formatINR writes paise as rupees with Indian digit grouping: 123456750
// is ₹12,34,567.50.
func formatINR(paise int64) string {
	sign := ""
	if paise < 0 {
		sign, paise = "-", -paise
	}
	whole := strconv.FormatInt(paise/100, 10)
	if len(whole) > 3 {
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		var groups []string
		for len(head) > 2 {
			groups = append([]string{head[len(head)-2:]}, groups...)
			head = head[:len(head)-2]
		}
		if head != "" {
			groups = append([]string{head}, groups...)
		}
		whole = strings.Join(groups, ",") + "," + tail
	}
	return fmt.Sprintf("%s₹%s.%02d", sign, whole, paise%100)
}

// humanDelay writes a delay for people: "15 seconds", "1.5s".
func humanDelay(d time.Duration) string {
	switch {
	case d == time.Second:
		return "1 second"
	case d%time.Second == 0 && d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + " seconds"
	}
	return d.String()
}

// formState is what the tester chose on the payment page.
type formState struct {
	Method, Outcome, VPA, CardNumber, Bank, Wallet string
}

type choice struct {
	Value, Label string
	Checked      bool
}

type pageData struct {
	Nonce string

	Merchant, Description, Amount, OrderID string
	Name, Email, Contact                   string
	Session, CancelURL                     string
	Methods, Outcomes                      []choice
	Form                                   formState
	Banks, Wallets                         []struct{ Code, Name string }
	PendingDelay                           string
	ErrorField, ErrorMessage               string

	Heading, Message string
	CallbackURL      string
	Fields           []field

	VPA, StatusURL, ResultURL, PaymentID string
}

type field struct{ Name, Value string }

func (s *Sim) checkoutPage(w http.ResponseWriter, status int, sess *session, amount int64, st formState, ie *inputError) {
	d := pageData{
		Merchant: sess.merchant, Description: sess.description, Amount: formatINR(amount), OrderID: sess.orderID,
		Name: sess.name, Email: sess.email, Contact: sess.contact, Session: sess.id, CancelURL: sess.cancelURL,
		Form: st, Banks: banks, Wallets: wallets, PendingDelay: humanDelay(s.opts.PendingDelay),
	}
	for _, m := range []choice{{MethodUPI, "UPI", false}, {MethodCard, "Card", false},
		{MethodNetbanking, "Net banking", false}, {MethodWallet, "Wallet", false}} {
		m.Checked = m.Value == st.Method
		d.Methods = append(d.Methods, m)
	}
	for _, o := range []choice{{OutcomeSuccess, "Success", false}, {OutcomeFailure, "Failure", false},
		{OutcomePending, "Pending: the UPI app approves after " + d.PendingDelay, false}} {
		o.Checked = o.Value == st.Outcome
		d.Outcomes = append(d.Outcomes, o)
	}
	if ie != nil {
		d.ErrorField, d.ErrorMessage = ie.field, ie.msg
	}
	s.render(w, status, "checkout", d)
}

func (s *Sim) callbackPage(w http.ResponseWriter, sess *session, cb CallbackFields) {
	d := pageData{Merchant: sess.merchant, CallbackURL: sess.callbackURL,
		Heading: "Payment successful", Message: "Taking you back to " + sess.merchant + "…"}
	if cb.Error != nil {
		d.Heading = "Payment failed"
		d.Message = cb.Error.Description + ". Taking you back to " + sess.merchant + "…"
	}
	form := cb.Form()
	names := make([]string, 0, len(form))
	for k := range form {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		d.Fields = append(d.Fields, field{k, form.Get(k)})
	}
	s.render(w, http.StatusOK, "result", d)
}

func (s *Sim) waitingPage(w http.ResponseWriter, sess *session, p Payment) {
	d := pageData{Merchant: sess.merchant, Session: sess.id, PaymentID: p.ID,
		StatusURL: checkoutPath + "/status?session=" + sess.id + "&payment=" + p.ID,
		ResultURL: resultURL(sess.id, p.ID)}
	if p.VPA != nil {
		d.VPA = *p.VPA
	}
	s.render(w, http.StatusOK, "waiting", d)
}

func (s *Sim) errorPage(w http.ResponseWriter, msg string) {
	s.render(w, http.StatusBadRequest, "error", pageData{Heading: "Payment could not be started", Message: msg})
}

// render writes a page. Pages are self-contained; their one style sheet and
// script carry a nonce the Content-Security-Policy names.
func (s *Sim) render(w http.ResponseWriter, status int, name string, d pageData) {
	d.Nonce = randomString(base62, 22)
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, d); err != nil {
		s.log.Error("rendering a checkout page", "page", name, "err", err)
		http.Error(w, "The page could not be shown.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	// No form-action: the callback may redirect anywhere, as it may after
	// the real checkout.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'nonce-"+d.Nonce+"'; script-src 'nonce-"+
		d.Nonce+"'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

var pages = template.Must(template.New("pages").Parse(`
{{define "top"}}<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Razorpay (simulator)</title>
<style nonce="{{.Nonce}}">
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#eef1f5}
.bar{background:#0b2a5b;color:#fff;padding:.75rem 1rem;display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem}
.bar p{margin:0}
.brand{font-weight:700}
main{max-width:34rem;margin:1.5rem auto;background:#fff;padding:1.5rem;border:1px solid #c4cbd4;border-radius:.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem}
p{margin:.5rem 0}
.muted{color:#4a5563}
.amount{font-size:1.75rem;font-weight:700}
fieldset{border:1px solid #c4cbd4;border-radius:.375rem;margin:0 0 1rem;padding:.75rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;align-items:center;gap:.5rem;margin:.25rem 0}
.choice input{width:1.25rem;height:1.25rem;margin:0;accent-color:#0b4ea2}
.field{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],select{width:100%;font:inherit;padding:.5rem .625rem;color:inherit;background:#fff;border:1px solid #6b7480;border-radius:.25rem}
[aria-invalid=true]{border:2px solid #a4121d}
.hint{font-size:.875rem;color:#4a5563;margin:.25rem 0 0}
.error{color:#a4121d;font-weight:600}
button{font:inherit;font-weight:600;width:100%;padding:.75rem 1.25rem;color:#fff;background:#0b4ea2;border:2px solid #0b4ea2;border-radius:.375rem;cursor:pointer}
button:hover{background:#093d7f}
a{color:#0b4ea2}
:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
</style>
</head>
<body>
<header class="bar"><p class="brand">Razorpay (simulator)</p><p>Test mode: no money moves</p></header>
<main>
{{end}}

{{define "bottom"}}</main>
</body>
</html>
{{end}}

{{define "checkout"}}{{template "top" .}}
<h1>{{.Merchant}}</h1>
{{with .Description}}<p class="muted">{{.}}</p>{{end}}
<p class="amount"><span class="visually-hidden">Amount to pay: </span>{{.Amount}}</p>
<p class="muted">Order {{.OrderID}}{{with .Name}} · {{.}}{{end}}{{with .Email}} · {{.}}{{end}}{{with .Contact}} · {{.}}{{end}}</p>
{{with .ErrorMessage}}<p class="error" role="alert" id="form-error">{{.}}</p>{{end}}
<form method="post" action="/v1/checkout/embedded/pay" id="pay" novalidate>
<input type="hidden" name="session" value="{{.Session}}">
<fieldset>
<legend>Payment method</legend>
{{range .Methods}}<div class="choice"><input type="radio" id="method-{{.Value}}" name="method" value="{{.Value}}"{{if .Checked}} checked{{end}}><label for="method-{{.Value}}">{{.Label}}</label></div>
{{end}}</fieldset>
<fieldset id="upi-details">
<legend>UPI</legend>
<label class="field" for="vpa">UPI ID</label>
<input type="text" id="vpa" name="vpa" value="{{.Form.VPA}}" autocomplete="off" spellcheck="false" aria-describedby="vpa-hint{{if eq .ErrorField "vpa"}} form-error{{end}}"{{if eq .ErrorField "vpa"}} aria-invalid="true" autofocus{{end}}>
<p class="hint" id="vpa-hint">success@razorpay pays; failure@razorpay always fails.</p>
</fieldset>
<fieldset id="card-details">
<legend>Card</legend>
<label class="field" for="card_number">Card number</label>
<input type="text" id="card_number" name="card_number" value="{{.Form.CardNumber}}" inputmode="numeric" autocomplete="off" aria-describedby="card-hint{{if eq .ErrorField "card_number"}} form-error{{end}}"{{if eq .ErrorField "card_number"}} aria-invalid="true" autofocus{{end}}>
<p class="hint" id="card-hint">A test card. Only its network and last four digits are kept.</p>
</fieldset>
<fieldset id="netbanking-details">
<legend>Net banking</legend>
<label class="field" for="bank">Bank</label>
<select id="bank" name="bank"{{if eq .ErrorField "bank"}} aria-invalid="true" aria-describedby="form-error" autofocus{{end}}>
{{range .Banks}}<option value="{{.Code}}"{{if eq .Code $.Form.Bank}} selected{{end}}>{{.Name}}</option>
{{end}}</select>
</fieldset>
<fieldset id="wallet-details">
<legend>Wallet</legend>
<label class="field" for="wallet">Wallet</label>
<select id="wallet" name="wallet"{{if eq .ErrorField "wallet"}} aria-invalid="true" aria-describedby="form-error" autofocus{{end}}>
{{range .Wallets}}<option value="{{.Code}}"{{if eq .Code $.Form.Wallet}} selected{{end}}>{{.Name}}</option>
{{end}}</select>
</fieldset>
<fieldset aria-describedby="outcome-hint">
<legend>Outcome</legend>
{{range .Outcomes}}<div class="choice"><input type="radio" id="outcome-{{.Value}}" name="outcome" value="{{.Value}}"{{if .Checked}} checked{{end}}><label for="outcome-{{.Value}}">{{.Label}}</label></div>
{{end}}<p class="hint" id="outcome-hint">Pending is for UPI only.</p>
</fieldset>
<button type="submit">Pay {{.Amount}}</button>
</form>
{{with .CancelURL}}<p><a href="{{.}}">Cancel and go back to {{$.Merchant}}</a></p>{{end}}
<script nonce="{{.Nonce}}">
(function () {
  var form = document.getElementById("pay");
  function sync() {
    var checked = form.querySelector("input[name=method]:checked");
    var method = checked ? checked.value : "";
    ["upi", "card", "netbanking", "wallet"].forEach(function (m) {
      document.getElementById(m + "-details").hidden = method !== "" && m !== method;
    });
  }
  form.addEventListener("change", sync);
  sync();
})();
</script>
{{template "bottom" .}}{{end}}

{{define "result"}}{{template "top" .}}
<h1>{{.Heading}}</h1>
<p role="status">{{.Message}}</p>
<form method="post" action="{{.CallbackURL}}" id="callback">
{{range .Fields}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<button type="submit">Continue</button>
</form>
<script nonce="{{.Nonce}}">document.getElementById("callback").submit();</script>
{{template "bottom" .}}{{end}}

{{define "waiting"}}{{template "top" .}}
<h1>Waiting for your UPI app to approve…</h1>
<p>A payment request was sent to {{.VPA}}. Approve it in your UPI app; this page moves on by itself once you do.</p>
<p role="status" id="poll-status" class="muted">Still waiting for approval.</p>
<form method="get" action="/v1/checkout/embedded/result">
<input type="hidden" name="session" value="{{.Session}}">
<input type="hidden" name="payment" value="{{.PaymentID}}">
<button type="submit">Check again</button>
</form>
<script nonce="{{.Nonce}}">
(function () {
  var statusURL = {{.StatusURL}}, resultURL = {{.ResultURL}};
  function poll() {
    fetch(statusURL, {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (j) { if (j.done) { window.location.replace(resultURL); } else { setTimeout(poll, 1000); } })
      .catch(function () { setTimeout(poll, 3000); });
  }
  setTimeout(poll, 1000);
})();
</script>
{{template "bottom" .}}{{end}}

{{define "error"}}{{template "top" .}}
<h1>{{.Heading}}</h1>
<p role="alert">{{.Message}}</p>
{{template "bottom" .}}{{end}}
`))
