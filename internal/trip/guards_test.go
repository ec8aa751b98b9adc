package trip

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The SQL that moves or selects bookings by status, and the API contract,
// are checked against the tables here: a status added to one and not the
// others, or a guard that lets a booking move where the table does not,
// fails this test.

// query is the text of the sqlc query called name in internal/store/sql.
func query(t *testing.T, name string) string {
	t.Helper()
	files, err := filepath.Glob("../store/sql/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no query files: %v", err)
	}
	head := "-- name: " + name + " "
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		i := strings.Index(s, head)
		if i < 0 {
			continue
		}
		s = s[i+len(head):]
		if j := strings.Index(s, "-- name: "); j >= 0 {
			s = s[:j]
		}
		return s
	}
	t.Fatalf("no query %s", name)
	return ""
}

var (
	inList   = regexp.MustCompile(`(?i)(\w+\.)?status\s+(NOT\s+)?IN\s*\(([^)]*)\)`)
	quoted   = regexp.MustCompile(`'([a-z_]+)'`)
	anyEqual = regexp.MustCompile(`(?i)(\w+\.)?status\s*(=|<>)\s*'([a-z_]+)'`)
)

// lists are the status lists of the `status [NOT] IN (...)` clauses of sql,
// in order, as written.
func lists(sql string) [][]string {
	var out [][]string
	for _, m := range inList.FindAllStringSubmatch(sql, -1) {
		var l []string
		for _, q := range quoted.FindAllStringSubmatch(m[3], -1) {
			l = append(l, q[1])
		}
		out = append(out, l)
	}
	return out
}

func strs[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

func endedStatuses() []Status {
	var out []Status
	for _, s := range Statuses {
		if s.Ended() {
			out = append(out, s)
		}
	}
	return out
}

func awaitingStatuses() []Status {
	var out []Status
	for _, s := range Statuses {
		if AwaitingTicket(s, GDS) || AwaitingTicket(s, LCC) {
			out = append(out, s)
		}
	}
	return out
}

func TestSQLGuardsMatchTheTable(t *testing.T) {
	for _, c := range []struct {
		query string
		index int
		want  []string
		why   string
	}{
		{"BookingSweepLeases", 0, strs(From(LoseOutcome)), "the sweep takes in-flight bookings, which a lost outcome leaves"},
		{"RefundSettle", 0, strs(RefundOpen()), "only an open refund is settled"},
	} {
		got := lists(query(t, c.query))
		if c.index >= len(got) || !sameSet(got[c.index], c.want) {
			t.Errorf("%s: status list %d is %v; the table gives %v (%s)", c.query, c.index, got, c.want, c.why)
		}
	}
}

// TestPaymentSQLGuardsMatchTheTables: the order and refund updates move
// only from the statuses their event's moves start from (a guard written
// "status <> 'paid'" allows every other status).
func TestPaymentSQLGuardsMatchTheTables(t *testing.T) {
	allowed := func(sql string, all []string) []string {
		if m := regexp.MustCompile(`WHERE [^;]*?status\s*<>\s*'([a-z_]+)'`).FindStringSubmatch(sql); m != nil {
			return slices.DeleteFunc(slices.Clone(all), func(s string) bool { return s == m[1] })
		}
		if m := regexp.MustCompile(`WHERE [^;]*?status\s*=\s*'([a-z_]+)'`).FindStringSubmatch(sql); m != nil {
			return []string{m[1]}
		}
		if l := lists(sql); len(l) > 0 {
			return l[0]
		}
		return nil
	}
	orders, refunds := strs(OrderStatuses), strs(RefundStatuses)
	for _, c := range []struct {
		query string
		got   []string
		want  []string
	}{
		{"PaymentMarkPaid", allowed(query(t, "PaymentMarkPaid"), orders), strs(OrderFrom(Captured))},
		{"PaymentRecordFailure", allowed(query(t, "PaymentRecordFailure"), orders), strs(OrderFrom(AttemptFailed))},
		{"RefundMarkPending", allowed(query(t, "RefundMarkPending"), refunds), strs(RefundFrom(RefundTaken))},
		{"RefundSettle", allowed(query(t, "RefundSettle"), refunds), strs(RefundFrom(RefundDone))},
	} {
		if !sameSet(c.got, c.want) {
			t.Errorf("%s moves from %v; the table allows %v", c.query, c.got, c.want)
		}
	}
}

// TestSQLTargetsMatchTheTable: the queries that write a fixed status write
// the one the table's event leads to.
func TestSQLTargetsMatchTheTable(t *testing.T) {
	setStatus := regexp.MustCompile(`(?i)SET\s+status\s*=\s*'([a-z_]+)'`)
	for _, c := range []struct {
		query string
		from  Status
		event Event
	}{
		{"BookingMarkUnknown", Booking, LoseOutcome},
		{"BookingSweepLeases", Ticketing, LoseOutcome},
		{"BookingExpire", Quoted, Expire},
	} {
		want, err := Next(c.from, c.event, GDS, "")
		if err != nil {
			t.Fatal(err)
		}
		m := setStatus.FindStringSubmatch(query(t, c.query))
		if m == nil || m[1] != string(want) {
			t.Errorf("%s writes status %v; %q leads to %q", c.query, m, c.event, want)
		}
	}
	created, err := Next("", Quote, AnyFare, "")
	if err != nil || !strings.Contains(query(t, "BookingCreate"), "'"+string(created)+"'") {
		t.Errorf("BookingCreate does not record a new booking as %q (%v)", created, err)
	}
}

// TestSQLNamesOnlyKnownStatuses: every status literal in the booking,
// payment and refund queries is one the tables know.
func TestSQLNamesOnlyKnownStatuses(t *testing.T) {
	known := map[string][]string{
		"bookings.sql":      strs(Statuses),
		"payments.sql":      append(append(strs(OrderStatuses), strs(RefundStatuses)...), strs(Statuses)...),
		"cancellations.sql": strs(CancelStatuses),
	}
	for file, statuses := range known {
		b, err := os.ReadFile(filepath.Join("../store/sql", file))
		if err != nil {
			t.Fatal(err)
		}
		sql := string(b)
		var found []string
		for _, l := range lists(sql) {
			found = append(found, l...)
		}
		for _, m := range anyEqual.FindAllStringSubmatch(sql, -1) {
			found = append(found, m[3])
		}
		if len(found) == 0 {
			t.Fatalf("%s: no status literal found: the patterns are stale", file)
		}
		for _, s := range found {
			if !slices.Contains(statuses, s) {
				t.Errorf("%s names status %q, which no table knows", file, s)
			}
		}
	}
}

// TestSchemaChecksMatchTheTable: the last CHECK of each status column in the
// migrations lists exactly the table's statuses.
func TestSchemaChecksMatchTheTable(t *testing.T) {
	files, err := filepath.Glob("../store/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	slices.Sort(files)
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	schema := all.String()
	for _, c := range []struct {
		table string
		want  []string
	}{
		{"bookings", strs(Statuses)},
		{"payments", strs(OrderStatuses)},
		{"refunds", strs(RefundStatuses)},
	} {
		// The column's CHECK in CREATE TABLE, or a later constraint that
		// replaces it.
		re := regexp.MustCompile(`(?s)(CREATE TABLE ` + c.table + ` \(.*?\n\);|ALTER TABLE ` + c.table + ` ADD CONSTRAINT ` + c.table + `_status_check CHECK \(status IN[^;]*;)`)
		ms := re.FindAllString(schema, -1)
		if len(ms) == 0 {
			t.Fatalf("no status check for %s", c.table)
		}
		got := lists(ms[len(ms)-1])
		if len(got) == 0 || !sameSet(got[0], c.want) {
			t.Errorf("%s: the schema allows statuses %v; the table has %v", c.table, got, c.want)
		}
	}
}

// TestSchemaReasonsMatchTheTable: bookings.reason allows exactly the
// reasons, and the queries write only those.
func TestSchemaReasonsMatchTheTable(t *testing.T) {
	b, err := os.ReadFile("../store/migrations/0016_booking_reason.sql")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)ADD COLUMN reason [^;]*?CHECK \(reason IN\s*\(([^)]*)\)`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal("no CHECK on bookings.reason")
	}
	var got []string
	for _, q := range regexp.MustCompile(`'([a-z_]*)'`).FindAllStringSubmatch(m[1], -1) {
		got = append(got, q[1])
	}
	if !sameSet(got, strs(Reasons)) {
		t.Errorf("the schema allows reasons %q; the table has %q", got, Reasons)
	}
	for _, file := range []string{"bookings.sql", "payments.sql"} {
		b, err := os.ReadFile(filepath.Join("../store/sql", file))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`reason = '([a-z_]*)'`).FindAllStringSubmatch(string(b), -1) {
			if !slices.Contains(strs(Reasons), m[1]) {
				t.Errorf("%s writes reason %q, which the table does not know", file, m[1])
			}
		}
	}
	for _, c := range []struct {
		query string
		event Event
	}{{"BookingMarkUnknown", LoseOutcome}, {"BookingSweepLeases", LoseOutcome}, {"BookingExpire", Expire}} {
		if want := "reason = '" + string(ReasonOf(c.event)) + "'"; !strings.Contains(query(t, c.query), want) {
			t.Errorf("%s does not write %s", c.query, want)
		}
	}
}

// TestAPIEnumsMatchTheTable: the API contract's status enums (and so the web
// app's generated union) are the table's statuses, in its order.
func TestAPIEnumsMatchTheTable(t *testing.T) {
	b, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	spec := string(b)
	for _, want := range [][]string{strs(Statuses), strs(OrderStatuses), strs(RefundStatuses)} {
		enum := "enum: [" + strings.Join(want, ", ") + "]"
		if !strings.Contains(spec, enum) {
			t.Errorf("api/openapi.yaml has no %s", enum)
		}
	}
}

// TestJobBackfillMatchesTheTable: the migration that writes the jobs for
// work already due when the job queue came (0019) selects the bookings the
// table says: ended or awaiting their ticket for the settle job, those
// that may expire for the expire job.
func TestJobBackfillMatchesTheTable(t *testing.T) {
	b, err := os.ReadFile("../store/migrations/0019_booking_jobs.sql")
	if err != nil {
		t.Fatal(err)
	}
	inserts := map[string]string{}
	for _, part := range strings.Split(string(b), "INSERT INTO river_job")[1:] {
		if m := regexp.MustCompile(`'(booking\.[a-z]+)'`).FindStringSubmatch(part); m != nil {
			inserts[m[1]] = part
		}
	}
	for kind, want := range map[string][]string{
		"booking.settle": strs(append(endedStatuses(), awaitingStatuses()...)),
		"booking.expire": strs(From(Expire)),
	} {
		got := lists(inserts[kind])
		if len(got) == 0 || !sameSet(got[0], want) {
			t.Errorf("%s backfill selects %v; the table gives %v", kind, got, want)
		}
	}
}
