package handlers

import (
	"bytes"
	"crypto/hkdf"
	"crypto/pbkdf2"
	"crypto/sha256"
	"testing"
)

// TestSessionKeyDerivedOnce: a password's session key is the PBKDF2 and
// HKDF derivation, the same each time it is asked for, derived once and
// then remembered, and the memo stops growing at its limit.
func TestSessionKeyDerivedOnce(t *testing.T) {
	m := keyMemo{keys: map[[32]byte][]byte{}, limit: 2}
	derive := func(password string) []byte {
		t.Helper()
		key, err := m.derive(sha256.Sum256([]byte(password)), password)
		if err != nil {
			t.Fatalf("deriving %q's key: %v", password, err)
		}
		return key
	}
	first := derive("plank")
	direct, err := pbkdf2.Key(sha256.New, "plank", []byte(kdfSalt), kdfRounds, 32)
	if err == nil {
		direct, err = hkdf.Key(sha256.New, direct, nil, "securecookie hash key", 64)
	}
	if err != nil || !bytes.Equal(first, direct) {
		t.Fatalf("the memo's key %x, want the derivation's %x (err %v)", first, direct, err)
	}
	// A key planted in the memo is what comes back: the second ask does
	// not derive again.
	planted := bytes.Repeat([]byte{7}, 64)
	m.keys[sha256.Sum256([]byte("plank"))] = planted
	if got := derive("plank"); !bytes.Equal(got, planted) {
		t.Errorf("asked again, the key was derived again: %x", got)
	}
	if other := derive("mast"); bytes.Equal(other, direct) {
		t.Errorf("two passwords gave one key")
	}
	derive("keel")
	if len(m.keys) != 2 {
		t.Errorf("the memo holds %d keys, want its limit, 2", len(m.keys))
	}
}
