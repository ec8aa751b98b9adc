package checkout

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// RefundAll refunds every paid order of a booking not refunded yet, in
// full, for reason (shown to the traveller); label is the metric's reason
// label (the booking's status).
func (s *Service) RefundAll(ctx context.Context, bookingID, userID uuid.UUID, reason, label string) error {
	rows, err := s.q.PaymentsPaidUnrefunded(ctx, bookingID)
	if err != nil {
		return err
	}
	var errs []error
	for _, row := range rows {
		r, err := s.q.RefundCreate(ctx, queries.RefundCreateParams{PaymentID: row.ID, BookingID: bookingID, UserID: userID, Amount: row.Amount, Reason: reason})
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		s.metrics.Refunds.WithLabelValues(label).Inc()
		errs = append(errs, s.askRefund(ctx, r, derefOr(row.PaymentID)))
	}
	return errors.Join(errs...)
}

// refundReceipt is the product's reference of a refund at the gateway.
func refundReceipt(id uuid.UUID) string { return "rf_" + strings.ReplaceAll(id.String(), "-", "") }

// askRefund asks the gateway for a refund recorded as requested. If an
// earlier ask's answer was lost, the refund is found at the gateway by its
// receipt rather than asked for twice.
func (s *Service) askRefund(ctx context.Context, r queries.Refund, paymentID string) error {
	gw := s.gateway()
	receipt := refundReceipt(r.ID)
	var got *payment.Refund
	if r.Checks > 0 {
		list, err := gw.PaymentRefunds(ctx, s.settings, paymentID)
		if err != nil {
			return s.postponeRefund(ctx, r, err)
		}
		for i := range list {
			if list[i].Receipt == receipt {
				got = &list[i]
			}
		}
	}
	if got == nil {
		var err error
		got, err = gw.Refund(ctx, s.settings, payment.RefundRequest{PaymentID: paymentID, Amount: r.Amount, Receipt: receipt,
			Notes: map[string]string{"booking": r.BookingID.String()}})
		if err != nil {
			return s.postponeRefund(ctx, r, err)
		}
	}
	next := s.now().Add(10 * time.Minute)
	if _, err := s.q.RefundMarkPending(ctx, queries.RefundMarkPendingParams{ID: r.ID, RefundID: &got.ID, NextCheckAt: next}); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if done, ok := refundDone(got.Status); ok {
		return s.settleRefund(ctx, got.ID, done)
	}
	s.log.Info("refund asked", "booking", r.BookingID, "refund", got.ID, "paise", r.Amount)
	return nil
}

// refundDone is the refund status a gateway's refund status ends in, if it
// is the gateway's last word.
func refundDone(gatewayStatus string) (trip.RefundStatus, bool) {
	switch gatewayStatus {
	case payment.RefundProcessed:
		return trip.RefundProcessed, true
	case payment.RefundFailed:
		return trip.RefundFailed, true
	}
	return "", false
}

// settleRefund records the gateway's last word on a refund, once.
func (s *Service) settleRefund(ctx context.Context, refundID string, to trip.RefundStatus) error {
	_, err := s.q.RefundSettle(ctx, queries.RefundSettleParams{RefundID: &refundID, Status: to})
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	return err
}

// postponeRefund schedules another try of a refund the gateway did not
// take.
func (s *Service) postponeRefund(ctx context.Context, r queries.Refund, cause error) error {
	next := s.now().Add(backoff(int(r.Checks)))
	if err := s.q.RefundPostponeCheck(ctx, queries.RefundPostponeCheckParams{ID: r.ID, NextCheckAt: next}); err != nil {
		return errors.Join(cause, err)
	}
	return cause
}

// backoff is the wait before check n+1 of an order or refund: 30 s,
// doubling, at most an hour.
func backoff(n int) time.Duration {
	return min(time.Duration(1<<min(n, 7))*30*time.Second, time.Hour)
}

// readRefund reads a pending refund's state back from the gateway.
func (s *Service) readRefund(ctx context.Context, r queries.Refund, paymentID string) error {
	list, err := s.gateway().PaymentRefunds(ctx, s.settings, paymentID)
	if err != nil {
		return err
	}
	for _, x := range list {
		if r.RefundID == nil || x.ID != *r.RefundID {
			continue
		}
		if done, ok := refundDone(x.Status); ok {
			return s.settleRefund(ctx, x.ID, done)
		}
	}
	return nil
}
