package connector

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"sync/atomic"
	"time"
)

// Store holds the current configuration and swaps it atomically. A caller
// takes a snapshot (Current) at the start of a supplier call and keeps it for
// the whole call, so a reload never changes a call in flight.
type Store struct {
	cur     atomic.Pointer[Document]
	path    string
	log     *slog.Logger
	raw     []byte
	onApply func(doc *Document, err error)
}

// NewStore returns a store serving doc. path, when set, is the file Watch
// reloads from.
func NewStore(doc *Document, path string, log *slog.Logger) *Store {
	s := &Store{path: path, log: log}
	s.cur.Store(doc)
	if path != "" {
		s.raw, _ = os.ReadFile(path)
	}
	return s
}

// Open loads the file at path into a new store.
func Open(path string, log *slog.Logger) (*Store, error) {
	doc, err := Load(path)
	if err != nil {
		return nil, err
	}
	return NewStore(doc, path, log), nil
}

// Current returns the configuration in force.
func (s *Store) Current() *Document { return s.cur.Load() }

// OnApply registers a function told about every reload attempt: the new
// document, or the error that kept the old one (for metrics).
func (s *Store) OnApply(f func(doc *Document, err error)) { s.onApply = f }

// Reload reads the file now. An invalid file is refused: the old settings
// stay and the error is returned. An unchanged file is a no-op.
func (s *Store) Reload() (changed bool, err error) {
	raw, err := os.ReadFile(s.path)
	if err != nil {
		s.report(nil, err)
		return false, err
	}
	if bytes.Equal(raw, s.raw) {
		return false, nil
	}
	doc, err := Parse(raw)
	if err != nil {
		// Remember the bad bytes so the same mistake is logged once, not
		// on every poll; a fixed file differs and is tried again.
		s.raw = raw
		s.report(nil, err)
		return false, err
	}
	s.raw = raw
	s.cur.Store(doc)
	s.report(doc, nil)
	return true, nil
}

func (s *Store) report(doc *Document, err error) {
	if s.onApply != nil {
		s.onApply(doc, err)
	}
}

// Watch polls the file every interval until ctx ends. Polling, rather than
// file events, also catches the symlink swap by which Kubernetes updates a
// mounted ConfigMap or Secret.
func (s *Store) Watch(ctx context.Context, interval time.Duration) {
	if s.path == "" {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			changed, err := s.Reload()
			switch {
			case err != nil:
				s.log.Error("connector config change refused; keeping the previous settings", "path", s.path, "err", err)
			case changed:
				s.log.Info("connector config reloaded", "path", s.path, "generation", s.Current().Generation)
			}
		}
	}
}
