package trip

// A cancellation of a ticketed booking (cancellations.status): the
// traveller's request, for the whole booking or some of its tickets, sent
// to the airline as one change request per ticket and followed until the
// airline has cancelled the tickets (and the refund is requested) or
// refused. Its record, not the booking's status, holds it: a booking stays
// ticketed, and the tickets it still holds are those no cancellation took.

// CancelStatus is where a cancellation stands.
type CancelStatus string

// The cancellation statuses.
const (
	// CancelRequested: asked for and recorded, with the charges shown to
	// the traveller; the change request is not sent yet (its job sends
	// it).
	CancelRequested CancelStatus = "requested"
	// CancelSending: the change request is being sent. A process that dies
	// here leaves its outcome unknown: the job that finds it so asks the
	// supplier's booking details before anything is sent again.
	CancelSending CancelStatus = "sending"
	// CancelWithAirline: the airline holds the change requests; their
	// status is followed.
	CancelWithAirline CancelStatus = "with_airline"
	// CancelDone: the airline cancelled the tickets (all of them, or those
	// it did not refuse); the refund is requested in the same move.
	CancelDone CancelStatus = "cancelled"
	// CancelRefused: the airline refused every ticket; nothing is
	// refunded and the tickets stay valid.
	CancelRefused CancelStatus = "refused"
)

// CancelStatuses are every cancellation status, in the order of its life.
var CancelStatuses = []CancelStatus{CancelRequested, CancelSending, CancelWithAirline, CancelDone, CancelRefused}

// The cancellation events.
const (
	// AskCancel records a cancellation the traveller confirmed.
	AskCancel Event = "ask cancel"
	// SendChange starts the change request.
	SendChange Event = "send change request"
	// ChangeTaken is the airline holding the change requests, not yet
	// final.
	ChangeTaken Event = "change taken"
	// ChangeDone is every change request final, at least one ticket
	// cancelled.
	ChangeDone Event = "change done"
	// ChangeRefused is every change request refused (or the request
	// refused whole).
	ChangeRefused Event = "change refused"
	// ChangeNotSent is a change request whose answer was lost and which
	// the supplier shows no trace of: it is sent again.
	ChangeNotSent Event = "change not sent"
)

// CancelTransition is one allowed move of a cancellation.
type CancelTransition struct {
	From  CancelStatus
	Event Event
	To    CancelStatus
}

// CancelTransitions is every allowed move of a cancellation, and the only
// place they are written.
var CancelTransitions = []CancelTransition{
	{"", AskCancel, CancelRequested},
	{CancelRequested, SendChange, CancelSending},
	{CancelSending, ChangeTaken, CancelWithAirline},
	{CancelSending, ChangeDone, CancelDone},
	{CancelSending, ChangeRefused, CancelRefused},
	{CancelSending, ChangeNotSent, CancelRequested},
	{CancelWithAirline, ChangeDone, CancelDone},
	{CancelWithAirline, ChangeRefused, CancelRefused},
}

// NextCancel is where ev takes a cancellation from status from.
func NextCancel(from CancelStatus, ev Event) (CancelStatus, error) {
	for _, t := range CancelTransitions {
		if t.From == from && t.Event == ev {
			return t.To, nil
		}
	}
	return "", &ErrNotAllowed{From: Status(from), Event: ev}
}

// CancelFrom is every cancellation status ev moves a cancellation from.
func CancelFrom(ev Event) []CancelStatus {
	return starts(CancelTransitions, func(t CancelTransition) (CancelStatus, bool) { return t.From, t.Event == ev && t.From != "" })
}

// Open reports whether s is not final: the cancellation's job still has
// work to do.
func (s CancelStatus) Open() bool { return s != CancelDone && s != CancelRefused }

// Texts is any list of statuses as the text[] a query takes.
func Texts[S ~string](list []S) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}
