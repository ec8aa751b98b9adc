package store_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// A booking's price goes into numeric(12,2) and comes back as the same
// decimal, to the paisa, at the column's largest value too; no price reads
// as nil.
func TestBookingPriceIsExact(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	q := queries.New(pool)
	user, err := q.UserCreate(ctx, queries.UserCreateParams{Email: "money@example.in", FullName: "Money", AccountType: "personal"})
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		in   *decimal.Decimal
		want string // as PostgreSQL holds it
	}{
		{ptr("9876543210.3"), "9876543210.30"},
		{ptr("9999999999.99"), "9999999999.99"},
		{ptr("0.1"), "0.10"},
		{ptr("4120"), "4120.00"},
		{nil, ""},
	} {
		b, err := q.BookingCreate(ctx, queries.BookingCreateParams{UserID: user.ID, Supplier: "tbo", TraceID: "t", ResultIndex: string(rune('a' + i)),
			Currency: "INR", Price: tc.in, Passengers: []byte("[]"), Quote: []byte("{}"), Extras: []byte("[]"),
			ExtrasPrice: decimal.RequireFromString("1599.5")})
		if err != nil {
			t.Fatal(err)
		}
		got, err := q.BookingGetByID(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		var text *string
		var extras string
		if err := pool.QueryRow(ctx, "SELECT price::text, extras_price::text FROM bookings WHERE id = $1", b.ID).Scan(&text, &extras); err != nil {
			t.Fatal(err)
		}
		// The extras bought with the fare are exact too.
		if !got.ExtrasPrice.Equal(decimal.RequireFromString("1599.50")) || extras != "1599.50" {
			t.Errorf("extras read %v, stored %s", got.ExtrasPrice, extras)
		}
		switch {
		case tc.in == nil:
			if got.Price != nil || text != nil {
				t.Errorf("no price reads %v, stored %v", got.Price, text)
			}
		case got.Price == nil || !got.Price.Equal(*tc.in) || text == nil || *text != tc.want:
			t.Errorf("%s: read %v, stored %v", tc.in, got.Price, text)
		}
	}
}

func ptr(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}
