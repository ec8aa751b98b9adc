// Package auth holds accounts, sign-in (password and OpenID Connect),
// device sessions, e-mail verification and the rate limits that guard them.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argonParams are Argon2id settings: 19 MiB, 2 passes, 1 lane (the OWASP
// baseline), about 25 ms on one core. Stored with each hash, so raising them
// later leaves old hashes verifiable.
type argonParams struct {
	memoryKiB uint32
	time      uint32
	threads   uint8
}

var defaultArgon = argonParams{memoryKiB: 19 * 1024, time: 2, threads: 1}

// HashPassword returns an Argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	p := defaultArgon
	key := argon2.IDKey([]byte(password), salt, p.time, p.memoryKiB, p.threads, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memoryKiB, p.time, p.threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("unrecognised password hash")

// VerifyPassword reports whether password matches the PHC-encoded hash, in
// constant time with respect to the key.
func VerifyPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var p argonParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memoryKiB, &p.time, &p.threads); err != nil {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, p.time, p.memoryKiB, p.threads, uint32(len(want))) //nolint:gosec // a stored hash of 32 bytes
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is verified against when an e-mail has no account, so a wrong
// e-mail costs as much time as a wrong password and reveals nothing.
var dummyHash = func() string {
	h, err := HashPassword("no account has this password")
	if err != nil {
		panic(err)
	}
	return h
}()
