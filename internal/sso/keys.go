package sso

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// KeySet is the signing keys in force: the first signs new tickets, every
// one verifies. Holding the previous key for a while after a new one is put
// first is what lets tickets signed just before a rotation still be
// redeemed (docs/sso.md, key rotation).
type KeySet struct {
	keys []jose.JSONWebKey
	byID map[string]jose.JSONWebKey
}

// Signing algorithms a key may have: Ed25519 keys sign EdDSA, P-256 keys
// ES256.
var algorithms = []jose.SignatureAlgorithm{jose.EdDSA, jose.ES256}

// ParseKeys reads a JSON Web Key Set of private keys. Every key needs a kid
// of its own, and must be an Ed25519 ("OKP") or P-256 ("EC") private key for
// signatures; alg and use, when given, must agree.
func ParseKeys(data []byte) (*KeySet, error) {
	var doc jose.JSONWebKeySet
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("sso keys: not a JSON Web Key Set: %w", err)
	}
	if len(doc.Keys) == 0 {
		return nil, errors.New("sso keys: the set holds no key")
	}
	set := &KeySet{byID: map[string]jose.JSONWebKey{}}
	for i, k := range doc.Keys {
		name := fmt.Sprintf("key %d (kid %q)", i+1, k.KeyID)
		if k.KeyID == "" {
			return nil, fmt.Errorf("sso keys: %s has no kid", name)
		}
		if _, dup := set.byID[k.KeyID]; dup {
			return nil, fmt.Errorf("sso keys: %s: another key has the same kid", name)
		}
		if !k.Valid() || k.IsPublic() {
			return nil, fmt.Errorf("sso keys: %s is not a private key: the file holds the keys that sign", name)
		}
		alg, err := algorithmOf(k.Key)
		if err != nil {
			return nil, fmt.Errorf("sso keys: %s: %w", name, err)
		}
		// RFC 9864 names Ed25519 signatures "Ed25519"; JOSE libraries still
		// write "EdDSA".
		if k.Algorithm != "" && k.Algorithm != string(alg) && (alg != jose.EdDSA || k.Algorithm != "Ed25519") {
			return nil, fmt.Errorf("sso keys: %s has alg %q, want %q for its key type", name, k.Algorithm, alg)
		}
		if k.Use != "" && k.Use != "sig" {
			return nil, fmt.Errorf("sso keys: %s has use %q, want sig", name, k.Use)
		}
		k.Algorithm, k.Use = string(alg), "sig"
		set.keys = append(set.keys, k)
		set.byID[k.KeyID] = k
	}
	return set, nil
}

// algorithmOf is the signature algorithm of a private key this package
// signs with.
func algorithmOf(key any) (jose.SignatureAlgorithm, error) {
	switch k := key.(type) {
	case ed25519.PrivateKey:
		return jose.EdDSA, nil
	case *ecdsa.PrivateKey:
		if k.Curve == elliptic.P256() {
			return jose.ES256, nil
		}
	}
	return "", errors.New("want an Ed25519 (kty OKP, crv Ed25519) or P-256 (kty EC, crv P-256) key")
}

// GenerateKey returns a new private key for alg (EdDSA with Ed25519, or
// ES256), its kid the key's RFC 7638 thumbprint.
func GenerateKey(alg jose.SignatureAlgorithm) (jose.JSONWebKey, error) {
	var priv any
	switch alg {
	case jose.EdDSA:
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		priv = k
	case jose.ES256:
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		priv = k
	default:
		return jose.JSONWebKey{}, fmt.Errorf("sso keys: cannot generate a key for %q", alg)
	}
	k := jose.JSONWebKey{Key: priv, Algorithm: string(alg), Use: "sig"}
	tp, err := k.Thumbprint(crypto.SHA256)
	if err != nil {
		return jose.JSONWebKey{}, err
	}
	k.KeyID = base64.RawURLEncoding.EncodeToString(tp)
	return k, nil
}

// NewKeySet returns a set of the given private keys, the first signing. It
// checks them as ParseKeys does.
func NewKeySet(keys ...jose.JSONWebKey) (*KeySet, error) {
	b, err := json.Marshal(jose.JSONWebKeySet{Keys: keys})
	if err != nil {
		return nil, fmt.Errorf("sso keys: %w", err)
	}
	return ParseKeys(b)
}

// Public is the set as partners may see it: the public half of every key,
// with its kid, alg and use. No private part is ever in it.
func (s *KeySet) Public() jose.JSONWebKeySet {
	out := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{}}
	if s == nil {
		return out
	}
	for _, k := range s.keys {
		out.Keys = append(out.Keys, k.Public())
	}
	return out
}

// KeyIDs are the kids in order, the signing key's first.
func (s *KeySet) KeyIDs() []string {
	if s == nil {
		return nil
	}
	ids := make([]string, 0, len(s.keys))
	for _, k := range s.keys {
		ids = append(ids, k.KeyID)
	}
	return ids
}

// signer signs with the set's first key; its kid goes in every ticket's
// header.
func (s *KeySet) signer() (jose.Signer, error) {
	if s == nil || len(s.keys) == 0 {
		return nil, errors.New("sso: no signing key is configured")
	}
	k := s.keys[0]
	return jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(k.Algorithm), Key: k},
		(&jose.SignerOptions{}).WithType("JWT"))
}

// verifier is the public key with kid, if the set holds one.
func (s *KeySet) verifier(kid string) (jose.JSONWebKey, bool) {
	if s == nil {
		return jose.JSONWebKey{}, false
	}
	k, ok := s.byID[kid]
	if !ok {
		return jose.JSONWebKey{}, false
	}
	return k.Public(), true
}

// KeyStore holds the key set in force and swaps it atomically when its
// file changes, so a key is rotated by editing the file (in Kubernetes, the
// Secret it is mounted from), without a restart.
type KeyStore struct {
	cur  atomic.Pointer[KeySet]
	path string
	log  *slog.Logger

	mu  sync.Mutex
	raw []byte
}

// NewKeyStore returns a store serving set, which no file changes.
func NewKeyStore(set *KeySet) *KeyStore {
	s := &KeyStore{log: slog.New(slog.DiscardHandler)}
	s.cur.Store(set)
	return s
}

// OpenKeyStore loads the key set at path (SSO_SIGNING_KEYS_FILE).
func OpenKeyStore(path string, log *slog.Logger) (*KeyStore, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("sso keys: %w", err)
	}
	set, err := ParseKeys(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &KeyStore{path: path, log: log, raw: raw}
	s.cur.Store(set)
	return s, nil
}

// Current returns the key set in force.
func (s *KeyStore) Current() *KeySet { return s.cur.Load() }

// Reload reads the file now. A file that does not parse is refused: the
// keys in force stay and the error is returned. An unchanged file is a
// no-op.
func (s *KeyStore) Reload() (changed bool, err error) {
	if s.path == "" {
		return false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	raw, err := os.ReadFile(s.path)
	if err != nil {
		return false, fmt.Errorf("sso keys: %w", err)
	}
	if bytes.Equal(raw, s.raw) {
		return false, nil
	}
	// Remembered even when refused, so one mistake is logged once, not on
	// every poll.
	s.raw = raw
	set, err := ParseKeys(raw)
	if err != nil {
		return false, fmt.Errorf("%s: %w", s.path, err)
	}
	s.cur.Store(set)
	return true, nil
}

// Watch polls the file every interval until ctx ends. Polling, rather than
// file events, also catches the symlink swap by which Kubernetes updates a
// mounted Secret.
func (s *KeyStore) Watch(ctx context.Context, interval time.Duration) {
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
				s.log.Error("sso signing keys change refused; keeping the keys in force", "path", s.path, "err", err)
			case changed:
				s.log.Info("sso signing keys reloaded", "path", s.path, "kids", s.Current().KeyIDs())
			}
		}
	}
}

// GenerateKeySet returns a set of one new Ed25519 key: for local runs,
// where no key file is configured and tickets need only outlive the
// process.
func GenerateKeySet() (*KeySet, error) {
	k, err := GenerateKey(jose.EdDSA)
	if err != nil {
		return nil, err
	}
	return NewKeySet(k)
}
