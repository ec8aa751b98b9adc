// Package indiatime is the product's calendar: dates mean days in India
// (IST, UTC+05:30, no daylight saving), wherever the server runs.
package indiatime

import "time"

// Zone is India Standard Time.
var Zone = time.FixedZone("IST", 5*3600+1800)

// Today returns today's date in India, as midnight UTC of that date: the
// form time.Parse(time.DateOnly, …) gives dates, so they compare directly.
func Today(now time.Time) time.Time {
	y, m, d := now.In(Zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// EndOfDay is the last minute of now's calendar day in India.
func EndOfDay(now time.Time) time.Time {
	y, m, d := now.In(Zone).Date()
	return time.Date(y, m, d, 23, 59, 0, 0, Zone)
}
