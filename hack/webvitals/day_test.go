package main

import (
	"errors"
	"testing"
	"time"
)

func TestFirstDayWithEnoughResults(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 8, 10, 30, 0, 0, india)
	lists := map[string]int{"2026-12-08": 280, "2026-12-09": 299, "2026-12-10": 300, "2026-12-11": 348}
	var asked []string
	count := func(day string) (int, error) { asked = append(asked, day); return lists[day], nil }

	day, n, err := firstDay(start, 30, 300, count)
	if err != nil || day != "2026-12-10" || n != 300 {
		t.Fatalf("got %s, %d, %v; want 2026-12-10 with 300 results (the first day with at least 300)", day, n, err)
	}
	if len(asked) != 3 {
		t.Errorf("searched %v: want no search after the day found", asked)
	}

	// No day reaches the count: the first day, with its own count.
	day, n, err = firstDay(start, 2, 300, count)
	if err != nil || day != "2026-12-08" || n != 280 {
		t.Errorf("got %s, %d, %v; want 2026-12-08 with 280 results", day, n, err)
	}

	broken := errors.New("search: HTTP 502")
	if _, _, err := firstDay(start, 30, 300, func(string) (int, error) { return 0, broken }); !errors.Is(err, broken) {
		t.Errorf("a failed search: got %v, want it returned", err)
	}
}

func TestCountResultsOfAnAnswer(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]int{
		`{"data":{"Response":{"TraceId":"t","Results":[[{"ResultIndex":"OB1"},{"ResultIndex":"OB2"},{"ResultIndex":"OB3"}],[{"ResultIndex":"IB1"}]]}}}`: 3,
		`{"data":{"Response":{"TraceId":"t","Results":[]}}}`: 0,
		`{"data":{"Response":{"TraceId":"t"}}}`:              0,
	} {
		if got, err := countResults([]byte(raw)); err != nil || got != want {
			t.Errorf("countResults(%s) = %d, %v; want %d", raw, got, err, want)
		}
	}
	if _, err := countResults([]byte(`<html>`)); err == nil {
		t.Error("an answer that is not JSON: no error")
	}
}
