package checkout

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// RefundAll refunds every paid order of a booking not refunded yet, in
// full, for reason (shown to the traveller); label is the metric's reason
// label (the booking's status). The refunds are written as requested, each
// with the job that asks the gateway for it and follows it to its end
// (refundWorker), in one transaction: once it commits, no crash can lose a
// refund, and none is asked for by a change that rolled back. The gateway
// is asked by the job, off the caller's path, within a moment.
func (s *Service) RefundAll(ctx context.Context, bookingID, userID uuid.UUID, reason, label string) error {
	var made []queries.Refund
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		rows, err := q.PaymentsPaidUnrefunded(ctx, bookingID)
		if err != nil {
			return err
		}
		for _, row := range rows {
			if row.Remaining <= 0 {
				continue // refunded in full by cancellations
			}
			r, err := q.RefundCreate(ctx, queries.RefundCreateParams{PaymentID: row.Payment.ID, BookingID: bookingID, UserID: userID, Amount: row.Remaining, Reason: reason})
			if errors.Is(err, pgx.ErrNoRows) {
				continue // refunded meanwhile by another caller
			}
			if err != nil {
				return err
			}
			if _, err := s.jobs.InsertTx(ctx, tx, refundJobOf(r), refundOpts()); err != nil {
				return err
			}
			made = append(made, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range made {
		s.metrics.Refunds.WithLabelValues(label).Inc()
		s.log.Info("refund requested", "booking", r.BookingID, "refund", r.ID, "paise", r.Amount)
	}
	return nil
}

// RefundForCancellation writes, in tx, the refund of amount paise of a
// booking for one of its cancellations: taken from the booking's paid
// orders, oldest first, each for at most what is not refunded of it yet,
// one refund per order and cancellation, each with the job that asks the
// gateway for it. Written again for the same cancellation it adds nothing.
// An amount the orders cannot cover is an error: nothing is written.
func (s *Service) RefundForCancellation(ctx context.Context, tx pgx.Tx, bookingID, userID, cancellationID uuid.UUID, amount int64, reason string) error {
	if amount <= 0 {
		return nil
	}
	q := s.q.WithTx(tx)
	rows, err := q.PaymentsPaidUnrefunded(ctx, bookingID)
	if err != nil {
		return err
	}
	left := amount
	var made []queries.Refund
	for _, row := range rows {
		if left == 0 {
			break
		}
		part := min(left, row.Remaining)
		if part <= 0 {
			continue
		}
		r, err := q.RefundCreateForCancellation(ctx, queries.RefundCreateForCancellationParams{PaymentID: row.Payment.ID, BookingID: bookingID,
			UserID: userID, Amount: part, Reason: reason, CancellationID: &cancellationID})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // written before, for this cancellation
		}
		if err != nil {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, refundJobOf(r), refundOpts()); err != nil {
			return err
		}
		made = append(made, r)
		left -= part
	}
	if left > 0 {
		return fmt.Errorf("checkout: booking %s: %d paise to refund exceed what its orders hold", bookingID, left)
	}
	for _, r := range made {
		s.metrics.Refunds.WithLabelValues("cancellation").Inc()
		s.log.Info("refund requested", "booking", r.BookingID, "refund", r.ID, "paise", r.Amount, "cancellation", cancellationID)
	}
	return nil
}

// refundReceipt is the product's reference of a refund at the gateway.
func refundReceipt(id uuid.UUID) string { return "rf_" + strings.ReplaceAll(id.String(), "-", "") }

// askRefund asks the gateway for a refund recorded as requested. The
// payment's refunds are read first: a refund an earlier ask made (its
// answer lost, or its job killed after the gateway took it) is found by its
// receipt and taken as the answer, so a refund is never asked for twice,
// however often its job runs. done is whether the gateway's answer is its
// last word (processed or failed), recorded.
func (s *Service) askRefund(ctx context.Context, r queries.Refund, paymentID string) (done bool, err error) {
	gw := s.gateway()
	receipt := refundReceipt(r.ID)
	list, err := gw.PaymentRefunds(ctx, s.settings, paymentID)
	if err != nil {
		return false, err
	}
	var got *payment.Refund
	for i := range list {
		if list[i].Receipt == receipt {
			got = &list[i]
		}
	}
	if got == nil {
		got, err = gw.Refund(ctx, s.settings, payment.RefundRequest{PaymentID: paymentID, Amount: r.Amount, Receipt: receipt,
			Notes: map[string]string{"booking": r.BookingID.String()}})
		if err != nil {
			return false, err
		}
		s.log.Info("refund asked", "booking", r.BookingID, "refund", got.ID, "paise", r.Amount)
	}
	if _, err := s.q.RefundMarkPending(ctx, queries.RefundMarkPendingParams{ID: r.ID, RefundID: &got.ID}); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return false, err
	}
	if to, ok := refundDone(got.Status); ok {
		return true, s.settleRefund(ctx, got.ID, to)
	}
	return false, nil
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

// settleRefund records the gateway's last word on a refund, once, and
// tells the seller (OnRefunded) in the same transaction.
func (s *Service) settleRefund(ctx context.Context, refundID string, to trip.RefundStatus) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return s.settleRefundTx(ctx, tx, refundID, to) })
}

// settleRefundTx is settleRefund in the caller's transaction.
func (s *Service) settleRefundTx(ctx context.Context, tx pgx.Tx, refundID string, to trip.RefundStatus) error {
	r, err := s.q.WithTx(tx).RefundSettle(ctx, queries.RefundSettleParams{RefundID: &refundID, Status: to})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // settled before
	}
	if err != nil {
		return err
	}
	return s.onRefunded(ctx, tx, r)
}

// readRefund reads a pending refund's state back from the gateway. done
// is whether it ended (recorded).
func (s *Service) readRefund(ctx context.Context, r queries.Refund, paymentID string) (done bool, err error) {
	list, err := s.gateway().PaymentRefunds(ctx, s.settings, paymentID)
	if err != nil {
		return false, err
	}
	for _, x := range list {
		if r.RefundID == nil || x.ID != *r.RefundID {
			continue
		}
		if to, ok := refundDone(x.Status); ok {
			return true, s.settleRefund(ctx, x.ID, to)
		}
	}
	return false, nil
}
