package visasim

import (
	"bytes"
	"html/template"
	"net/http"
)

// Countries are the visas the simulated partner lists.
var countries = []country{
	{"ae", "United Arab Emirates", "e-Visa, 30 or 60 days"},
	{"sg", "Singapore", "e-Visa, 30 days"},
	{"th", "Thailand", "e-Visa, 60 days"},
	{"gb", "United Kingdom", "Standard Visitor visa, 6 months"},
	{"fr", "France (Schengen)", "Short-stay Schengen visa, 90 days"},
}

type country struct {
	Code, Name, Visa string
}

// Messages of the failure pages, as the contract words them.
const (
	msgTicketRefused = "This sign-in link has expired or was already used. Go back to Paryatan and open Visa again."
	msgUnconfirmed   = "Your sign-in could not be confirmed with Paryatan just now. Try again in a moment, or go back to Paryatan and open Visa again."
	msgSignIn        = "Please open Visa from Paryatan to sign in."
)

type pageData struct {
	Title     string
	User      *User
	Countries []countryRow
	Message   string
	Alert     bool
}

type countryRow struct {
	country
	Chosen bool
}

// visa answers the partner's own pages: the visa list to a signed-in user,
// else the prompt to sign in from Paryatan.
func (s *Sim) visa(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil {
		if u, ok := s.sessions.get(c.Value, s.now()); ok {
			chosen := r.URL.Query().Get("country")
			d := pageData{Title: "Visas – Paryatan Visa", User: &u}
			for _, c := range countries {
				d.Countries = append(d.Countries, countryRow{c, c.Code == chosen})
			}
			s.render(w, http.StatusOK, d)
			return
		}
	}
	s.render(w, http.StatusOK, pageData{Title: "Sign in – Paryatan Visa", Message: msgSignIn})
}

// failure answers a sign-in that did not work: status 401 for a ticket
// Paryatan refused, 502 for one it could not confirm.
func (s *Sim) failure(w http.ResponseWriter, status int) {
	msg := msgTicketRefused
	if status != http.StatusUnauthorized {
		msg = msgUnconfirmed
	}
	s.render(w, status, pageData{Title: "Sign-in failed – Paryatan Visa", Message: msg, Alert: true})
}

func (s *Sim) render(w http.ResponseWriter, status int, d pageData) {
	var buf bytes.Buffer
	if err := page.Execute(&buf, d); err != nil {
		s.log.Error("rendering a page", "err", err)
		http.Error(w, "The page could not be shown.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// page is every page of the simulator: plain HTML that reads in order
// without its styles.
var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f8}
header{background:#14532d;color:#fff;padding:.5rem 1rem}
header p{margin:0}
main{max-width:40rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
ul{padding-left:1.25rem}
.chosen{font-weight:700}
.muted{color:#4a5563}
</style>
</head>
<body>
<header><p>Visa partner (simulator)</p></header>
<main>
<h1>Paryatan Visa</h1>
{{- with .User}}
<p>Welcome, {{or .Name .Email}}</p>
<p class="muted">Signed in as {{.Email}}</p>
<h2>Visas we arrange</h2>
<ul>
{{- range $.Countries}}
<li{{if .Chosen}} class="chosen" aria-current="true"{{end}}>{{.Name}}: {{.Visa}}{{if .Chosen}} (your choice){{end}}</li>
{{- end}}
</ul>
{{- else}}
<p{{if .Alert}} role="alert"{{end}}>{{.Message}}</p>
{{- end}}
</main>
</body>
</html>
`))
