package sso

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

func mustKey(t *testing.T, alg jose.SignatureAlgorithm, kid string) jose.JSONWebKey {
	t.Helper()
	k, err := GenerateKey(alg)
	if err != nil {
		t.Fatal(err)
	}
	if kid != "" {
		k.KeyID = kid
	}
	return k
}

func keyFile(t *testing.T, keys ...jose.JSONWebKey) []byte {
	t.Helper()
	b, err := json.Marshal(jose.JSONWebKeySet{Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A key file is refused, saying why, unless every key is a private Ed25519
// or P-256 signing key with a kid of its own.
func TestParseKeysRefusals(t *testing.T) {
	t.Parallel()
	ed := mustKey(t, jose.EdDSA, "ed")
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(*jose.JSONWebKey)) jose.JSONWebKey {
		k := mustKey(t, jose.EdDSA, "k")
		edit(&k)
		return k
	}
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"not JSON", []byte("kid: a"), "not a JSON Web Key Set"},
		{"empty", []byte(`{"keys": []}`), "no key"},
		{"no kid", keyFile(t, with(func(k *jose.JSONWebKey) { k.KeyID = "" })), "has no kid"},
		{"same kid twice", keyFile(t, ed, mustKey(t, jose.ES256, "ed")), "same kid"},
		{"public key", keyFile(t, ed.Public()), "not a private key"},
		{"RSA", keyFile(t, jose.JSONWebKey{Key: rsaKey, KeyID: "rsa"}), "Ed25519"},
		{"P-384", keyFile(t, jose.JSONWebKey{Key: p384, KeyID: "p384"}), "P-256"},
		{"alg of another type", keyFile(t, with(func(k *jose.JSONWebKey) { k.Algorithm = "ES256" })), `want "EdDSA"`},
		{"use enc", keyFile(t, with(func(k *jose.JSONWebKey) { k.Use = "enc" })), "want sig"},
	} {
		if _, err := ParseKeys(tc.file); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
	// alg and use may be left out; "Ed25519" is EdDSA by its newer name.
	set, err := ParseKeys(keyFile(t, with(func(k *jose.JSONWebKey) { k.Algorithm, k.Use = "", "" }),
		with(func(k *jose.JSONWebKey) { k.KeyID, k.Algorithm = "k2", "Ed25519" }), mustKey(t, jose.ES256, "ec")))
	if err != nil {
		t.Fatal(err)
	}
	pub := set.Public()
	if len(pub.Keys) != 3 || pub.Keys[0].Algorithm != "EdDSA" || pub.Keys[1].Algorithm != "EdDSA" || pub.Keys[2].Algorithm != "ES256" ||
		pub.Keys[0].Use != "sig" {
		t.Fatalf("public set %+v", pub.Keys)
	}
}

// The published set holds every key's public half and no private part.
func TestPublicHasNoPrivateParts(t *testing.T) {
	t.Parallel()
	set, err := NewKeySet(mustKey(t, jose.EdDSA, "new"), mustKey(t, jose.ES256, "old"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(set.Public())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Keys []map[string]any }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Keys) != 2 || doc.Keys[0]["kid"] != "new" || doc.Keys[1]["kid"] != "old" {
		t.Fatalf("keys %s", b)
	}
	for _, k := range doc.Keys {
		if _, private := k["d"]; private {
			t.Fatalf("a private part is published: %s", b)
		}
	}
	if doc.Keys[0]["kty"] != "OKP" || doc.Keys[0]["crv"] != "Ed25519" || doc.Keys[1]["kty"] != "EC" || doc.Keys[1]["crv"] != "P-256" || doc.Keys[1]["y"] == nil {
		t.Fatalf("keys %s", b)
	}
}

// A ticket signed by either key verifies while both are in the set; a
// ticket names the key that signed it, and one naming a key that is gone,
// or another key's algorithm, is refused.
func TestVerifyByKid(t *testing.T) {
	t.Parallel()
	oldKey, newKey := mustKey(t, jose.ES256, "old"), mustKey(t, jose.EdDSA, "new")
	before, _ := NewKeySet(oldKey)
	both, _ := NewKeySet(newKey, oldKey)
	after, _ := NewKeySet(newKey)
	now := time.Unix(1_900_000_000, 0)
	c := Claims{Claims: jwt.Claims{Issuer: "https://paryatan.example", Audience: jwt.Audience{"visa"}, Subject: "u", ID: newTicketID(),
		IssuedAt: jwt.NewNumericDate(now), NotBefore: jwt.NewNumericDate(now), Expiry: jwt.NewNumericDate(now.Add(time.Minute))}}
	e := expected{issuer: "https://paryatan.example", audience: "visa", now: now, leeway: DefaultLeeway}
	old, err := sign(before, c)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := sign(both, c)
	if err != nil {
		t.Fatal(err)
	}
	if tok, _ := jwt.ParseSigned(fresh, algorithms); tok.Headers[0].KeyID != "new" || tok.Headers[0].Algorithm != "EdDSA" {
		t.Fatalf("header %+v: the first key signs", tok.Headers[0])
	}
	for _, tc := range []struct {
		name  string
		keys  *KeySet
		token string
		want  error
	}{
		{"old ticket, old key", before, old, nil},
		{"old ticket during rotation", both, old, nil},
		{"new ticket during rotation", both, fresh, nil},
		{"old ticket after rotation", after, old, errUnknownKey},
		{"no keys", nil, old, errUnknownKey},
	} {
		_, err := verify(tc.keys, tc.token, e)
		if (tc.want == nil) != (err == nil) || (tc.want != nil && !strings.Contains(err.Error(), tc.want.Error())) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// The old key's kid on a ticket signed by another key's algorithm.
	impostor := mustKey(t, jose.EdDSA, "old")
	forged, _ := NewKeySet(impostor)
	tok, _ := sign(forged, c)
	if _, err := verify(both, tok, e); err == nil || !strings.Contains(err.Error(), errBadSignature.Error()) {
		t.Errorf("another key under a known kid: %v", err)
	}
}

// The key file is reloaded when it changes; a file that does not parse
// leaves the keys in force.
func TestKeyStoreReload(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "keys.json")
	write := func(b []byte) {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(keyFile(t, mustKey(t, jose.EdDSA, "a")))
	s, err := OpenKeyStore(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if changed, err := s.Reload(); changed || err != nil {
		t.Fatalf("unchanged file: %v %v", changed, err)
	}
	write(keyFile(t, mustKey(t, jose.EdDSA, "b"), mustKey(t, jose.EdDSA, "a")))
	if changed, err := s.Reload(); !changed || err != nil || strings.Join(s.Current().KeyIDs(), ",") != "b,a" {
		t.Fatalf("rotated file: %v %v %v", changed, err, s.Current().KeyIDs())
	}
	write([]byte(`{"keys": [{"kty": "OKP"}]}`))
	if changed, err := s.Reload(); changed || err == nil || strings.Join(s.Current().KeyIDs(), ",") != "b,a" {
		t.Fatalf("broken file: %v %v %v", changed, err, s.Current().KeyIDs())
	}
	if _, err := OpenKeyStore(filepath.Join(t.TempDir(), "missing.json"), nil); err == nil {
		t.Fatal("a missing file opened")
	}
}
