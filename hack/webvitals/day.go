package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// india is India Standard Time, which has no daylight saving: a fixed zone
// needs no time zone database.
var india = time.FixedZone("IST", 5*3600+30*60)

// searchDays bounds the days resultsDay tries: the simulator's schedule
// differs by date, and on most days a trunk route has over 300 results.
const searchDays = 30

// resultsDay picks the results page's departure day: the first day from ten
// days on (in India) whose one-way search of route answers at least
// minResults results, as the page lists them. The schedule the simulator
// makes for a day depends on the date, so the ten-day-ahead day alone falls
// below 300 on some days. It returns that count too; when no day of
// searchDays reaches minResults, the tenth day and its count.
func resultsDay(ctx context.Context, base, route string) (string, int, error) {
	from, to, ok := strings.Cut(route, "-")
	if !ok {
		return "", 0, fmt.Errorf("-route %q: want ORIGIN-DESTINATION", route)
	}
	c := &http.Client{Timeout: 30 * time.Second}
	count := func(day string) (int, error) {
		// The results page's own search: one adult, any cabin.
		body, err := json.Marshal(map[string]any{"origin": from, "destination": to, "departDate": day, "adults": 1})
		if err != nil {
			return 0, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/v1/flights/tbo/search", bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		req.Header.Set("Content-Type", "application/json")
		// An address of its own: the browsers' searches keep their limits.
		req.Header.Set("X-Forwarded-For", "198.18.200.9")
		res, err := c.Do(req)
		if err != nil {
			return 0, fmt.Errorf("search %s on %s: %w", route, day, err)
		}
		defer res.Body.Close()
		raw, err := io.ReadAll(res.Body)
		if err != nil {
			return 0, fmt.Errorf("search %s on %s: %w", route, day, err)
		}
		if res.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("search %s on %s: HTTP %d: %.300s", route, day, res.StatusCode, raw)
		}
		return countResults(raw)
	}
	start := time.Now().In(india).AddDate(0, 0, 10)
	return firstDay(start, searchDays, minResults, count)
}

// countResults is the number of outbound results of a search's answer.
func countResults(raw []byte) (int, error) {
	var answer struct {
		Data struct {
			Response struct {
				Results [][]json.RawMessage `json:"Results"`
			} `json:"Response"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return 0, fmt.Errorf("read a search's answer: %w", err)
	}
	if len(answer.Data.Response.Results) == 0 {
		return 0, nil
	}
	return len(answer.Data.Response.Results[0]), nil
}

// firstDay is the first of days days from start (its calendar day) on which
// count answers at least want, with that count; when none does, start's day
// and its count.
func firstDay(start time.Time, days, want int, count func(day string) (int, error)) (string, int, error) {
	first := start.Format(time.DateOnly)
	firstN := 0
	for i := range days {
		day := start.AddDate(0, 0, i).Format(time.DateOnly)
		n, err := count(day)
		if err != nil {
			return "", 0, err
		}
		if i == 0 {
			firstN = n
		}
		if n >= want {
			return day, n, nil
		}
	}
	return first, firstN, nil
}
