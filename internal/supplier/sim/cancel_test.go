package sim_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// Travellers of the cancellation tests, with passports so that
// international full-service fares take them too.
func traveller(title, first string, paxType, gender int, dob string) map[string]any {
	return map[string]any{"Title": title, "FirstName": first, "LastName": "Mehta", "PaxType": paxType, "Gender": gender,
		"DateOfBirth": dob, "PassportNo": "Z1234" + first[:1], "PassportExpiry": "2031-01-01T00:00:00", "Nationality": "IN"}
}

func leadWithPassport() map[string]any {
	p := lead()
	p["PassportNo"], p["PassportExpiry"] = "Z12345A", "2031-01-01T00:00:00"
	return p
}

func secondAdult() map[string]any {
	return traveller("Ms", "Isha", 1, 2, "1990-02-02T00:00:00")
}

func infant() map[string]any { return traveller("Master", "Kabir", 3, 1, "2025-06-01T00:00:00") }

// trip is a ticketed booking: its id, the booked result, and per passenger
// the ticket, what it cost (the passenger's PublishedFare) and its basic
// fare and fuel surcharge.
type trip struct {
	id      float64
	res     map[string]any
	tickets []float64
	paid    []float64
	basic   []float64
}

// tripSearch is a search for the passengers given: one way from → to on
// 20 March 2026, or a return a week later.
func tripSearch(tok, from, to string, ret bool, pax []map[string]any) map[string]any {
	b := searchBody(tok, from, to, "2026-03-20", 2)
	var counts [3]int
	for _, p := range pax {
		counts[p["PaxType"].(int)-1]++
	}
	b["AdultCount"], b["ChildCount"], b["InfantCount"] = counts[0], counts[1], counts[2]
	if ret {
		b["JourneyType"] = 2
		b["Segments"] = append(b["Segments"].([]map[string]any), map[string]any{"Origin": to, "Destination": from, "FlightCabinClass": 2,
			"PreferredDepartureTime": "2026-03-27T00:00:00", "PreferredArrivalTime": "2026-03-27T00:00:00"})
	}
	return b
}

// ticketed books (full-service) and tickets the first result of search that
// want accepts, for pax.
func (e *env) ticketed(tok string, search map[string]any, pax []map[string]any, want func(res map[string]any) bool) trip {
	e.t.Helper()
	r := e.search(search)
	var res map[string]any
	for _, x := range results(e.t, r, 0) {
		if want(x) {
			res = x
			break
		}
	}
	if res == nil {
		e.t.Fatal("no result fits the test")
	}
	traceID := r["TraceId"]
	var ps []any
	for _, p := range pax {
		ps = append(ps, withFare(p, res))
	}
	ps[0].(map[string]any)["IsLeadPax"] = true
	var id any
	if res["IsLCC"] == true {
		tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceID, "ResultIndex": res["ResultIndex"],
			"AgentReferenceNo": "PT-1", "Passengers": ps})
		if tk["ResponseStatus"] != 1.0 || tk["Response"].(map[string]any)["TicketStatus"] != 1.0 {
			e.t.Fatalf("LCC Ticket: %v", tk["Error"])
		}
		id = tk["Response"].(map[string]any)["BookingId"]
	} else {
		b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceID, "ResultIndex": res["ResultIndex"], "Passengers": ps})
		if b["ResponseStatus"] != 1.0 {
			e.t.Fatalf("Book: %v", b["Error"])
		}
		inner := b["Response"].(map[string]any)
		tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceID, "PNR": inner["PNR"], "BookingId": inner["BookingId"]})
		if tk["ResponseStatus"] != 1.0 || tk["Response"].(map[string]any)["TicketStatus"] != 1.0 {
			e.t.Fatalf("Ticket: %v", tk["Error"])
		}
		id = inner["BookingId"]
	}
	tr := trip{id: num(id), res: res}
	for _, p := range e.tickets(tok, tr.id) {
		tr.tickets = append(tr.tickets, num(p["Ticket"].(map[string]any)["TicketId"]))
		f := p["Fare"].(map[string]any)
		tr.paid = append(tr.paid, num(f["PublishedFare"]))
		tr.basic = append(tr.basic, num(f["BaseFare"])+num(f["YQTax"]))
	}
	return tr
}

// refundable picks a refundable fare of the given source (LCC or not).
func refundable(lcc bool) func(map[string]any) bool {
	return func(r map[string]any) bool { return r["IsRefundable"] == true && r["IsLCC"] == lcc }
}

// tickets are a booking's passengers as GetBookingDetails shows them.
func (e *env) tickets(tok string, id float64) []map[string]any {
	e.t.Helper()
	r := e.details(map[string]any{"TokenId": tok, "BookingId": id})
	if r["ResponseStatus"] != 1.0 {
		e.t.Fatalf("GetBookingDetails %v: %v", id, r["Error"])
	}
	var out []map[string]any
	for _, p := range r["FlightItinerary"].(map[string]any)["Passenger"].([]any) {
		out = append(out, p.(map[string]any))
	}
	return out
}

// ticketState is a passenger's ticket Status, change request and its
// status, from GetBookingDetails.
func ticketState(p map[string]any) (string, float64, float64) {
	tk := p["Ticket"].(map[string]any)
	return tk["Status"].(string), num(tk["ChangeRequestId"]), num(tk["ChangeRequestStatus"])
}

// charges asks GetCancellationCharges for the whole booking (no tickets) or
// for some tickets (and sectors).
func (e *env) charges(tok string, id float64, tickets []float64, sectors ...[2]string) map[string]any {
	e.t.Helper()
	body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": id, "RequestType": 1, "BookingMode": 5}
	if len(tickets) > 0 {
		body["RequestType"], body["TicketId"] = 2, tickets
	}
	if len(sectors) > 0 {
		body["Sectors"] = sectorList(sectors)
	}
	return e.air("GetCancellationCharges", body)
}

func sectorList(sectors [][2]string) []map[string]any {
	var out []map[string]any
	for _, s := range sectors {
		out = append(out, map[string]any{"Origin": s[0], "Destination": s[1]})
	}
	return out
}

// changeBody is a SendChangeRequest: full without tickets, partial with.
func changeBody(tok string, id float64, tickets []float64, sectors ...[2]string) map[string]any {
	body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": id, "RequestType": 1, "CancellationType": 3,
		"Remarks": "Traveller cancelled"}
	if len(tickets) > 0 {
		body["RequestType"], body["TicketId"] = 2, tickets
	}
	if len(sectors) > 0 {
		body["Sectors"] = sectorList(sectors)
	}
	return body
}

// change sends a SendChangeRequest that must succeed and returns its
// TicketCRInfo.
func (e *env) change(body map[string]any) []map[string]any {
	e.t.Helper()
	r := e.air("SendChangeRequest", body)
	if r["ResponseStatus"] != 1.0 || r["TraceId"] == "" {
		e.t.Fatalf("SendChangeRequest: %v", r["Error"])
	}
	var out []map[string]any
	for _, x := range r["TicketCRInfo"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func (e *env) changeStatus(tok string, id float64) map[string]any {
	e.t.Helper()
	return e.air("GetChangeRequestStatus", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "ChangeRequestId": id})
}

// cancellationFee is a journey's per-passenger cancellation fee from the
// result's mini fare rules: from 72 hours before departure on (early) or
// within them.
func cancellationFee(t *testing.T, res map[string]any, journey int, early bool) float64 {
	t.Helper()
	from := "0"
	if early {
		from = "72"
	}
	for _, x := range res["MiniFareRules"].([]any)[journey].([]any) {
		r := x.(map[string]any)
		if r["Type"] == "Cancellation" && r["From"] == from {
			v, err := strconv.ParseFloat(strings.TrimPrefix(r["Details"].(string), "INR "), 64)
			if err != nil {
				t.Fatalf("cancellation rule %v", r)
			}
			return v
		}
	}
	t.Fatalf("no cancellation rule in %v", res["MiniFareRules"])
	return 0
}

// refused reports whether an answer is a refusal with that status and code
// whose message holds want.
func refused(r map[string]any, status, code float64, want string) bool {
	c, msg := errorOf(r)
	return r["ResponseStatus"] == status && c == code && strings.Contains(msg, want)
}

var fourDecimals = regexp.MustCompile(`"(RefundAmount|CancellationCharge|RefundedAmount)":\d+\.\d{4}[,}]`)

// A whole booking of two adults and an infant is priced, cancelled, and
// followed to Completed: the change requests end with the charge and refund
// GetCancellationCharges quoted, per ticket the fare rules' fee (a flat one
// for the infant) and what the ticket cost less it; the booking then shows
// every ticket cancelled and its segments XX, and nothing more can be
// cancelled.
func TestCancelAWholeBooking(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	pax := []map[string]any{lead(), secondAdult(), infant()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(false))

	whole := e.charges(tok, tr.id, nil)
	if whole["ResponseStatus"] != 1.0 || whole["Currency"] != "INR" || whole["Remarks"] == "" {
		t.Fatalf("charges: %v", whole)
	}
	fee := cancellationFee(t, tr.res, 0, true)
	wantCharge := [3]float64{min(fee, tr.basic[0]), min(fee, tr.basic[1]), min(250, tr.basic[2])}
	var sumCharge, sumRefund float64
	for i, tk := range tr.tickets {
		one := e.charges(tok, tr.id, []float64{tk})
		if num(one["CancellationCharge"]) != wantCharge[i] || num(one["RefundAmount"]) != tr.paid[i]-wantCharge[i] {
			t.Errorf("ticket %d: charge %v refund %v, want %v and %v", i, one["CancellationCharge"], one["RefundAmount"], wantCharge[i], tr.paid[i]-wantCharge[i])
		}
		sumCharge += num(one["CancellationCharge"])
		sumRefund += num(one["RefundAmount"])
	}
	if num(whole["CancellationCharge"]) != sumCharge || num(whole["RefundAmount"]) != sumRefund {
		t.Fatalf("whole booking %v/%v, tickets add up to %v/%v", whole["CancellationCharge"], whole["RefundAmount"], sumCharge, sumRefund)
	}
	_, raw, err := e.raw(context.Background(), airPath+"GetCancellationCharges",
		map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": tr.id, "RequestType": "1", "BookingMode": "5"})
	if err != nil || len(fourDecimals.FindAll(raw, -1)) != 2 {
		t.Fatalf("amounts are not written with four decimals: %s", raw)
	}

	crs := e.change(changeBody(tok, tr.id, nil))
	if len(crs) != 3 {
		t.Fatalf("%d change requests for 3 tickets", len(crs))
	}
	ids := map[float64]float64{}
	for i, cr := range crs {
		if cr["TicketId"] != tr.tickets[i] || cr["Status"] != 1.0 || cr["RefundedAmount"] != nil || cr["CreditNoteNo"] != nil {
			t.Fatalf("change request %d: %v", i, cr)
		}
		ids[num(cr["ChangeRequestId"])] = tr.tickets[i]
	}
	if len(ids) != 3 {
		t.Fatalf("change request ids %v", ids)
	}
	for i, p := range e.tickets(tok, tr.id) {
		if st, id, cs := ticketState(p); st != "CancellationInProgress" || id != num(crs[i]["ChangeRequestId"]) || cs != 1 {
			t.Fatalf("ticket %d while in progress: %s %v %v", i, st, id, cs)
		}
	}
	if status, segs := e.itineraryStatus(tok, tr.id); status != 1 || segs[0] != "HK" {
		t.Fatalf("booking being cancelled: status %v, segments %v", status, segs)
	}

	for _, step := range []struct {
		after time.Duration
		want  float64
	}{{59 * time.Second, 1}, {time.Second, 3}, {4*time.Minute - time.Second, 3}, {time.Second, 4}} {
		e.clock.Advance(step.after)
		if st := e.changeStatus(tok, num(crs[0]["ChangeRequestId"])); st["ChangeRequestStatus"] != step.want {
			t.Fatalf("status after %s more: %v, want %v", step.after, st["ChangeRequestStatus"], step.want)
		}
	}
	var charged, refunded float64
	for i, cr := range crs {
		st := e.changeStatus(tok, num(cr["ChangeRequestId"]))
		if st["ResponseStatus"] != 1.0 || st["ChangeRequestStatus"] != 4.0 || st["TicketId"] != tr.tickets[i] ||
			!strings.HasPrefix(st["CreditNoteNo"].(string), "CN/2526/") || st["CreditNoteCreatedOn"] != "2026-03-01T10:05:00" ||
			num(st["CancellationCharge"]) != wantCharge[i] {
			t.Fatalf("completed change request %d: %v", i, st)
		}
		charged += num(st["CancellationCharge"])
		refunded += num(st["RefundedAmount"])
	}
	if charged != num(whole["CancellationCharge"]) || refunded != num(whole["RefundAmount"]) {
		t.Fatalf("change requests ended with %v/%v, the charges said %v/%v", charged, refunded, whole["CancellationCharge"], whole["RefundAmount"])
	}
	for i, p := range e.tickets(tok, tr.id) {
		if st, _, cs := ticketState(p); st != "Cancelled" || cs != 4 {
			t.Fatalf("ticket %d after completion: %s %v", i, st, cs)
		}
	}
	status, segs := e.itineraryStatus(tok, tr.id)
	if status != 8 || segs[0] != "XX" {
		t.Fatalf("cancelled booking: status %v, segments %v", status, segs)
	}
	if r := e.charges(tok, tr.id, nil); !refused(r, 2, 10, "already cancelled") {
		t.Fatalf("charges of a cancelled booking: %v", r)
	}
	if r := e.air("SendChangeRequest", changeBody(tok, tr.id, tr.tickets[:1])); !refused(r, 2, 10, "already cancelled") {
		t.Fatalf("a second change request: %v", r)
	}
	for _, b := range e.simBookings() {
		if b.BookingID == int(tr.id) && (!b.Cancelled || len(b.ChangeRequests) != 3 || b.ChangeRequests[2].Status != 4) {
			t.Fatalf("the control surface lists %+v", b)
		}
	}
}

// One traveller of two is cancelled on a low-cost fare: the other keeps
// their ticket, the cancelled ticket takes no second request while its own
// is pending or after it completes, and a full cancellation is refused
// meanwhile.
func TestCancelOneOfTwoTravellers(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{AcknowledgeAfter: time.Minute, CompleteAfter: 10 * time.Minute}})
	tok := e.token()
	pax := []map[string]any{lead(), secondAdult()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(true))
	quoted := e.charges(tok, tr.id, tr.tickets[1:])

	crs := e.change(changeBody(tok, tr.id, tr.tickets[1:]))
	if len(crs) != 1 || crs[0]["TicketId"] != tr.tickets[1] || crs[0]["Status"] != 7.0 {
		t.Fatalf("partial change request on a low-cost fare: %v", crs)
	}
	ps := e.tickets(tok, tr.id)
	if st, id, _ := ticketState(ps[0]); st != "OK" || id != 0 {
		t.Fatalf("the traveller who stays: %s, change request %v", st, id)
	}
	if st, id, cs := ticketState(ps[1]); st != "CancellationInProgress" || id != num(crs[0]["ChangeRequestId"]) || cs != 7 {
		t.Fatalf("the traveller cancelled: %s %v %v", st, id, cs)
	}
	for name, r := range map[string]map[string]any{
		"a second request":   e.air("SendChangeRequest", changeBody(tok, tr.id, tr.tickets[1:])),
		"a full request":     e.air("SendChangeRequest", changeBody(tok, tr.id, nil)),
		"charges of it":      e.charges(tok, tr.id, tr.tickets[1:]),
		"charges of the two": e.charges(tok, tr.id, nil),
	} {
		if !refused(r, 2, 10, "already in progress") {
			t.Errorf("%s while the first is pending: %v", name, r)
		}
	}
	if r := e.charges(tok, tr.id, tr.tickets[:1]); r["ResponseStatus"] != 1.0 {
		t.Fatalf("charges of the ticket that stays: %v", r["Error"])
	}

	e.clock.Advance(10 * time.Minute)
	ps = e.tickets(tok, tr.id)
	if st, _, _ := ticketState(ps[0]); st != "OK" {
		t.Fatalf("the traveller who stays: %s", st)
	}
	if st, _, cs := ticketState(ps[1]); st != "Cancelled" || cs != 4 {
		t.Fatalf("the traveller cancelled: %s %v", st, cs)
	}
	if status, segs := e.itineraryStatus(tok, tr.id); status != 1 || segs[0] != "HK" {
		t.Fatalf("a partly cancelled booking: status %v, segments %v", status, segs)
	}
	st := e.changeStatus(tok, num(crs[0]["ChangeRequestId"]))
	if st["CancellationCharge"] != quoted["CancellationCharge"] || st["RefundedAmount"] != quoted["RefundAmount"] {
		t.Fatalf("completed with %v/%v, quoted %v/%v", st["CancellationCharge"], st["RefundedAmount"], quoted["CancellationCharge"], quoted["RefundAmount"])
	}
	if r := e.air("SendChangeRequest", changeBody(tok, tr.id, tr.tickets[1:])); !refused(r, 2, 10, "already cancelled") {
		t.Fatalf("a request for the cancelled ticket: %v", r)
	}
}

// A low-cost airline that refunds at once answers the change request
// Completed, with the amounts and the credit note; a full-service one in
// the same simulator starts Unassigned.
func TestLowCostCancellationCompletesAtOnce(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{AcknowledgeAfter: time.Hour, CompleteAfter: 2 * time.Hour, InstantLCC: 1}})
	tok := e.token()
	pax := []map[string]any{lead()}
	lcc := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(true))
	quoted := e.charges(tok, lcc.id, nil)

	_, raw, err := e.raw(context.Background(), airPath+"SendChangeRequest", changeBody(tok, lcc.id, nil))
	if err != nil || len(fourDecimals.FindAll(raw, -1)) != 2 || !strings.Contains(string(raw), `"B2B2BStatus":false`) {
		t.Fatalf("an instant cancellation's answer: %v %s", err, raw)
	}
	ps := e.tickets(tok, lcc.id)
	_, id, _ := ticketState(ps[0])
	st := e.changeStatus(tok, id)
	if st["ChangeRequestStatus"] != 4.0 || st["CreditNoteNo"] == nil || st["RefundedAmount"] != quoted["RefundAmount"] ||
		st["CancellationCharge"] != quoted["CancellationCharge"] || num(st["RefundedAmount"]) != lcc.paid[0]-num(st["CancellationCharge"]) {
		t.Fatalf("instant cancellation %v, quoted %v", st, quoted)
	}
	if s, _, _ := ticketState(ps[0]); s != "Cancelled" {
		t.Fatalf("ticket %s", s)
	}

	gds := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(false))
	if crs := e.change(changeBody(tok, gds.id, nil)); crs[0]["Status"] != 1.0 || crs[0]["CreditNoteNo"] != nil {
		t.Fatalf("a full-service cancellation: %v", crs)
	}
}

// A non-refundable fare is cancelled too, as the DGCA's refund
// requirements oblige: the airline keeps the basic fare and YQ and gives
// back the taxes and airport fees, quoted and completed alike.
func TestNonRefundableFareRefundsItsTaxes(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{}})
	tok := e.token()
	pax := []map[string]any{lead()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, func(r map[string]any) bool { return r["IsRefundable"] == false })

	q := e.charges(tok, tr.id, nil)
	if q["ResponseStatus"] != 1.0 || num(q["CancellationCharge"]) <= 0 || num(q["RefundAmount"]) <= 0 {
		t.Fatalf("charges of a non-refundable fare: %v", q)
	}
	crs := e.change(changeBody(tok, tr.id, nil))
	if len(crs) != 1 || crs[0]["Status"] == 5.0 {
		t.Fatalf("a change request on a non-refundable fare: %v", crs)
	}
	st := e.changeStatus(tok, num(crs[0]["ChangeRequestId"]))
	if st["ChangeRequestStatus"] != 4.0 || num(st["RefundedAmount"]) != num(q["RefundAmount"]) || num(st["CancellationCharge"]) != num(q["CancellationCharge"]) {
		t.Fatalf("the completed request %v; quoted %v", st, q)
	}
}

// The fee rises within 72 hours of departure, and cancellations close 2
// hours before it: a change request made then is rejected, and after
// departure too.
func TestChargesFollowTheDeparture(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{}})
	tok := e.token()
	pax := []map[string]any{lead(), secondAdult()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(false))
	dep, err := time.ParseInLocation("2006-01-02T15:04:05", segments(tr.res)[0][0]["Origin"].(map[string]any)["DepTime"].(string), ist)
	if err != nil {
		t.Fatal(err)
	}
	early, late := cancellationFee(t, tr.res, 0, true), cancellationFee(t, tr.res, 0, false)
	if late <= early {
		t.Fatalf("fees %v early, %v late", early, late)
	}
	moveTo := func(at time.Time) {
		e.clock.Advance(at.Sub(e.clock.Now()))
		tok = e.token() // a token lasts the day
	}

	if r := e.charges(tok, tr.id, tr.tickets[:1]); num(r["CancellationCharge"]) != min(early, tr.basic[0]) {
		t.Fatalf("charge 19 days ahead: %v, want %v", r["CancellationCharge"], early)
	}
	moveTo(dep.Add(-72*time.Hour - time.Minute))
	if r := e.charges(tok, tr.id, tr.tickets[:1]); num(r["CancellationCharge"]) != min(early, tr.basic[0]) {
		t.Fatalf("charge just over 72 hours ahead: %v, want %v", r["CancellationCharge"], early)
	}
	moveTo(dep.Add(-72 * time.Hour))
	quoted := e.charges(tok, tr.id, tr.tickets[:1])
	if num(quoted["CancellationCharge"]) != min(late, tr.basic[0]) {
		t.Fatalf("charge 72 hours ahead: %v, want %v", quoted["CancellationCharge"], late)
	}
	crs := e.change(changeBody(tok, tr.id, tr.tickets[:1]))
	if crs[0]["Status"] != 4.0 || crs[0]["CancellationCharge"] != quoted["CancellationCharge"] || crs[0]["RefundedAmount"] != quoted["RefundAmount"] {
		t.Fatalf("instant cancellation %v, quoted %v", crs[0], quoted)
	}

	moveTo(dep.Add(-2*time.Hour + time.Second))
	if r := e.charges(tok, tr.id, tr.tickets[1:]); !refused(r, 2, 10, "close 2 hours before departure") {
		t.Fatalf("charges within 2 hours of departure: %v", r)
	}
	moveTo(dep.Add(time.Minute))
	if r := e.charges(tok, tr.id, tr.tickets[1:]); !refused(r, 2, 10, "has departed") {
		t.Fatalf("charges after departure: %v", r)
	}
	if crs := e.change(changeBody(tok, tr.id, tr.tickets[1:])); crs[0]["Status"] != 5.0 || !strings.Contains(crs[0]["Remarks"].(string), "has departed") {
		t.Fatalf("a change request after departure: %v", crs)
	}
	if s, _, _ := ticketState(e.tickets(tok, tr.id)[1]); s != "OK" {
		t.Fatalf("the flown ticket: %s", s)
	}
}

// On a short, cheap flight the fee is more than the basic fare: the charge
// stops at the basic fare (and fuel surcharge), and the taxes and airport
// fees come back.
func TestChargeCappedAtTheBasicFare(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	pax := []map[string]any{lead()}
	fee := 0.0
	tr := e.ticketed(tok, tripSearch(tok, "BLR", "MAA", false, pax), pax, func(r map[string]any) bool {
		if r["IsRefundable"] != true {
			return false
		}
		fee = cancellationFee(t, r, 0, true)
		return fee > num(fare(r)["BaseFare"])+num(fare(r)["YQTax"])
	})
	r := e.charges(tok, tr.id, nil)
	if num(r["CancellationCharge"]) != tr.basic[0] || num(r["RefundAmount"]) != tr.paid[0]-tr.basic[0] || num(r["RefundAmount"]) <= 0 {
		t.Fatalf("fee %v on a basic fare of %v (paid %v): charged %v, refunded %v", fee, tr.basic[0], tr.paid[0], r["CancellationCharge"], r["RefundAmount"])
	}
}

// A full-service return is cancelled on its outbound journey only: the
// sector must name a whole journey, the two journeys' charges add up to the
// whole ticket's, the ticket ends partly cancelled with the outbound
// segments XX, and the inbound journey is not cancelled by a second
// request. A low-cost return cancels whole tickets only.
func TestCancelOneJourneyOfAReturn(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{}})
	tok := e.token()
	pax := []map[string]any{leadWithPassport()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DXB", true, pax), pax, func(r map[string]any) bool {
		return refundable(false)(r) && len(segments(r)[0]) == 2
	})
	via := segments(tr.res)[0][0]["Destination"].(map[string]any)["Airport"].(map[string]any)["AirportCode"].(string)
	tk := tr.tickets[:1]
	if r := e.charges(tok, tr.id, tk, [2]string{"BOM", via}); !refused(r, 3, 3, "one flight of the connection") {
		t.Fatalf("a flight of a connection: %v", r)
	}
	if r := e.charges(tok, tr.id, tk, [2]string{"BOM", "LHR"}); !refused(r, 3, 3, "not a sector") {
		t.Fatalf("a sector not booked: %v", r)
	}
	out, in, whole := e.charges(tok, tr.id, tk, [2]string{"BOM", "DXB"}), e.charges(tok, tr.id, tk, [2]string{"dxb", "bom"}), e.charges(tok, tr.id, tk)
	if num(out["RefundAmount"])+num(in["RefundAmount"]) != num(whole["RefundAmount"]) ||
		num(out["CancellationCharge"])+num(in["CancellationCharge"]) != num(whole["CancellationCharge"]) ||
		num(whole["RefundAmount"])+num(whole["CancellationCharge"]) != tr.paid[0] || num(out["RefundAmount"]) <= 0 {
		t.Fatalf("outbound %v/%v, inbound %v/%v, whole %v/%v of %v", out["CancellationCharge"], out["RefundAmount"],
			in["CancellationCharge"], in["RefundAmount"], whole["CancellationCharge"], whole["RefundAmount"], tr.paid[0])
	}
	crs := e.change(changeBody(tok, tr.id, tk, [2]string{"BOM", "DXB"}))
	if crs[0]["Status"] != 4.0 || crs[0]["RefundedAmount"] != out["RefundAmount"] {
		t.Fatalf("outbound cancelled with %v, quoted %v", crs[0], out)
	}
	if s, _, _ := ticketState(e.tickets(tok, tr.id)[0]); s != "PartiallyCancelled" {
		t.Fatalf("ticket %s", s)
	}
	status, segs := e.itineraryStatus(tok, tr.id)
	outbound := len(segments(tr.res)[0])
	for i, s := range segs {
		if want := map[bool]string{true: "XX", false: "HK"}[i < outbound]; status != 1 || s != want {
			t.Fatalf("outbound cancelled: status %v, segments %v", status, segs)
		}
	}
	if r := e.air("SendChangeRequest", changeBody(tok, tr.id, tk, [2]string{"DXB", "BOM"})); !refused(r, 2, 10, "already cancelled") {
		t.Fatalf("the inbound journey after the outbound: %v", r)
	}

	lcc := e.ticketed(tok, tripSearch(tok, "BOM", "DXB", true, pax), pax, refundable(true))
	if r := e.air("SendChangeRequest", changeBody(tok, lcc.id, lcc.tickets, [2]string{"BOM", "DXB"})); !refused(r, 2, 10, "not allowed") {
		t.Fatalf("a sector of a low-cost return: %v", r)
	}
	if crs := e.change(changeBody(tok, lcc.id, lcc.tickets, [2]string{"BOM", "DXB"}, [2]string{"DXB", "BOM"})); crs[0]["Status"] != 4.0 {
		t.Fatalf("both sectors of a low-cost return: %v", crs)
	}
}

// Requests the supplier refuses whatever the tickets' state, and bookings
// that have no tickets to cancel.
func TestCancellationRefusals(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	pax := []map[string]any{lead(), secondAdult(), infant()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(false))
	other := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax[:1]), pax[:1], refundable(false))

	for _, tc := range []struct {
		name         string
		change       func(b map[string]any)
		status, code float64
		want         string
	}{
		{"no booking", func(b map[string]any) { delete(b, "BookingId") }, 3, 3, "BookingId is mandatory"},
		{"unknown booking", func(b map[string]any) { b["BookingId"] = 42 }, 2, 9, "No booking found"},
		{"reissue", func(b map[string]any) { b["RequestType"] = 3 }, 3, 3, "Reissuance"},
		{"no request type", func(b map[string]any) { delete(b, "RequestType") }, 3, 3, "RequestType must be"},
		{"no reason", func(b map[string]any) { delete(b, "CancellationType") }, 3, 3, "CancellationType is mandatory"},
		{"partial without tickets", func(b map[string]any) { b["RequestType"] = 2 }, 3, 3, "TicketId is mandatory"},
		{"another booking's ticket", func(b map[string]any) { b["RequestType"], b["TicketId"] = 2, other.tickets }, 3, 3, "does not belong"},
		{"full naming some tickets", func(b map[string]any) { b["TicketId"] = tr.tickets[:2] }, 3, 3, "covers every ticket"},
		{"an infant left alone", func(b map[string]any) { b["RequestType"], b["TicketId"] = 2, tr.tickets[:2] }, 3, 3, "infant"},
		{"an expired token", func(b map[string]any) { b["TokenId"] = "nope" }, 4, 6, "Invalid Token"},
	} {
		body := changeBody(tok, tr.id, nil)
		tc.change(body)
		if r := e.air("SendChangeRequest", body); !refused(r, tc.status, tc.code, tc.want) {
			t.Errorf("SendChangeRequest, %s: %v", tc.name, r)
		}
		if tc.name == "no reason" {
			continue
		}
		delete(body, "CancellationType")
		delete(body, "Remarks")
		body["BookingMode"] = 5
		if r := e.air("GetCancellationCharges", body); !refused(r, tc.status, tc.code, tc.want) {
			t.Errorf("GetCancellationCharges, %s: %v", tc.name, r)
		}
	}
	if r := e.air("GetCancellationCharges", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": tr.id, "RequestType": 1, "BookingMode": 4}); !refused(r, 3, 3, "BookingMode") {
		t.Errorf("another booking mode: %v", r)
	}
	// Ticket ids arrive loosely typed; one adult with the infant leaves the
	// other adult on board, which is allowed.
	for _, ids := range []any{[]string{strconv.Itoa(int(tr.tickets[0])), strconv.Itoa(int(tr.tickets[2]))}, strconv.Itoa(int(tr.tickets[0])) + "," + strconv.Itoa(int(tr.tickets[2]))} {
		body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": strconv.Itoa(int(tr.id)), "RequestType": "2", "BookingMode": "5", "TicketId": ids}
		if r := e.air("GetCancellationCharges", body); r["ResponseStatus"] != 1.0 {
			t.Errorf("ticket ids %v: %v", ids, r["Error"])
		}
	}
	if r := e.changeStatus(tok, 42); !refused(r, 2, 9, "No change request found") {
		t.Errorf("an unknown change request: %v", r)
	}
	if r := e.air("GetChangeRequestStatus", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok}); !refused(r, 3, 3, "ChangeRequestId is mandatory") {
		t.Errorf("no change request: %v", r)
	}

	// A held booking is released, not cancelled; a released one has
	// nothing to cancel.
	traceID, res := e.pick(tok, false)
	held := e.book(tok, traceID, res)
	if r := e.air("SendChangeRequest", changeBody(tok, num(held["BookingId"]), nil)); !refused(r, 2, 10, "not ticketed") {
		t.Errorf("a held booking: %v", r)
	}
	if r := e.air("ReleasePNRRequest", releaseBody(tok, held["BookingId"], res)); r["ResponseStatus"] != 1.0 {
		t.Fatal(r["Error"])
	}
	if r := e.charges(tok, num(held["BookingId"]), nil); !refused(r, 2, 10, "released") {
		t.Errorf("a released booking: %v", r)
	}
	for _, b := range e.simBookings() {
		if len(b.ChangeRequests) > 0 {
			t.Fatalf("a refused request made a change request: %+v", b)
		}
	}
}

// SendChangeRequest is subject to the fault plan like Book and Ticket: a
// request whose answer is lost (dropped after the work, or slower than the
// caller waits) has made its change requests, which the booking's details
// and GetChangeRequestStatus show and which a resend does not repeat; one
// dropped before the work, or failed, has made none.
func TestLostChangeRequestStillHappened(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	pax := []map[string]any{lead(), secondAdult()}
	tr := e.ticketed(tok, tripSearch(tok, "BOM", "DEL", false, pax), pax, refundable(false))

	if _, _, err := e.raw(context.Background(), airPath+"SendChangeRequest", changeBody(tok, tr.id, tr.tickets[:1]), sim.HeaderDrop, "before"); err == nil {
		t.Fatal("a change request dropped before the work answered")
	}
	r := e.air("SendChangeRequest", changeBody(tok, tr.id, tr.tickets[:1]), sim.HeaderError, "true")
	if code, msg := errorOf(r); r["ResponseStatus"] != 2.0 || code != 2 || !strings.Contains(msg, "Change request failed") {
		t.Fatalf("a failed change request: %v", r)
	}
	if _, id, _ := ticketState(e.tickets(tok, tr.id)[0]); id != 0 {
		t.Fatalf("a dropped or failed request made change request %v", id)
	}

	if code := e.admin(http.MethodPut, "faults", `{"SendChangeRequest": {"drop": "after"}}`, nil); code != http.StatusOK {
		t.Fatalf("PUT faults: HTTP %d", code)
	}
	if _, _, err := e.raw(context.Background(), airPath+"SendChangeRequest", changeBody(tok, tr.id, tr.tickets[:1])); err == nil {
		t.Fatal("a change request dropped after the work answered")
	}
	e.admin(http.MethodDelete, "faults", "", nil)
	st, id, cs := ticketState(e.tickets(tok, tr.id)[0])
	if st != "CancellationInProgress" || id == 0 || cs != 1 {
		t.Fatalf("the lost request's ticket: %s %v %v", st, id, cs)
	}
	if r := e.changeStatus(tok, id); r["ChangeRequestStatus"] != 1.0 || r["TicketId"] != tr.tickets[0] {
		t.Fatalf("the lost request's status: %v", r)
	}
	if r := e.air("SendChangeRequest", changeBody(tok, tr.id, tr.tickets[:1])); !refused(r, 2, 10, "already in progress") {
		t.Fatalf("the lost request sent again: %v", r)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, _, err := e.raw(ctx, airPath+"SendChangeRequest", changeBody(tok, tr.id, tr.tickets[1:]), sim.HeaderLatency, "3s"); err == nil {
		t.Fatal("a slow change request answered in time")
	}
	if _, id, _ := ticketState(e.tickets(tok, tr.id)[1]); id == 0 {
		t.Fatal("the change request the caller gave up on was not made")
	}
	if n := e.sim.Calls("SendChangeRequest"); n != 5 {
		t.Fatalf("SendChangeRequest calls %d, want 5", n)
	}
}

// The cancellation timings are read and set at run time; settings out of
// range are refused and change nothing.
func TestAdminCancellations(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	var got sim.Cancellations
	if code := e.admin(http.MethodGet, "cancellations", "", &got); code != http.StatusOK || got != sim.DefaultCancellations {
		t.Fatalf("GET: HTTP %d %+v", code, got)
	}
	if code := e.admin(http.MethodPut, "cancellations", `{"acknowledgeAfter": "0s", "completeAfter": "0s"}`, &got); code != http.StatusOK ||
		got != (sim.Cancellations{InstantLCC: sim.DefaultCancellations.InstantLCC}) || e.sim.Cancellations() != got {
		t.Fatalf("PUT instant: HTTP %d %+v", code, got)
	}
	for _, bad := range []string{`{"acknowledgeAfter": "10m", "completeAfter": "1m"}`, `{"completeAfter": "-1s", "acknowledgeAfter": "-2s"}`,
		`{"instantLCC": 2}`, `{"completeAfter": "soon"}`, `{"complete": "1m"}`, `{"completeAfter": "9000h"}`, ``} {
		if code := e.admin(http.MethodPut, "cancellations", bad, nil); code != http.StatusBadRequest {
			t.Errorf("PUT %s: HTTP %d", bad, code)
		}
	}
	if e.sim.Cancellations().CompleteAfter != 0 {
		t.Fatalf("a refused setting changed them: %+v", e.sim.Cancellations())
	}
	if code := e.admin(http.MethodDelete, "cancellations", "", &got); code != http.StatusOK || got != sim.DefaultCancellations {
		t.Fatalf("DELETE: HTTP %d %+v", code, got)
	}
	if code := e.admin(http.MethodPost, "cancellations", "{}", nil); code != http.StatusMethodNotAllowed {
		t.Fatalf("POST: HTTP %d", code)
	}
}
