package sim

import "strings"

// method is one of the supplier's calls the simulator answers.
type method uint8

const (
	methodAuthenticate method = iota
	methodSearch
	methodFareQuote
	methodFareRule
	methodBook
	methodTicket
	methodGetBookingDetails
	methodReleasePNR
	methodCancellationCharges
	methodSendChangeRequest
	methodChangeRequestStatus
	methodSSR
	numMethods
)

// Method names as they appear in URLs and in Options.MethodLatency.
var methodNames = [numMethods]string{"Authenticate", "Search", "FareQuote", "FareRule", "Book", "Ticket", "GetBookingDetails", "ReleasePNRRequest",
	"GetCancellationCharges", "SendChangeRequest", "GetChangeRequestStatus", "SSR"}

func (m method) String() string { return methodNames[m] }

// commitsFirst reports whether the call changes state: its work is done when
// the request arrives and only the answer waits out the latency, as a
// supplier that has made (or released, or begun cancelling) the booking but
// is slow to say so.
func (m method) commitsFirst() bool {
	return m == methodBook || m == methodTicket || m == methodReleasePNR || m == methodSendChangeRequest
}

func methodByName(name string) (method, bool) {
	for i, n := range methodNames {
		if strings.EqualFold(n, name) {
			return method(i), true
		}
	}
	return 0, false
}

// Path suffixes of the two services. Any prefix is accepted, so one
// simulator serves the staging layout (SharedServices/…,
// BookingEngineService_Air/…), the production one (SharedAPI/…,
// AirAPI_V10/…) and a separate booking host.
const (
	authSuffix = "SharedData.svc/rest/Authenticate"
	airMarker  = "AirService.svc/rest/"
)

// route maps a request path to the method it calls.
func route(path string) (method, bool) {
	p := strings.TrimSuffix(path, "/")
	if strings.HasSuffix(p, "/"+authSuffix) || p == authSuffix {
		return methodAuthenticate, true
	}
	i := strings.LastIndex(p, airMarker)
	if i < 0 || (i > 0 && p[i-1] != '/') {
		return 0, false
	}
	name := p[i+len(airMarker):]
	if name == "" || strings.Contains(name, "/") {
		return 0, false
	}
	// WCF matches URI templates without regard to case.
	m, ok := methodByName(name)
	if !ok || m == methodAuthenticate {
		return 0, false
	}
	return m, true
}
