package sim_test

import (
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// docFlags are the document flags of a result, in a fixed order.
var docFlags = []string{"IsPanRequiredAtBook", "IsPanRequiredAtTicket", "IsPassportRequiredAtBook", "IsPassportRequiredAtTicket",
	"GSTAllowed", "IsGSTMandatory"}

func flagsOf(res map[string]any) string {
	var b strings.Builder
	for _, k := range docFlags {
		if res[k] == true {
			b.WriteString(k + " ")
		}
	}
	return b.String()
}

// family is a search for two adults, a child and an infant.
func family(tok, from, to string) map[string]any {
	b := searchBody(tok, from, to, "2026-03-20", 2)
	b["AdultCount"], b["ChildCount"], b["InfantCount"] = 2, 1, 1
	return b
}

// familyPassengers are the four travellers of family with every document:
// PAN on the adults, passports, frequent-flyer numbers, special meals, and
// the company's GST details on the lead.
func familyPassengers(res map[string]any) []any {
	passport := func(p map[string]any, no string) map[string]any {
		p["PassportNo"], p["PassportExpiry"], p["Nationality"] = no, "2031-01-31T00:00:00", "IN"
		return withFare(p, res)
	}
	leadPax := lead()
	leadPax["PAN"], leadPax["FFAirlineCode"], leadPax["FFNumber"] = "abcde1234f", "AI", "123456789"
	leadPax["Meal"] = map[string]any{"Code": "VJML", "Description": "Vegetarian Jain Meal"}
	leadPax["GSTNumber"], leadPax["GSTCompanyName"], leadPax["GSTCompanyAddress"] = "27AAPFU0939F1ZV", "Udaan Traders", "4 Nariman Point, Mumbai"
	leadPax["GSTCompanyContactNumber"], leadPax["GSTCompanyEmail"] = "9820012345", "accounts@udaan.example"
	empty := func(p map[string]any) map[string]any {
		for _, k := range []string{"GSTNumber", "GSTCompanyName", "GSTCompanyAddress", "GSTCompanyContactNumber", "GSTCompanyEmail"} {
			p[k] = "" // as clients send them on the other passengers
		}
		return p
	}
	return []any{
		passport(leadPax, "Z1234567"),
		passport(empty(map[string]any{"Title": "Ms", "FirstName": "Isha", "LastName": "Mehta", "PaxType": 1, "Gender": 2,
			"DateOfBirth": "1990-02-02T00:00:00", "PAN": "BCDEF2345G", "FFAirlineCode": "6E", "FFNumber": "6E998877"}), "Z2345678"),
		passport(empty(map[string]any{"Title": "Miss", "FirstName": "Anya", "LastName": "Mehta", "PaxType": 2, "Gender": 2,
			"DateOfBirth": "2018-06-01T00:00:00", "Meal": map[string]any{"Code": "CHML", "Description": "Child Meal"}}), "Z3456789"),
		passport(empty(map[string]any{"Title": "Master", "FirstName": "Kabir", "LastName": "Mehta", "PaxType": 3, "Gender": 1,
			"DateOfBirth": "2025-08-01T00:00:00", "Meal": map[string]any{"Code": "BBML", "Description": "Baby Meal"}}), "Z4567890"),
	}
}

// The settings are read, replaced and reset through the control surface; a
// bad one is refused whole.
func TestAdminDocuments(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{GST: 0.25}})
	var d sim.Documents
	if e.admin(http.MethodGet, "documents", "", &d) != http.StatusOK || d != (sim.Documents{GST: 0.25, At: "book"}) {
		t.Fatalf("documents from the options: %+v", d)
	}
	if e.admin(http.MethodPut, "documents", `{"pan": 1, "passport": 0.5, "gst": 0, "noGst": 0.1, "at": "Ticket"}`, &d) != http.StatusOK ||
		d != (sim.Documents{PAN: 1, Passport: 0.5, NoGST: 0.1, At: "ticket"}) || e.sim.Documents() != d {
		t.Fatalf("documents after PUT: %+v", d)
	}
	for _, body := range []string{`{"pan": 2}`, `{"gst": -0.1}`, `{"at": "later"}`, `{"pans": 1}`, `not json`} {
		if code := e.admin(http.MethodPut, "documents", body, nil); code != http.StatusBadRequest {
			t.Errorf("%s: HTTP %d, want 400", body, code)
		}
	}
	if e.admin(http.MethodGet, "documents", "", &d); d != (sim.Documents{PAN: 1, Passport: 0.5, NoGST: 0.1, At: "ticket"}) {
		t.Fatalf("documents after refused changes: %+v", d)
	}
	if code := e.admin(http.MethodPost, "documents", `{}`, nil); code != http.StatusMethodNotAllowed {
		t.Errorf("POST documents: HTTP %d", code)
	}
	if e.admin(http.MethodDelete, "documents", "", &d) != http.StatusOK || d != (sim.Documents{GST: 0.25, At: "book"}) {
		t.Fatalf("documents after DELETE: %+v", d)
	}
}

// Which fares need what is drawn per offer: the same search flags the same
// results, FareQuote agrees with Search, the shares are roughly kept, and a
// change of settings leaves the searches made before it alone.
func TestDocumentFlagsAreDeterministic(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{PAN: 0.5, Passport: 0.3, GST: 0.3, NoGST: 0.3}})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	again := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	first, second := results(t, r, 0), results(t, again, 0)
	if len(first) < 20 {
		t.Fatalf("only %d results", len(first))
	}
	seen := map[string]int{}
	for i, res := range first {
		f := flagsOf(res)
		if flagsOf(second[i]) != f {
			t.Fatalf("result %d: %q, then %q", i, f, flagsOf(second[i]))
		}
		for _, k := range docFlags {
			if res[k] == true {
				seen[k]++
			}
		}
		if res["IsGSTMandatory"] == true && res["GSTAllowed"] != true {
			t.Fatalf("a fare needs GST details it does not take: %q", f)
		}
		if res["IsPanRequiredAtTicket"] == true || res["IsPassportRequiredAtTicket"] == true {
			t.Fatalf("domestic fare asks at Ticket though the settings say Book: %q", f)
		}
		q := e.air("FareQuote", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"]})
		if got := flagsOf(q["Results"].(map[string]any)); got != f {
			t.Fatalf("result %d: search %q, fare quote %q", i, f, got)
		}
	}
	n := len(first)
	for _, k := range []string{"IsPanRequiredAtBook", "IsPassportRequiredAtBook", "IsGSTMandatory"} {
		if seen[k] == 0 || seen[k] == n {
			t.Errorf("%s on %d of %d fares: the share is not drawn per fare", k, seen[k], n)
		}
	}
	if seen["GSTAllowed"] == n || seen["GSTAllowed"] == 0 {
		t.Errorf("GSTAllowed on %d of %d fares", seen["GSTAllowed"], n)
	}

	// New settings: the earlier trace keeps its flags, new searches follow.
	if code := e.admin(http.MethodPut, "documents", `{"pan": 1, "at": "ticket"}`, nil); code != http.StatusOK {
		t.Fatalf("PUT documents: HTTP %d", code)
	}
	q := e.air("FareQuote", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": first[0]["ResultIndex"]})
	if got := flagsOf(q["Results"].(map[string]any)); got != flagsOf(first[0]) {
		t.Fatalf("the change of settings reached an earlier trace: %q, was %q", got, flagsOf(first[0]))
	}
	for _, res := range results(t, e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2)), 0) {
		if f := flagsOf(res); f != "IsPanRequiredAtTicket GSTAllowed " {
			t.Fatalf("after the change: %q", f)
		}
	}
}

// With no settings nothing is asked beyond passports of international
// full-service fares, at Ticket, as before.
func TestDocumentsDefault(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	for _, res := range results(t, e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2)), 0) {
		if f := flagsOf(res); f != "GSTAllowed " {
			t.Fatalf("domestic: %q", f)
		}
	}
	gds := 0
	for _, res := range results(t, e.search(searchBody(tok, "DEL", "LHR", "2026-03-20", 2)), 0) {
		want := "GSTAllowed "
		if res["IsLCC"] == false {
			want, gds = "IsPassportRequiredAtTicket GSTAllowed ", gds+1
		}
		if f := flagsOf(res); f != want {
			t.Fatalf("international (LCC %v): %q", res["IsLCC"], f)
		}
	}
	if gds == 0 {
		t.Fatal("no full-service fare to London")
	}
}

// A family with every document books a fare that needs them all, and the
// supplier holds what was sent: PAN, passports, frequent flyer, special
// meals and GST.
func TestFamilyBookingKeepsDocuments(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{PAN: 1, Passport: 1, GST: 1}})
	tok := e.token()
	r := e.search(family(tok, "BOM", "DEL"))
	var res map[string]any
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] == false {
			res = x
			break
		}
	}
	if res == nil {
		t.Fatal("no full-service fare")
	}
	if f := flagsOf(res); f != "IsPanRequiredAtBook IsPassportRequiredAtBook GSTAllowed IsGSTMandatory " {
		t.Fatalf("flags %q", f)
	}
	pax := familyPassengers(res)
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"], "Passengers": pax})
	if b["ResponseStatus"] != 1.0 {
		t.Fatalf("Book: %v", b["Error"])
	}
	id := b["Response"].(map[string]any)["BookingId"]
	d := e.details(map[string]any{"TokenId": tok, "BookingId": id})
	held := d["FlightItinerary"].(map[string]any)["Passenger"].([]any)
	if len(held) != 4 {
		t.Fatalf("%d passengers held", len(held))
	}
	for i, x := range held {
		got, sent := x.(map[string]any), pax[i].(map[string]any)
		if num(got["PaxType"]) != num(sent["PaxType"]) || got["PassportNo"] != sent["PassportNo"] || got["PassportExpiry"] != "2031-01-31T00:00:00" ||
			got["FFAirlineCode"] != orEmpty(sent["FFAirlineCode"]) || got["FFNumber"] != orEmpty(sent["FFNumber"]) ||
			got["PAN"] != strings.ToUpper(orEmpty(sent["PAN"])) || got["GSTNumber"] != orEmpty(sent["GSTNumber"]) ||
			got["GSTCompanyName"] != orEmpty(sent["GSTCompanyName"]) || got["GSTCompanyAddress"] != orEmpty(sent["GSTCompanyAddress"]) ||
			got["GSTCompanyContactNumber"] != orEmpty(sent["GSTCompanyContactNumber"]) || got["GSTCompanyEmail"] != orEmpty(sent["GSTCompanyEmail"]) {
			t.Errorf("passenger %d: sent %v, held %v", i+1, sent, got)
		}
		meal, _ := sent["Meal"].(map[string]any)
		if heldMeal, _ := got["Meal"].(map[string]any); !maps.Equal(heldMeal, meal) {
			t.Errorf("passenger %d: meal %v, held %v", i+1, meal, got["Meal"])
		}
	}

	// An LCC ticket keeps the documents too, but not the special meals:
	// low-cost carriers sell meals.
	var lcc map[string]any
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] == true {
			lcc = x
			break
		}
	}
	tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": lcc["ResultIndex"],
		"AgentReferenceNo": "PT-2", "Passengers": familyPassengers(lcc)})
	if tk["ResponseStatus"] != 1.0 {
		t.Fatalf("LCC Ticket: %v", tk["Error"])
	}
	it := tk["Response"].(map[string]any)["FlightItinerary"].(map[string]any)
	for i, x := range it["Passenger"].([]any) {
		p := x.(map[string]any)
		if _, ok := p["Meal"]; ok || (i == 0 && (p["PAN"] != "ABCDE1234F" || p["GSTNumber"] != "27AAPFU0939F1ZV")) {
			t.Fatalf("LCC passenger %d: %v", i+1, p)
		}
	}
}

func orEmpty(v any) string {
	s, _ := v.(string)
	return s
}

// Book and the LCC Ticket refuse, as the supplier refuses an invalid
// request, passengers without the documents the fare needs, and bad PANs
// and GSTINs whatever the fare.
func TestDocumentRefusals(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{PAN: 1, Passport: 1, GST: 1}})
	tok := e.token()
	r := e.search(family(tok, "BOM", "DEL"))
	for _, lcc := range []bool{false, true} {
		var res map[string]any
		for _, x := range results(t, r, 0) {
			if x["IsLCC"] == lcc {
				res = x
				break
			}
		}
		for _, tc := range []struct {
			name   string
			change func(ps []any)
			want   string
		}{
			{"second adult without PAN", func(ps []any) { delete(ps[1].(map[string]any), "PAN") }, "PAN is mandatory for passenger 2."},
			{"bad PAN", func(ps []any) { ps[0].(map[string]any)["PAN"] = "ABCD1234F" }, "Invalid PAN for passenger 1"},
			{"infant without passport", func(ps []any) { ps[3].(map[string]any)["PassportNo"] = "" }, "Passport details are mandatory for passenger 4"},
			{"child without passport expiry", func(ps []any) { delete(ps[2].(map[string]any), "PassportExpiry") }, "Passport details are mandatory for passenger 3"},
			{"no GST", func(ps []any) {
				for _, k := range []string{"GSTNumber", "GSTCompanyName", "GSTCompanyAddress", "GSTCompanyContactNumber", "GSTCompanyEmail"} {
					delete(ps[0].(map[string]any), k)
				}
			}, "GST details are mandatory for this fare."},
			{"GST without company e-mail", func(ps []any) { ps[0].(map[string]any)["GSTCompanyEmail"] = "" }, "GSTCompanyEmail"},
			{"GSTIN with a wrong check character", func(ps []any) { ps[0].(map[string]any)["GSTNumber"] = "27AAPFU0939F1ZX" }, "Invalid GSTNumber for passenger 1"},
			{"GSTIN too short", func(ps []any) { ps[0].(map[string]any)["GSTNumber"] = "27AAPFU0939F1Z" }, "Invalid GSTNumber for passenger 1"},
			{"two infants", func(ps []any) {
				ps[1].(map[string]any)["PaxType"], ps[1].(map[string]any)["Title"], ps[1].(map[string]any)["DateOfBirth"] = 3, "Miss", "2025-09-09T00:00:00"
			}, "Each infant must travel with an adult."},
		} {
			ps := familyPassengers(res)
			tc.change(ps)
			body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"], "Passengers": ps}
			method := "Book"
			if lcc {
				method, body["AgentReferenceNo"] = "Ticket", "PT-3"
			}
			got := e.air(method, body)
			if _, msg := errorOf(got); got["ResponseStatus"] != 3.0 || !strings.Contains(msg, tc.want) {
				t.Errorf("%s (LCC %v): %v %q, want %q", tc.name, lcc, got["ResponseStatus"], msg, tc.want)
			}
		}
	}
	if n := e.sim.StoredBookings(); n != 0 {
		t.Fatalf("refused bookings were stored: %d", n)
	}
}

// A fare that takes no GST details refuses them.
func TestGSTNotAllowed(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{NoGST: 1}})
	tok := e.token()
	r := e.search(family(tok, "BOM", "DEL"))
	res := results(t, r, 0)[0]
	if f := flagsOf(res); f != "" {
		t.Fatalf("flags %q", f)
	}
	method, body := "Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"],
		"Passengers": familyPassengers(res), "AgentReferenceNo": "PT-4"}
	if res["IsLCC"] == true {
		method = "Ticket"
	}
	if got := e.air(method, body); got["ResponseStatus"] != 3.0 || !strings.Contains(got["Error"].(map[string]any)["ErrorMessage"].(string), "not allowed") {
		t.Fatalf("GST on a fare without GST: %v", got)
	}
}

// Documents asked for at Ticket: a full-service Book goes through without
// them, and the Ticket refuses until they are there. A PAN can only come
// with Book (the Ticket request has none); passports may come with Ticket.
func TestDocumentsAtTicket(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Documents: sim.Documents{PAN: 1, Passport: 1, At: sim.DocumentsAtTicket}})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	var gds []map[string]any
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] == false {
			gds = append(gds, x)
		}
	}
	if len(gds) < 2 {
		t.Fatalf("%d full-service fares", len(gds))
	}
	if f := flagsOf(gds[0]); f != "IsPanRequiredAtTicket IsPassportRequiredAtTicket GSTAllowed " {
		t.Fatalf("flags %q", f)
	}
	ticket := func(booked map[string]any, passports ...any) map[string]any {
		return e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"],
			"PNR": booked["PNR"], "BookingId": booked["BookingId"], "Passport": passports})
	}

	// Booked without PAN: the ticket is refused, and stays so.
	noPAN := e.book(tok, r["TraceId"].(string), gds[0])
	if got := ticket(noPAN, map[string]any{"PassportNo": "Z1234567", "PassportExpiry": "2031-01-31T00:00:00"}); got["ResponseStatus"] != 3.0 ||
		!strings.Contains(got["Error"].(map[string]any)["ErrorMessage"].(string), "PAN is mandatory for passenger 1.") {
		t.Fatalf("Ticket of a booking without PAN: %v", got)
	}

	// Booked with PAN: the ticket needs the passport, then issues.
	p := withFare(lead(), gds[1])
	p["PAN"] = "ABCDE1234F"
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": gds[1]["ResultIndex"], "Passengers": []any{p}})
	if b["ResponseStatus"] != 1.0 {
		t.Fatalf("Book: %v", b["Error"])
	}
	booked := b["Response"].(map[string]any)
	if got := ticket(booked); got["ResponseStatus"] != 3.0 || !strings.Contains(got["Error"].(map[string]any)["ErrorMessage"].(string), "Passport details are mandatory") {
		t.Fatalf("Ticket without passports: %v", got)
	}
	paxID := booked["FlightItinerary"].(map[string]any)["Passenger"].([]any)[0].(map[string]any)["PaxId"]
	got := ticket(booked, map[string]any{"PaxId": paxID, "PassportNo": "Z1234567", "PassportExpiry": "2031-01-31T00:00:00"})
	if got["ResponseStatus"] != 1.0 || got["Response"].(map[string]any)["TicketStatus"] != 1.0 {
		t.Fatalf("Ticket with the passport: %v", got)
	}
	held := got["Response"].(map[string]any)["FlightItinerary"].(map[string]any)["Passenger"].([]any)[0].(map[string]any)
	if held["PAN"] != "ABCDE1234F" || held["PassportNo"] != "Z1234567" {
		t.Fatalf("ticketed passenger %v", held)
	}
}
