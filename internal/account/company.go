package account

import (
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/validate"
)

// Company is a MyBiz account's company as the account area shows it: the
// GST registration its flight invoices carry.
type Company struct {
	LegalName string `json:"legalName"`
	GSTIN     string `json:"gstin"`
	Address   string `json:"address"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

type companyBody struct {
	Company Company `json:"company"`
}

var errNotBusiness = apierr.Forbidden("not_business", "Company details are for MyBiz accounts.")

// GetCompany handles GET /api/v1/me/company: every field empty when none was
// saved.
func (h *Handler) GetCompany(w http.ResponseWriter, r *http.Request) {
	u := auth.FromContext(r.Context()).User
	if u.AccountType != "biz" {
		httpjson.Fail(w, r, errNotBusiness)
		return
	}
	row, err := h.q.CompanyGet(r.Context(), u.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, companyBody{companyJSON(row)})
}

// PutCompany handles PUT /api/v1/me/company {company}: all five fields are
// required, and nothing is saved when any is invalid.
func (h *Handler) PutCompany(w http.ResponseWriter, r *http.Request) {
	u := auth.FromContext(r.Context()).User
	if u.AccountType != "biz" {
		httpjson.Fail(w, r, errNotBusiness)
		return
	}
	var in struct {
		Company *Company `json:"company"`
	}
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if in.Company == nil {
		httpjson.Fail(w, r, apierr.Invalid("company", "Send the company as {\"company\": {...}}."))
		return
	}
	params, bad := ValidateCompany("company", *in.Company)
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	params.UserID = u.ID
	saved, err := h.q.CompanyUpsert(r.Context(), params)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, companyBody{companyJSON(saved)})
}

// ValidateCompany checks a company's GST details, every field required, and
// returns them normalised; at names the object in error fields
// ("company.gstin").
func ValidateCompany(at string, in Company) (queries.CompanyUpsertParams, *apierr.Error) {
	var c checker
	required := func(field, label, v string) {
		if v == "" {
			c.fail(at+"."+field, label+" is required.")
		}
	}
	var out queries.CompanyUpsertParams
	out.LegalName = c.text(at+".legalName", "Company name", in.LegalName, 100)
	required("legalName", "Company name", out.LegalName)
	out.Gstin = c.check(at+".gstin", in.GSTIN, validate.GSTIN)
	required("gstin", "GSTIN", out.Gstin)
	out.Address = c.text(at+".address", "Registered address", in.Address, 200)
	required("address", "Registered address", out.Address)
	out.Email = c.email(at+".email", in.Email)
	required("email", "Company e-mail", out.Email)
	out.Phone = c.phone(at+".phone", in.Phone)
	required("phone", "Company phone", out.Phone)
	return out, c.err
}

func companyJSON(r queries.Company) Company {
	return Company{LegalName: r.LegalName, GSTIN: r.Gstin, Address: r.Address, Email: r.Email, Phone: r.Phone}
}
