package flights

import (
	"time"

	"github.com/paryatan/paryatan/internal/searchcache"
)

// AgencyOnly lists, for the API tests, the fields no answer may carry.
var AgencyOnly = agencyOnly

// SetSearchClock sets the clock h's search cache reads (tests move it to
// expire answers).
func SetSearchClock(h *Handler, now func() time.Time) { h.searches.SetClock(now) }

// SearchCacheStats returns what h's search cache holds.
func SearchCacheStats(h *Handler) searchcache.Stats { return h.searches.Stats() }
