package checkout

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// The periodic clean-up deletes the webhook ids the gateway will not
// deliver again, and keeps the others: a retried delivery must still be
// recognised as applied.
func TestCleanupKeepsRecentWebhookIDs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	if _, err := pool.Exec(ctx, `INSERT INTO payment_events (gateway, event_id, event, received_at) VALUES
		('razorpay', 'evt_old', 'payment.captured', now() - interval '8 days'),
		('razorpay', 'evt_recent', 'payment.captured', now() - interval '6 days')`); err != nil {
		t.Fatal(err)
	}
	s := &Service{q: queries.New(pool), now: time.Now}
	if err := s.cleanup(ctx, &river.Job[cleanupJob]{}); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT event_id FROM payment_events ORDER BY event_id`)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 1 || kept[0] != "evt_recent" {
		t.Fatalf("kept %v; want evt_recent only", kept)
	}
}
