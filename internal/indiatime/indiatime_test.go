package indiatime

import (
	"testing"
	"time"
)

func TestToday(t *testing.T) {
	t.Parallel()
	for utc, want := range map[string]string{
		"2026-11-21T18:29:00Z": "2026-11-21", // 23:59 in India
		"2026-11-21T18:30:00Z": "2026-11-22", // midnight in India
		"2026-11-21T00:00:00Z": "2026-11-21",
	} {
		now, _ := time.Parse(time.RFC3339, utc)
		if got := Today(now); got.Format(time.DateOnly) != want || got.Location() != time.UTC {
			t.Errorf("Today(%s) = %v, want %s (UTC midnight)", utc, got, want)
		}
	}
	now, _ := time.Parse(time.RFC3339, "2026-11-21T20:00:00Z") // 22 Nov 01:30 in India
	if got := EndOfDay(now).UTC().Format(time.RFC3339); got != "2026-11-22T18:29:00Z" {
		t.Errorf("EndOfDay = %s", got)
	}
}
