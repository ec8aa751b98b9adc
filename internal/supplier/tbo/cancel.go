package tbo

import (
	"context"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Cancelling ticketed bookings: GetCancellationCharges, SendChangeRequest
// and GetChangeRequestStatus, on the booking host with Book, Ticket,
// GetBookingDetails and ReleasePNRRequest (the supplier's production layout
// and its clients put them there; Endpoints.Booking defaults to Air where
// the layout has one host).

// RequestType values of GetCancellationCharges and SendChangeRequest.
const (
	RequestFullCancellation    = 1
	RequestPartialCancellation = 2
)

// BookingModeAPI is the BookingMode GetCancellationCharges takes for a
// booking made through the API.
const BookingModeAPI = 5

// CancellationType values of SendChangeRequest.
const (
	CancellationNoShow          = 1
	CancellationFlightCancelled = 2
	CancellationOthers          = 3
)

// Sector is one flight of a booking, by its airports, as a partial
// cancellation names it.
type Sector struct {
	Origin      string `json:"Origin"`
	Destination string `json:"Destination"`
}

// ChargesRequest asks what cancelling a booking would cost: the whole
// booking (RequestType 1), or some of its tickets (2), and of them some
// sectors.
type ChargesRequest struct {
	BookingId   int64
	RequestType int
	// TicketIds and Sectors narrow a partial request, as SendChangeRequest
	// takes them.
	TicketIds []int64
	Sectors   []Sector
}

// Charges is GetCancellationCharges' answer. Note RefundAmount here,
// RefundedAmount on a change request.
type Charges struct {
	*Reply
	RefundAmount       Money
	CancellationCharge Money
	Currency           string
	Remarks            string
}

// CancellationCharges asks what cancelling a booking, or some of its
// tickets, would cost now. It changes nothing.
//
// The supplier documents the call for a whole booking; this is how the
// product asks for the price of a partial cancellation: RequestType 2 with
// the tickets (TicketId) and sectors (Sectors) as SendChangeRequest takes
// them. A supplier that ignores them answers for the whole booking, which
// the product cannot tell from the answer: its partial figures are then an
// upper bound, and the change requests' own amounts are what is charged.
func (c *Client) CancellationCharges(ctx context.Context, conn *connector.Connector, r ChargesRequest) (*Charges, error) {
	reply, err := c.airCall(ctx, conn, connector.OpCancellationCharges, conn.Endpoints.Booking+"/GetCancellationCharges", func(token string) any {
		body := map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "BookingId": r.BookingId,
			"RequestType": r.RequestType, "BookingMode": BookingModeAPI}
		if r.RequestType == RequestPartialCancellation {
			if len(r.TicketIds) > 0 {
				body["TicketId"] = r.TicketIds
			}
			if len(r.Sectors) > 0 {
				body["Sectors"] = r.Sectors
			}
		}
		return body
	})
	if err != nil {
		return nil, err
	}
	var a struct {
		Response struct {
			RefundAmount       Money `json:"RefundAmount"`
			CancellationCharge Money `json:"CancellationCharge"`
			Currency           Str   `json:"Currency"`
			Remarks            Str   `json:"Remarks"`
		} `json:"Response"`
	}
	if err := decode(reply.Raw, &a); err != nil {
		return nil, &Error{Op: connector.OpCancellationCharges, Kind: KindProtocol, Message: "Unreadable cancellation charges.", Err: err}
	}
	ch := a.Response
	return &Charges{Reply: reply, RefundAmount: ch.RefundAmount, CancellationCharge: ch.CancellationCharge,
		Currency: string(ch.Currency), Remarks: string(ch.Remarks)}, nil
}

// ChangeRequest asks for the cancellation of a booking's tickets: all of
// them (RequestType 1) or some (2, with TicketIds, and Sectors to cancel
// only some flights). CancellationType is one of the Cancellation
// constants.
type ChangeRequest struct {
	BookingId        int64
	RequestType      int
	CancellationType int
	// TicketIds are the tickets to cancel; every ticket of the booking for
	// a full cancellation, as the supplier's documentation asks (one of its
	// clients sends none, and the supplier takes that too).
	TicketIds []int64
	Sectors   []Sector
	Remarks   string
}

// TicketChange is one ticket's change request as SendChangeRequest
// (TicketCRInfo) or GetChangeRequestStatus answer it. The amounts and the
// credit note come once the request is completed (some low-cost
// cancellations come back completed at once); zero and empty before.
type TicketChange struct {
	ChangeRequestId Int `json:"ChangeRequestId"`
	TicketId        Int `json:"TicketId"`
	// Status is TicketCRInfo's; ChangeRequestStatus is
	// GetChangeRequestStatus' and, on some answers, TicketCRInfo's too.
	// Both are ChangeRequestStatus values: the latter wins when given
	// (State).
	Status              Int   `json:"Status"`
	ChangeRequestStatus Int   `json:"ChangeRequestStatus"`
	Remarks             Str   `json:"Remarks"`
	CancellationCharge  Money `json:"CancellationCharge"`
	RefundedAmount      Money `json:"RefundedAmount"`
	ServiceTaxOnRAF     Money `json:"ServiceTaxOnRAF"`
	SwachhBharatCess    Money `json:"SwachhBharatCess"`
	KrishiKalyanCess    Money `json:"KrishiKalyanCess"`
	CreditNoteNo        Str   `json:"CreditNoteNo"`
	CreditNoteCreatedOn Str   `json:"CreditNoteCreatedOn"`
}

// State is where the change request stands: ChangeRequestStatus when the
// answer gives it, else Status.
func (t TicketChange) State() int {
	if t.ChangeRequestStatus != 0 {
		return int(t.ChangeRequestStatus)
	}
	return int(t.Status)
}

// Changes is SendChangeRequest's answer: one change request per ticket.
type Changes struct {
	*Reply
	Tickets []TicketChange
}

// SendChangeRequest asks for the cancellation of tickets. Like Book and
// Ticket it commits at the supplier: never send it again after an error
// whose outcome is unknown; ask GetChangeRequestStatus or GetBookingDetails
// what became of it.
func (c *Client) SendChangeRequest(ctx context.Context, conn *connector.Connector, r ChangeRequest) (*Changes, error) {
	reply, err := c.airCall(ctx, conn, connector.OpChangeRequest, conn.Endpoints.Booking+"/SendChangeRequest", func(token string) any {
		body := map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "BookingId": r.BookingId,
			"RequestType": r.RequestType, "CancellationType": r.CancellationType, "Remarks": r.Remarks}
		if len(r.TicketIds) > 0 {
			body["TicketId"] = r.TicketIds
		}
		if r.RequestType == RequestPartialCancellation && len(r.Sectors) > 0 {
			body["Sectors"] = r.Sectors
		}
		return body
	})
	if err != nil {
		return nil, err
	}
	var a struct {
		Response struct {
			TicketCRInfo []TicketChange `json:"TicketCRInfo"`
		} `json:"Response"`
	}
	if err := decode(reply.Raw, &a); err != nil || len(a.Response.TicketCRInfo) == 0 {
		// The supplier said it succeeded but not what it made: the change
		// requests may exist, so the outcome is unknown, not failed.
		return nil, &Error{Op: connector.OpChangeRequest, Kind: KindNetwork,
			Message: "The flight supplier's answer to the change request names no change request.", Err: err}
	}
	return &Changes{Reply: reply, Tickets: a.Response.TicketCRInfo}, nil
}

// ChangeStatus is GetChangeRequestStatus' answer.
type ChangeStatus struct {
	*Reply
	TicketChange
}

// GetChangeRequestStatus asks where a change request stands. It changes
// nothing.
func (c *Client) GetChangeRequestStatus(ctx context.Context, conn *connector.Connector, changeRequestID int64) (*ChangeStatus, error) {
	reply, err := c.airCall(ctx, conn, connector.OpChangeRequestStatus, conn.Endpoints.Booking+"/GetChangeRequestStatus", func(token string) any {
		return map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "ChangeRequestId": changeRequestID}
	})
	if err != nil {
		return nil, err
	}
	var a struct {
		Response TicketChange `json:"Response"`
	}
	if err := decode(reply.Raw, &a); err != nil || a.Response.State() == 0 {
		return nil, &Error{Op: connector.OpChangeRequestStatus, Kind: KindProtocol, Message: "Unreadable change request status.", Err: err}
	}
	if a.Response.ChangeRequestId == 0 {
		a.Response.ChangeRequestId = Int(changeRequestID)
	}
	return &ChangeStatus{Reply: reply, TicketChange: a.Response}, nil
}
