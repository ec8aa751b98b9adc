package account_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/apitest"
)

func signedIn(t *testing.T, env *apitest.Env, email string) *apitest.Client {
	t.Helper()
	c := env.NewClient(t)
	res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Test User", "email": email, "password": "password1"})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	return c
}

type profileResp struct {
	Profile account.Profile `json:"profile"`
}

type completionResp struct {
	Score     int    `json:"score"`
	Band      string `json:"band"`
	Breakdown []struct {
		Key       string `json:"key"`
		Label     string `json:"label"`
		Weight    int    `json:"weight"`
		Completed bool   `json:"completed"`
	} `json:"breakdown"`
	NextStep *struct {
		Key, Label, Reason, CTAText, Target string
	} `json:"nextStep"`
}

func completion(t *testing.T, c *apitest.Client) completionResp {
	t.Helper()
	res := c.Do("GET", "/api/v1/me/profile-completion?ts=123", nil)
	if res.StatusCode != 200 {
		t.Fatalf("completion = %d %s", res.StatusCode, res.Body)
	}
	var out completionResp
	res.JSON(t, &out)
	return out
}

func TestProfileRoundTripAndCompletion(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signedIn(t, env, "asha@example.in")

	var got profileResp
	res := c.Do("GET", "/api/v1/me/profile?ts=1700000000", nil)
	res.JSON(t, &got)
	if res.StatusCode != 200 || got.Profile.FirstName != "" || got.Profile.Passport.Number != "" {
		t.Fatalf("empty profile = %d %s", res.StatusCode, res.Body)
	}
	first := completion(t, c)
	if first.Score != 0 || first.Band != "start" || first.NextStep == nil || first.NextStep.Key != "emailVerified" ||
		first.NextStep.Target != "action:sendEmailVerification" || first.NextStep.CTAText == "" {
		t.Fatalf("new account completion %+v", first)
	}

	p := account.Profile{
		FirstName: " Asha Devi ", LastName: "Rao", Gender: "female", DOB: "1990-04-01", Nationality: "Indian",
		City: "Pune", State: "Maharashtra", Country: "India", PostalCode: "411001", PAN: "abcde1234f",
		Passport:         account.Passport{Number: "Z1234567", Expiry: "2034-01-31", IssuingCountry: "India"},
		EmergencyContact: account.EmergencyContact{Name: "Ravi Rao", Phone: "+919876543210"},
		Preferences:      account.Preferences{DomesticTripProtection: "Basic", InternationalTravelInsurance: "Gold"},
	}
	res = c.Do("PUT", "/api/v1/me/profile", map[string]any{"profile": p})
	if res.StatusCode != 200 {
		t.Fatalf("save = %d %s", res.StatusCode, res.Body)
	}
	res.JSON(t, &got)
	if got.Profile.FirstName != "Asha Devi" || got.Profile.PAN != "ABCDE1234F" || got.Profile.Passport.Expiry != "2034-01-31" {
		t.Fatalf("saved profile %+v", got.Profile)
	}
	c.Do("GET", "/api/v1/me/profile", nil).JSON(t, &got)
	if got.Profile.DOB != "1990-04-01" || got.Profile.EmergencyContact.Name != "Ravi Rao" || got.Profile.Preferences.InternationalTravelInsurance != "Gold" {
		t.Fatalf("reloaded profile %+v", got.Profile)
	}

	// Everything but verification and a co-traveller: 65, half.
	after := completion(t, c)
	if after.Score != 65 || after.Band != "half" || after.NextStep.Key != "emailVerified" {
		t.Fatalf("after saving: %d %s next %+v", after.Score, after.Band, after.NextStep)
	}

	// A co-traveller adds 10.
	if res := c.Do("POST", "/api/v1/me/co-travellers", map[string]string{"firstName": "Ravi", "relationship": "Spouse"}); res.StatusCode != 201 {
		t.Fatalf("add co-traveller = %d %s", res.StatusCode, res.Body)
	}
	if got := completion(t, c); got.Score != 75 || got.Band != "almost" {
		t.Fatalf("with a co-traveller: %d %s", got.Score, got.Band)
	}

	// Snoozing the next step moves to the next heaviest; the score stays.
	if res := c.Do("POST", "/api/v1/me/profile-snooze", map[string]string{"key": "emailVerified"}); res.StatusCode != http.StatusNoContent {
		t.Fatalf("snooze = %d %s", res.StatusCode, res.Body)
	}
	snoozed := completion(t, c)
	if snoozed.Score != 75 || snoozed.NextStep == nil || snoozed.NextStep.Key != "mobileVerified" || snoozed.NextStep.Target != "action:openOtp" {
		t.Fatalf("after snooze: %+v", snoozed)
	}

	// Verifying the e-mail counts at once.
	if _, err := env.DB.Exec(context.Background(), "UPDATE users SET email_verified_at = now() WHERE email_key = 'asha@example.in'"); err != nil {
		t.Fatal(err)
	}
	if got := completion(t, c); got.Score != 90 {
		t.Fatalf("after e-mail verification: %d", got.Score)
	}

	// A PUT replaces the whole profile: what is left out is cleared.
	res = c.Do("PUT", "/api/v1/me/profile", map[string]any{"profile": map[string]any{"firstName": "Asha"}})
	res.JSON(t, &got)
	if res.StatusCode != 200 || got.Profile.LastName != "" || got.Profile.PAN != "" {
		t.Fatalf("replace = %d %+v", res.StatusCode, got.Profile)
	}
}

func TestProfileValidationSavesNothing(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signedIn(t, env, "v@example.in")
	good := map[string]any{"firstName": "Asha", "lastName": "Rao"}
	if res := c.Do("PUT", "/api/v1/me/profile", map[string]any{"profile": good}); res.StatusCode != 200 {
		t.Fatalf("save = %d", res.StatusCode)
	}
	for _, tc := range []struct {
		name  string
		body  any
		field string
	}{
		{"future birth", map[string]any{"profile": map[string]any{"firstName": "Changed", "dob": "2999-01-01"}}, "dob"},
		{"bad gender", map[string]any{"profile": map[string]any{"firstName": "Changed", "gender": "x"}}, "gender"},
		{"bad PAN", map[string]any{"profile": map[string]any{"firstName": "Changed", "pan": "12345"}}, "pan"},
		{"bad plan", map[string]any{"profile": map[string]any{"firstName": "Changed", "preferences": map[string]string{"domesticTripProtection": "Gold"}}}, "preferences.domesticTripProtection"},
		{"bad phone", map[string]any{"profile": map[string]any{"firstName": "Changed", "emergencyContact": map[string]string{"phone": "abc"}}}, "emergencyContact.phone"},
		{"no profile key", map[string]any{"firstName": "Changed"}, "profile"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do("PUT", "/api/v1/me/profile", tc.body)
			var e struct{ Error, Message, Field string }
			res.JSON(t, &e)
			if res.StatusCode != 400 || e.Field != tc.field || e.Message == "" {
				t.Fatalf("= %d %s, want 400 on %s", res.StatusCode, res.Body, tc.field)
			}
		})
	}
	res := c.Do("PUT", "/api/v1/me/profile", map[string]any{"profile": map[string]any{"firstName": 7}})
	if res.StatusCode != 400 || !strings.Contains(string(res.Body), "firstName must be a string") {
		t.Fatalf("wrong type = %d %s", res.StatusCode, res.Body)
	}
	var got profileResp
	c.Do("GET", "/api/v1/me/profile", nil).JSON(t, &got)
	if got.Profile.FirstName != "Asha" || got.Profile.LastName != "Rao" {
		t.Fatalf("a rejected save changed the profile: %+v", got.Profile)
	}
	res = c.Do("POST", "/api/v1/me/profile-snooze", map[string]string{"key": "everything"})
	if res.StatusCode != 400 {
		t.Fatalf("unknown snooze key = %d", res.StatusCode)
	}
}

type coTraveller struct {
	ID           string `json:"_id"`
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	Relationship string `json:"relationship"`
	Gender       string `json:"gender"`
	DOB          string `json:"dob"`
	Passport     struct {
		Number, Expiry, IssuingCountry string
	} `json:"passport"`
	FrequentFlyer struct{ Airline, Number string } `json:"frequentFlyer"`
}

func TestCoTravellersAreTheirOwnersOnly(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	alice := signedIn(t, env, "alice@example.in")
	bob := signedIn(t, env, "bob@example.in")

	res := alice.Do("POST", "/api/v1/me/co-travellers", map[string]any{
		"firstName": "Maya", "lastName": "Iyer", "relationship": "Daughter", "gender": "female", "dob": "2015-06-01",
		"mealPreference": "Vegetarian", "trainBerthPreference": "Lower",
		"passport":      map[string]string{"number": "p1234567", "expiry": "2030-01-01", "issuingCountry": "India"},
		"frequentFlyer": map[string]string{"airline": "AI", "number": "FF123"}, "email": "maya@example.in", "phone": "+919812345678",
	})
	if res.StatusCode != 201 {
		t.Fatalf("create = %d %s", res.StatusCode, res.Body)
	}
	var ct coTraveller
	res.JSON(t, &ct)
	if ct.ID == "" || ct.Passport.Number != "P1234567" || ct.FrequentFlyer.Number != "FF123" || ct.DOB != "2015-06-01" {
		t.Fatalf("created %+v", ct)
	}

	var list struct{ Items []coTraveller }
	bob.Do("GET", "/api/v1/me/co-travellers", nil).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatalf("bob sees %d of alice's co-travellers", len(list.Items))
	}
	if res := bob.Do("PUT", "/api/v1/me/co-travellers/"+ct.ID, map[string]string{"firstName": "Hijacked"}); res.StatusCode != 404 {
		t.Fatalf("bob's update = %d", res.StatusCode)
	}
	if res := bob.Do("DELETE", "/api/v1/me/co-travellers/"+ct.ID, nil); res.StatusCode != 404 {
		t.Fatalf("bob's delete = %d", res.StatusCode)
	}

	res = alice.Do("PUT", "/api/v1/me/co-travellers/"+ct.ID, map[string]any{"firstName": "Maya", "lastName": "Rao", "gender": "female"})
	if res.StatusCode != 200 {
		t.Fatalf("update = %d %s", res.StatusCode, res.Body)
	}
	alice.Do("GET", "/api/v1/me/co-travellers", nil).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].LastName != "Rao" || list.Items[0].Relationship != "" {
		t.Fatalf("after update %+v", list.Items)
	}

	for _, bad := range []map[string]any{
		{"firstName": "  "},
		{"firstName": "A", "gender": "x"},
		{"firstName": "A", "dob": "2999-01-01"},
		{"firstName": "A", "email": "not-mail"},
	} {
		if res := alice.Do("POST", "/api/v1/me/co-travellers", bad); res.StatusCode != 400 {
			t.Fatalf("create %v = %d", bad, res.StatusCode)
		}
	}
	if res := alice.Do("PUT", "/api/v1/me/co-travellers/not-a-uuid", map[string]string{"firstName": "A"}); res.StatusCode != 404 {
		t.Fatalf("bad id = %d", res.StatusCode)
	}

	if res := alice.Do("DELETE", "/api/v1/me/co-travellers/"+ct.ID, nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("delete = %d", res.StatusCode)
	}
	if res := alice.Do("DELETE", "/api/v1/me/co-travellers/"+ct.ID, nil); res.StatusCode != 404 {
		t.Fatalf("second delete = %d", res.StatusCode)
	}
	alice.Do("GET", "/api/v1/me/co-travellers", nil).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatal("deleted co-traveller still listed")
	}
}

func TestAccountRoutesNeedSignIn(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	for _, r := range [][2]string{
		{"GET", "/api/v1/me/profile"}, {"PUT", "/api/v1/me/profile"}, {"GET", "/api/v1/me/profile-completion"},
		{"POST", "/api/v1/me/profile-snooze"}, {"GET", "/api/v1/me/co-travellers"}, {"POST", "/api/v1/me/co-travellers"},
		{"PUT", "/api/v1/me/co-travellers/x"}, {"DELETE", "/api/v1/me/co-travellers/x"},
		{"GET", "/api/v1/me/company"}, {"PUT", "/api/v1/me/company"},
	} {
		if res := c.Do(r[0], r[1], nil); res.StatusCode != 401 {
			t.Errorf("%s %s = %d, want 401", r[0], r[1], res.StatusCode)
		}
	}
}
