package auth

import (
	"strings"
	"testing"
)

func TestPasswordHashing(t *testing.T) {
	t.Parallel()
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not Argon2id PHC", h)
	}
	if ok, err := VerifyPassword(h, "correct horse"); !ok || err != nil {
		t.Fatalf("right password rejected: %v", err)
	}
	if ok, _ := VerifyPassword(h, "correct horsE"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword("correct horse")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: salt not random")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=x$AA$AA"} {
		if _, err := VerifyPassword(bad, "x"); err == nil {
			t.Errorf("hash %q accepted", bad)
		}
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	a, ha := newToken()
	b, _ := newToken()
	if a == b || len(a) < 43 || len(ha) != 32 {
		t.Fatalf("tokens %q %q hash len %d", a, b, len(ha))
	}
	if string(hashToken(a)) != string(ha) {
		t.Fatal("hash not reproducible")
	}
}
