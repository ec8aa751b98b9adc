package account

import (
	"sort"
	"time"

	"github.com/paryatan/paryatan/internal/store/queries"
)

// The profile-completion model (documented in docs/profile-completion.md).
// Each step is something that makes checkout faster or a trip safer; its
// weight says how much. Weights add up to 100.

// Step is one item of the completion checklist.
type Step struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	Weight  int    `json:"weight"`
	Reason  string `json:"-"`
	CTAText string `json:"-"`
	Target  string `json:"-"`
	done    func(in completionInput) bool
}

type completionInput struct {
	user         queries.User
	profile      queries.Profile
	coTravellers int64
	today        time.Time
}

// Steps in the order used to break ties between equal weights.
var Steps = []Step{
	{Key: "emailVerified", Label: "Verify your e-mail", Weight: 15,
		Reason:  "Booking confirmations and e-tickets reach you without fail.",
		CTAText: "Send verification email", Target: "action:sendEmailVerification",
		done: func(in completionInput) bool { return in.user.EmailVerifiedAt != nil }},
	{Key: "name", Label: "Add your name as on your ID", Weight: 15,
		Reason:  "Tickets are issued in this name; we fill it in for you at checkout.",
		CTAText: "Add name", Target: "/account/profile#general",
		done: func(in completionInput) bool { return in.profile.FirstName != "" && in.profile.LastName != "" }},
	{Key: "mobileVerified", Label: "Verify your mobile number", Weight: 10,
		Reason:  "Get flight alerts and sign in with a one-time code.",
		CTAText: "Verify mobile", Target: "action:openOtp",
		done: func(in completionInput) bool { return in.user.PhoneVerifiedAt != nil }},
	{Key: "dobGender", Label: "Add date of birth and gender", Weight: 10,
		Reason:  "Airlines ask for both on every booking.",
		CTAText: "Add details", Target: "/account/profile#general",
		done: func(in completionInput) bool { return in.profile.Dob != nil && in.profile.Gender != "" }},
	{Key: "passport", Label: "Add your passport", Weight: 10,
		Reason:  "International bookings need a valid passport; we check its expiry for you.",
		CTAText: "Add passport", Target: "/account/profile#documents",
		done: func(in completionInput) bool {
			p := in.profile
			return p.PassportNumber != "" && p.PassportIssuingCountry != "" && p.PassportExpiry != nil && p.PassportExpiry.After(in.today)
		}},
	{Key: "emergencyContact", Label: "Add an emergency contact", Weight: 10,
		Reason:  "Someone we can reach if plans change while you travel.",
		CTAText: "Add contact", Target: "/account/profile#emergency",
		done: func(in completionInput) bool {
			return in.profile.EmergencyName != "" && in.profile.EmergencyPhone != ""
		}},
	{Key: "coTraveller", Label: "Add a co-traveller", Weight: 10,
		Reason:  "Book for family and colleagues in one step.",
		CTAText: "Add co-traveller", Target: "/account/co-travellers",
		done: func(in completionInput) bool { return in.coTravellers > 0 }},
	{Key: "nationality", Label: "Add your nationality", Weight: 5,
		Reason:  "Needed for international fares and visa checks.",
		CTAText: "Add nationality", Target: "/account/profile#general",
		done: func(in completionInput) bool { return in.profile.Nationality != "" }},
	{Key: "address", Label: "Add your address", Weight: 5,
		Reason:  "Airlines and invoices ask for it.",
		CTAText: "Add address", Target: "/account/profile#address",
		done: func(in completionInput) bool {
			p := in.profile
			return p.City != "" && p.State != "" && p.Country != "" && p.PostalCode != ""
		}},
	{Key: "pan", Label: "Add your PAN", Weight: 5,
		Reason:  "Required for international bookings and GST invoices.",
		CTAText: "Add PAN", Target: "/account/profile#documents",
		done: func(in completionInput) bool { return in.profile.Pan != "" }},
	{Key: "preferences", Label: "Choose your protection plans", Weight: 5,
		Reason:  "We pre-select your trip protection and insurance at checkout.",
		CTAText: "Set preferences", Target: "/account/profile#preferences",
		done: func(in completionInput) bool {
			return in.profile.DomesticTripProtection != "" && in.profile.InternationalTravelInsurance != ""
		}},
}

// stepByKey finds a step of the model.
func stepByKey(key string) (Step, bool) {
	for _, s := range Steps {
		if s.Key == key {
			return s, true
		}
	}
	return Step{}, false
}

// CompletionBand is the stage of a completion score: start below 25, good
// from 25, half from 50, almost from 75, complete at 100 (lowest first).
var bands = []string{"start", "good", "half", "almost", "complete"}

// Band names the stage of a score (see bands).
func Band(score int) string {
	return bands[min(max(score, 0), 100)/25]
}

// BreakdownItem is one step and whether it is done.
type BreakdownItem struct {
	Key       string `json:"key"`
	Label     string `json:"label"`
	Weight    int    `json:"weight"`
	Completed bool   `json:"completed"`
}

// NextStep is the suggested next thing to do.
type NextStep struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	Reason  string `json:"reason"`
	CTAText string `json:"ctaText"`
	// Target is 'action:sendEmailVerification', 'action:openOtp', or a path
	// on this site.
	Target string `json:"target"`
}

// Completion is the profile-completion answer.
type Completion struct {
	Score     int             `json:"score"`
	Band      string          `json:"band"`
	Breakdown []BreakdownItem `json:"breakdown"`
	// NextStep is the heaviest incomplete step that is not snoozed; nil when
	// the profile is complete or every open step is snoozed.
	NextStep *NextStep `json:"nextStep"`
}

func computeCompletion(in completionInput, snoozed map[string]bool) Completion {
	c := Completion{Breakdown: make([]BreakdownItem, 0, len(Steps))}
	var open []Step
	for _, s := range Steps {
		done := s.done(in)
		if done {
			c.Score += s.Weight
		} else {
			open = append(open, s)
		}
		c.Breakdown = append(c.Breakdown, BreakdownItem{Key: s.Key, Label: s.Label, Weight: s.Weight, Completed: done})
	}
	c.Score = max(0, min(100, c.Score))
	c.Band = Band(c.Score)
	sort.SliceStable(open, func(i, j int) bool { return open[i].Weight > open[j].Weight })
	for _, s := range open {
		if !snoozed[s.Key] {
			c.NextStep = &NextStep{Key: s.Key, Label: s.Label, Reason: s.Reason, CTAText: s.CTAText, Target: s.Target}
			break
		}
	}
	return c
}

// SnoozeFor is how long "I'll do this later" hides a step.
const SnoozeFor = 7 * 24 * time.Hour
