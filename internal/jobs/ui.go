package jobs

import (
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"riverqueue.com/riverui"
)

// UIPath is where the job UI is served on the internal listener.
const UIPath = "/jobs"

// UI is River's web UI over the queue: every job by state and kind, its
// errors and arguments, and retry, cancel and delete. It is served on the
// internal listener only (METRICS_ADDR), beside /metrics, never on the
// public one: it shows travellers' booking ids and acts on the queue
// without signing in.
type UI struct {
	*riverui.Handler
}

// NewUI builds the UI; its Start begins the background refresh it needs.
func (j *Jobs) NewUI() (*UI, error) {
	h, err := riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints: riverui.NewEndpoints[pgx.Tx](j.Client, nil),
		Logger:    j.log.With("component", "jobs-ui"),
		Prefix:    UIPath,
		// Arguments name bookings and e-mails: open on request only.
		JobListHideArgsByDefault: true,
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: ui: %w", err)
	}
	return &UI{Handler: h}, nil
}

// Mount serves the UI on mux under UIPath.
func (u *UI) Mount(mux *http.ServeMux) {
	mux.Handle(UIPath+"/", u)
	mux.Handle(UIPath, http.RedirectHandler(UIPath+"/", http.StatusMovedPermanently))
}
