package outbox

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"regexp"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// DevMailbox shows the outbox as web pages, so a developer without a mail
// server can read the messages and open their links. It has no access
// control: the server mounts it in local mode only (config.DevMail).
type DevMailbox struct {
	q   *queries.Queries
	log *slog.Logger
}

// NewDevMailbox returns the pages over pool's outbox.
func NewDevMailbox(pool *pgxpool.Pool, log *slog.Logger) *DevMailbox {
	return &DevMailbox{q: queries.New(store.Reads{Pool: pool}), log: log}
}

// devMailShown is how many messages the list shows, newest first.
const devMailShown = 50

// devMessage is one row of the pages.
type devMessage struct {
	ID                             string
	Kind, To, Subject, State, When string
	LastError                      string
	Text                           string
	// Frame is the HTML part as the iframe's document; the base target
	// opens its links outside the sandboxed frame.
	Frame string
	// Links are the links of the text part, to open with one click.
	Links []string
	// Attachments counts the message's files; Files lists them on its
	// page.
	Attachments int
	Files       []devFile
}

// devFile is one attached file as its message's page lists it.
type devFile struct{ Name, ContentType, Size string }

func toDevMessage(r queries.OutboxMessage) devMessage {
	state := "queued"
	switch {
	case r.SentAt != nil:
		state = "sent"
	case r.FailedAt != nil:
		state = "failed"
	}
	m := devMessage{ID: r.ID.String(), Kind: r.Kind, To: r.Recipient, Subject: r.Subject, State: state,
		When: r.CreatedAt.In(indiatime.Zone).Format("2 Jan 2006, 3:04:05 pm MST"), LastError: r.LastError,
		Text: r.TextBody, Links: linkRe.FindAllString(r.TextBody, -1), Attachments: int(r.Attachments)}
	if r.HtmlBody != "" {
		m.Frame = `<base target="_blank">` + r.HtmlBody
	}
	return m
}

var linkRe = regexp.MustCompile(`https?://[^\s<>"]+`)

// List serves GET /dev/mail: the newest messages, linked to their pages.
func (d *DevMailbox) List(w http.ResponseWriter, r *http.Request) {
	rows, err := d.q.OutboxListRecent(r.Context(), devMailShown)
	if err != nil {
		d.fail(w, r, err)
		return
	}
	list := make([]devMessage, 0, len(rows))
	for _, row := range rows {
		list = append(list, toDevMessage(row))
	}
	d.render(w, r, "list", list)
}

// Show serves GET /dev/mail/{message}: one message, its HTML part in a
// sandboxed frame (no scripts, no access to this site) and its text part.
func (d *DevMailbox) Show(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "message"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	row, err := d.q.OutboxGet(r.Context(), id)
	if errors.Is(err, pgx.ErrNoRows) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		d.fail(w, r, err)
		return
	}
	m := toDevMessage(row)
	if m.Attachments > 0 {
		files, err := d.q.OutboxAttachmentList(r.Context(), id)
		if err != nil {
			d.fail(w, r, err)
			return
		}
		for _, f := range files {
			m.Files = append(m.Files, devFile{Name: f.Name, ContentType: f.ContentType, Size: fmt.Sprintf("%d bytes", len(f.Data))})
		}
	}
	d.render(w, r, "message", m)
}

func (d *DevMailbox) render(w http.ResponseWriter, r *http.Request, name string, v any) {
	var b bytes.Buffer
	if err := devMailPages.ExecuteTemplate(&b, name, v); err != nil {
		d.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b.Bytes()))
}

func (d *DevMailbox) fail(w http.ResponseWriter, r *http.Request, err error) {
	d.log.ErrorContext(r.Context(), "dev mailbox page failed", "err", err)
	http.Error(w, "The outbox could not be read.", http.StatusInternalServerError)
}

// devMailPages are the two pages; html/template escapes every value, the
// messages' HTML included (srcdoc takes it as an attribute's text).
var devMailPages = template.Must(template.New("").Parse(`
{{define "head"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.}} · Paryatan outbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#0d1b34;background:#eef3fb}
header{background:#14284b;color:#fff;padding:12px 20px}
header a{color:#fff;text-decoration:none;font-weight:700}
main{padding:16px 20px;max-width:1000px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #d5e0f3;vertical-align:top}
a{color:#234279}
.queued{color:#a94d2f}.failed{color:#b00020}.sent{color:#1b6b3a}
iframe{width:100%;height:640px;border:1px solid #d5e0f3;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #d5e0f3}
</style></head><body><header><a href="/dev/mail">Paryatan outbox</a> · local mode: nothing here is sent without SMTP_URL</header><main>{{end}}
{{define "list"}}{{template "head" "Messages"}}
<h1>Newest messages</h1>
{{if .}}<table><thead><tr><th>Queued</th><th>To</th><th>Subject</th><th>State</th></tr></thead><tbody>
{{range .}}<tr><td>{{.When}}</td><td>{{.To}}</td><td><a href="/dev/mail/{{.ID}}">{{.Subject}}</a>{{with .Attachments}} ({{.}} attached){{end}}</td><td class="{{.State}}">{{.State}}</td></tr>
{{end}}</tbody></table>{{else}}<p>The outbox is empty.</p>{{end}}
</main></body></html>{{end}}
{{define "message"}}{{template "head" .Subject}}
<p><a href="/dev/mail">← All messages</a></p>
<h1>{{.Subject}}</h1>
<table>
<tr><th>To</th><td>{{.To}}</td></tr>
<tr><th>Kind</th><td>{{.Kind}}</td></tr>
<tr><th>Queued</th><td>{{.When}}</td></tr>
<tr><th>State</th><td class="{{.State}}">{{.State}}{{with .LastError}}: {{.}}{{end}}</td></tr>
{{with .Files}}<tr><th>Attached</th><td>{{range .}}{{.Name}} ({{.ContentType}}, {{.Size}})<br>{{end}}</td></tr>{{end}}
{{with .Links}}<tr><th>Links</th><td>{{range .}}<a href="{{.}}" target="_blank" rel="noopener">{{.}}</a><br>{{end}}</td></tr>{{end}}
</table>
{{with .Frame}}<h2>HTML part</h2>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" title="HTML part" srcdoc="{{.}}"></iframe>{{end}}
<h2>Text part</h2>
<pre>{{.Text}}</pre>
</main></body></html>{{end}}
`))
