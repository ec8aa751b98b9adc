package account_test

import (
	"net/http"
	"testing"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/apitest"
)

type companyResp struct {
	Company account.Company `json:"company"`
}

func signedInBiz(t *testing.T, env *apitest.Env, email string) *apitest.Client {
	t.Helper()
	c := env.NewClient(t)
	res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Biz User", "email": email, "password": "password1", "accountType": "biz"})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	return c
}

func TestCompanyIsForMyBizAccountsOnly(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	personal := signedIn(t, env, "solo@example.in")
	for _, m := range []string{"GET", "PUT"} {
		res := personal.Do(m, "/api/v1/me/company", map[string]any{"company": map[string]string{}})
		if code, _ := res.Error(t); res.StatusCode != http.StatusForbidden || code != "not_business" {
			t.Fatalf("%s by a personal account = %d %s", m, res.StatusCode, res.Body)
		}
	}
}

func TestCompanyRoundTripAndValidation(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	biz := signedInBiz(t, env, "accounts@acme.example.in")
	other := signedInBiz(t, env, "travel@globex.example.in")

	var got companyResp
	res := biz.Do("GET", "/api/v1/me/company", nil)
	res.JSON(t, &got)
	if res.StatusCode != 200 || got.Company != (account.Company{}) {
		t.Fatalf("before saving = %d %+v", res.StatusCode, got.Company)
	}

	good := map[string]string{
		"legalName": "  Acme Travels Private Limited ", "gstin": "27aapfu0939f1zv", "address": "4th Floor, Nariman Point, Mumbai 400021",
		"email": "accounts@acme.example.in", "phone": "+91 22 4000 1234",
	}
	with := func(field, value string) map[string]any {
		c := map[string]string{}
		for k, v := range good {
			c[k] = v
		}
		c[field] = value
		return map[string]any{"company": c}
	}
	for _, tc := range []struct{ field, value, message string }{
		{"gstin", "27AAPFU0939F1ZW", "This GSTIN's last character does not check out: please copy it again from the GST certificate."},
		{"gstin", "", "GSTIN is required."},
		{"legalName", " ", "Company name is required."},
		{"email", "accounts", "Please enter a valid e-mail address."},
		{"phone", "12", "Please enter a valid phone number."},
		{"address", "", "Registered address is required."},
	} {
		res := biz.Do("PUT", "/api/v1/me/company", with(tc.field, tc.value))
		var e struct{ Field, Message string }
		res.JSON(t, &e)
		if res.StatusCode != 400 || e.Field != "company."+tc.field || e.Message != tc.message {
			t.Errorf("%s=%q: %d %+v", tc.field, tc.value, res.StatusCode, e)
		}
	}
	biz.Do("GET", "/api/v1/me/company", nil).JSON(t, &got)
	if got.Company != (account.Company{}) {
		t.Fatalf("an invalid company was saved: %+v", got.Company)
	}

	res = biz.Do("PUT", "/api/v1/me/company", with("gstin", "27AAPFU0939F1ZV"))
	res.JSON(t, &got)
	want := account.Company{LegalName: "Acme Travels Private Limited", GSTIN: "27AAPFU0939F1ZV",
		Address: "4th Floor, Nariman Point, Mumbai 400021", Email: "accounts@acme.example.in", Phone: "+91 22 4000 1234"}
	if res.StatusCode != 200 || got.Company != want {
		t.Fatalf("saved = %d %+v", res.StatusCode, got.Company)
	}
	biz.Do("GET", "/api/v1/me/company", nil).JSON(t, &got)
	if got.Company != want {
		t.Fatalf("read back %+v", got.Company)
	}
	other.Do("GET", "/api/v1/me/company", nil).JSON(t, &got)
	if got.Company != (account.Company{}) {
		t.Fatalf("another account sees %+v", got.Company)
	}
}
