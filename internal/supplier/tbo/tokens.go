package tbo

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// PGTokens keeps supplier tokens in PostgreSQL so every replica uses the same
// one, with a small in-process cache in front so a call costs no query.
type PGTokens struct {
	pool *pgxpool.Pool
	q    *queries.Queries

	mu    sync.Mutex
	cache map[string]cachedToken
}

type cachedToken struct {
	token string
	until time.Time
}

// cacheFor bounds how long a replica trusts its cached token without looking
// at the shared one (another replica may have replaced it).
const cacheFor = time.Minute

// NewPGTokens returns the shared token store.
func NewPGTokens(pool *pgxpool.Pool) *PGTokens {
	return &PGTokens{pool: pool, q: queries.New(store.Reads{Pool: pool}), cache: map[string]cachedToken{}}
}

// Token returns the supplier's token of the day, authenticating (through
// fetch) under an advisory lock when there is none, so replicas that need a
// token at the same moment authenticate once.
func (s *PGTokens) Token(ctx context.Context, supplier string, fetch func(context.Context) (string, time.Time, error)) (string, error) {
	now := time.Now()
	s.mu.Lock()
	if c, ok := s.cache[supplier]; ok && now.Before(c.until) {
		s.mu.Unlock()
		return c.token, nil
	}
	s.mu.Unlock()

	if tok, err := s.q.SupplierTokenGet(ctx, supplier); err == nil {
		s.remember(supplier, tok)
		return tok, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return "", err
	}

	var token string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if err := q.SupplierTokenLock(ctx, supplier); err != nil {
			return err
		}
		// Another replica may have authenticated while we waited.
		if tok, err := q.SupplierTokenGet(ctx, supplier); err == nil {
			token = tok
			return nil
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		tok, until, err := fetch(ctx)
		if err != nil {
			return err
		}
		token = tok
		return q.SupplierTokenPut(ctx, queries.SupplierTokenPutParams{Supplier: supplier, Token: tok, ValidUntil: until})
	})
	if err != nil {
		return "", err
	}
	s.remember(supplier, token)
	return token, nil
}

func (s *PGTokens) remember(supplier, token string) {
	s.mu.Lock()
	s.cache[supplier] = cachedToken{token: token, until: time.Now().Add(cacheFor)}
	s.mu.Unlock()
}

// Invalidate forgets a token the supplier refused, here and for every
// replica (unless one has already replaced it).
func (s *PGTokens) Invalidate(ctx context.Context, supplier, token string) error {
	s.mu.Lock()
	if c, ok := s.cache[supplier]; ok && c.token == token {
		delete(s.cache, supplier)
	}
	s.mu.Unlock()
	return s.q.SupplierTokenDelete(ctx, queries.SupplierTokenDeleteParams{Supplier: supplier, Token: token})
}
