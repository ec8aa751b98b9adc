package checkout

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// Callback outcomes, for the page the traveller returns to.
const (
	CallbackPaid       = "paid"
	CallbackFailed     = "failed"
	CallbackUnverified = "unverified"
)

// Callback records what the hosted checkout returned (read by the gateway's
// adapter): on success the signed proof (verified before anything is
// written), on failure the gateway's reason (read back from the gateway,
// not from the form). It returns the booking the order pays and the
// outcome.
func (s *Service) Callback(ctx context.Context, form url.Values) (uuid.UUID, string, error) {
	gw := s.gateway()
	back := gw.ReadCheckout(form)
	if back.Proof == nil {
		return s.failedCallback(ctx, gw, back.FailedOrderID)
	}
	proof := *back.Proof
	row, err := s.q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: s.settings.Name, OrderID: proof.OrderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", apierr.NotFound("No such payment.")
	}
	if err != nil {
		return uuid.Nil, "", err
	}
	if err := gw.VerifyCheckout(s.settings, proof); err != nil {
		s.log.Warn("payment callback with a signature that does not check", "order", proof.OrderID, "err", err)
		s.metrics.Webhooks.WithLabelValues(s.settings.Name, "callback", "bad_signature").Inc()
		return row.BookingID, CallbackUnverified, nil
	}
	// The proof is the gateway's word that this payment paid this order;
	// the payment's method is read from the gateway when it answers.
	got := payment.Payment{ID: proof.PaymentID, OrderID: proof.OrderID, Amount: row.Amount, Status: payment.PaymentCaptured}
	if list, err := gw.OrderPayments(ctx, s.settings, proof.OrderID); err == nil {
		for _, x := range list {
			if x.ID == proof.PaymentID {
				got = x
			}
		}
	}
	if _, err := s.markPaid(ctx, row, got, SourceCallback); err != nil {
		return row.BookingID, "", err
	}
	return row.BookingID, CallbackPaid, nil
}

// failedCallback records a failed attempt the checkout reported on
// orderID, the reason as the gateway gives it for that order's payments.
func (s *Service) failedCallback(ctx context.Context, gw payment.Gateway, orderID string) (uuid.UUID, string, error) {
	row, err := s.q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: s.settings.Name, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", apierr.NotFound("No such payment.")
	}
	if err != nil {
		return uuid.Nil, "", err
	}
	if _, err := s.checkOrder(ctx, gw, row, SourceCallback); err != nil {
		s.log.Warn("payment callback: could not read the order's payments", "order", orderID, "err", err)
	}
	return row.BookingID, CallbackFailed, nil
}

// Webhook results, for the metric and the log.
const (
	webhookApplied   = "applied"
	webhookDuplicate = "duplicate"
	webhookIgnored   = "ignored"
)

// Webhook applies a gateway event once: its signature is checked over the
// raw body before anything else, its id is recorded with its effect in one
// transaction, and an event about an order or refund the product does not
// hold, or one already settled, is acknowledged and ignored.
func (s *Service) Webhook(ctx context.Context, header http.Header, body []byte) (string, error) {
	ev, err := s.gateway().Webhook(s.settings, header, body)
	if err != nil {
		result := "invalid"
		if e, ok := payment.AsError(err); ok && e.Kind == payment.KindBadSignature {
			result = "bad_signature"
		}
		s.metrics.Webhooks.WithLabelValues(s.settings.Name, "unknown", result).Inc()
		return result, err
	}
	result, paid, err := s.applyEvent(ctx, ev)
	if err != nil {
		return "", err
	}
	s.metrics.Webhooks.WithLabelValues(s.settings.Name, eventLabel(ev.Kind), result).Inc()
	if paid != uuid.Nil {
		s.metrics.Payments.WithLabelValues(SourceWebhook).Inc()
	}
	return result, nil
}

// eventLabel bounds the metric's event label to the events the product
// knows.
func eventLabel(kind string) string {
	switch kind {
	case payment.EventPaymentCaptured, payment.EventPaymentFailed, payment.EventOrderPaid, payment.EventRefundProcessed, payment.EventRefundFailed:
		return kind
	}
	return "other"
}

// applyEvent records ev and its effect in one transaction, with the
// seller's answer to a payment (OnPaid): if that fails, nothing is
// recorded and the webhook is answered 500, so the gateway delivers it
// again. paid is the booking an order payment just paid, if any.
func (s *Service) applyEvent(ctx context.Context, ev *payment.Event) (result string, paid uuid.UUID, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		n, err := q.PaymentEventAdd(ctx, queries.PaymentEventAddParams{Gateway: s.settings.Name, EventID: ev.ID, Event: ev.Kind})
		if err != nil {
			return err
		}
		if n == 0 {
			result = webhookDuplicate
			return nil
		}
		result = webhookIgnored
		switch ev.Kind {
		case payment.EventPaymentCaptured, payment.EventOrderPaid:
			if ev.Payment == nil {
				return nil
			}
			row, err := q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: s.settings.Name, OrderID: ev.Payment.OrderID})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			if !ev.Payment.Settled() || ev.Payment.Amount != row.Amount {
				s.log.Warn("payment webhook does not pay its order", "order", row.OrderID, "payment", ev.Payment.ID, "status", ev.Payment.Status, "paise", ev.Payment.Amount)
				return nil
			}
			first, err := recordPaid(ctx, q, row, *ev.Payment, SourceWebhook)
			if err != nil || !first {
				return err
			}
			result, paid = webhookApplied, row.BookingID
			return s.onPaid(ctx, tx, row.BookingID, SourceWebhook)
		case payment.EventPaymentFailed:
			if ev.Payment == nil {
				return nil
			}
			row, err := q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: s.settings.Name, OrderID: ev.Payment.OrderID})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			if row.Status != trip.OrderPaid {
				result = webhookApplied
				return q.PaymentRecordFailure(ctx, queries.PaymentRecordFailureParams{ID: row.ID, Failure: failureText(*ev.Payment)})
			}
		case payment.EventRefundProcessed, payment.EventRefundFailed:
			if ev.Refund == nil {
				return nil
			}
			status := trip.RefundProcessed
			if ev.Kind == payment.EventRefundFailed {
				status = trip.RefundFailed
			}
			r, err := q.RefundSettle(ctx, queries.RefundSettleParams{RefundID: &ev.Refund.ID, Status: status})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			result = webhookApplied
			return s.onRefunded(ctx, tx, r)
		}
		return nil
	})
	return result, paid, err
}
