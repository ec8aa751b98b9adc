package account

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/paryatan/paryatan/internal/indiatime"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// Handler serves the account routes. Every route needs a signed-in user
// (auth.RequireUser) and only ever touches that user's rows.
type Handler struct {
	q   *queries.Queries
	log *slog.Logger
	now func() time.Time
}

// NewHandler returns the account routes' handler.
func NewHandler(pool *pgxpool.Pool, log *slog.Logger) *Handler {
	return &Handler{q: queries.New(store.Reads{Pool: pool}), log: log, now: time.Now}
}

type profileBody struct {
	Profile Profile `json:"profile"`
}

// GetProfile handles GET /api/v1/me/profile (a ts query is ignored).
func (h *Handler) GetProfile(w http.ResponseWriter, r *http.Request) {
	p := auth.FromContext(r.Context())
	row, err := h.q.ProfileGet(r.Context(), p.User.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, profileBody{profileJSON(row)})
}

// PutProfile handles PUT /api/v1/me/profile {profile}: the whole profile is
// replaced, or nothing is when any field is invalid.
func (h *Handler) PutProfile(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Profile *Profile `json:"profile"`
	}
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if in.Profile == nil {
		httpjson.Fail(w, r, apierr.Invalid("profile", "Send the profile as {\"profile\": {...}}."))
		return
	}
	row, fe := validateProfile(auth.FromContext(r.Context()).User.ID, *in.Profile, h.now())
	if fe != nil {
		httpjson.Fail(w, r, fe)
		return
	}
	saved, err := h.q.ProfileUpsert(r.Context(), row)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, profileBody{profileJSON(saved)})
}

// GetCompletion handles GET /api/v1/me/profile-completion.
func (h *Handler) GetCompletion(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	uid := auth.FromContext(ctx).User.ID
	// The principal's user row is read at sign-in time; read it afresh so a
	// verification done on another device counts at once.
	user, err := h.q.UserGet(ctx, uid)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	profile, err := h.q.ProfileGet(ctx, uid)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		httpjson.Fail(w, r, err)
		return
	}
	count, err := h.q.CoTravellerCount(ctx, uid)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	steps, err := h.q.ProfileSnoozesActive(ctx, uid)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	snoozed := make(map[string]bool, len(steps))
	for _, s := range steps {
		snoozed[s] = true
	}
	in := completionInput{user: user, profile: profile, coTravellers: count, today: indiatime.Today(h.now())}
	httpjson.Write(w, r, http.StatusOK, computeCompletion(in, snoozed))
}

// Snooze handles POST /api/v1/me/profile-snooze {key}.
func (h *Handler) Snooze(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Key string `json:"key"`
	}
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if _, ok := stepByKey(in.Key); !ok {
		httpjson.Fail(w, r, apierr.Invalid("key", "Unknown profile step."))
		return
	}
	err := h.q.ProfileSnooze(r.Context(), queries.ProfileSnoozeParams{
		UserID: auth.FromContext(r.Context()).User.ID, Step: in.Key, SnoozedUntil: h.now().Add(SnoozeFor),
	})
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ListCoTravellers handles GET /api/v1/me/co-travellers.
func (h *Handler) ListCoTravellers(w http.ResponseWriter, r *http.Request) {
	rows, err := h.q.CoTravellerList(r.Context(), auth.FromContext(r.Context()).User.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	items := make([]CoTraveller, 0, len(rows))
	for _, row := range rows {
		items = append(items, coTravellerJSON(row))
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Items []CoTraveller `json:"items"`
	}{items})
}

// CreateCoTraveller handles POST /api/v1/me/co-travellers.
func (h *Handler) CreateCoTraveller(w http.ResponseWriter, r *http.Request) {
	var in CoTraveller
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	uid := auth.FromContext(r.Context()).User.ID
	row, fe := validateCoTraveller(uid, in, h.now())
	if fe != nil {
		httpjson.Fail(w, r, fe)
		return
	}
	n, err := h.q.CoTravellerCount(r.Context(), uid)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if n >= MaxCoTravellers {
		httpjson.Fail(w, r, apierr.Conflict("too_many", "You can keep up to 50 co-travellers. Remove one to add another."))
		return
	}
	saved, err := h.q.CoTravellerCreate(r.Context(), row)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusCreated, coTravellerJSON(saved))
}

// UpdateCoTraveller handles PUT /api/v1/me/co-travellers/{id}.
func (h *Handler) UpdateCoTraveller(w http.ResponseWriter, r *http.Request) {
	id, ok := h.coTravellerID(w, r)
	if !ok {
		return
	}
	var in CoTraveller
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	row, fe := validateCoTraveller(auth.FromContext(r.Context()).User.ID, in, h.now())
	if fe != nil {
		httpjson.Fail(w, r, fe)
		return
	}
	saved, err := h.q.CoTravellerUpdate(r.Context(), queries.CoTravellerUpdateParams{
		ID: id, UserID: row.UserID, FirstName: row.FirstName, LastName: row.LastName,
		Relationship: row.Relationship, Gender: row.Gender, Dob: row.Dob, Nationality: row.Nationality,
		MealPreference: row.MealPreference, TrainBerthPreference: row.TrainBerthPreference,
		PassportNumber: row.PassportNumber, PassportExpiry: row.PassportExpiry,
		PassportIssuingCountry: row.PassportIssuingCountry, Phone: row.Phone, Email: row.Email,
		FrequentFlyerAirline: row.FrequentFlyerAirline, FrequentFlyerNumber: row.FrequentFlyerNumber,
	})
	if errors.Is(err, pgx.ErrNoRows) {
		httpjson.Fail(w, r, errNoCoTraveller)
		return
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, coTravellerJSON(saved))
}

// DeleteCoTraveller handles DELETE /api/v1/me/co-travellers/{id}.
func (h *Handler) DeleteCoTraveller(w http.ResponseWriter, r *http.Request) {
	id, ok := h.coTravellerID(w, r)
	if !ok {
		return
	}
	n, err := h.q.CoTravellerDelete(r.Context(), queries.CoTravellerDeleteParams{ID: id, UserID: auth.FromContext(r.Context()).User.ID})
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if n == 0 {
		httpjson.Fail(w, r, errNoCoTraveller)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) coTravellerID(w http.ResponseWriter, r *http.Request) (uuid.UUID, bool) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		httpjson.Fail(w, r, errNoCoTraveller)
		return uuid.Nil, false
	}
	return id, true
}

// errNoCoTraveller answers for a co-traveller that is not the user's, or
// not there.
var errNoCoTraveller = apierr.NotFound("No such co-traveller.")
