package handlers

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// plankKey is the session key of the password "plank", as every version
// since sessions began derives it. A change to the derivation would end
// every phone's session at the upgrade, and would show here first.
const plankKey = "57c962059b065079a2cb948cdedab5fd00393b2d8a6d65904b979372db7a7e9c" +
	"261affaebb9c8af38f0c82b79a04e50e653860f9430560eb7bed07bd01a8e6ef"

// TestSessionKeyDerivedOnce: a password's session key is the same as it
// always was, derived once and then remembered, and the memo stops
// growing at its limit. (Each derivation takes a second under the race
// detector, so the test makes two.)
func TestSessionKeyDerivedOnce(t *testing.T) {
	m := keyMemo{keys: map[[32]byte][]byte{}, limit: 1}
	derive := func(password string) []byte {
		t.Helper()
		key, err := m.derive(sha256.Sum256([]byte(password)), password)
		if err != nil {
			t.Fatalf("deriving %q's key: %v", password, err)
		}
		return key
	}
	if got := hex.EncodeToString(derive("plank")); got != plankKey {
		t.Fatalf("the key of %q is %s, want the one it always was, %s", "plank", got, plankKey)
	}
	// A key planted in the memo is what comes back: asked again, the
	// memo does not derive again.
	planted := bytes.Repeat([]byte{7}, 64)
	m.keys[sha256.Sum256([]byte("plank"))] = planted
	if got := derive("plank"); !bytes.Equal(got, planted) {
		t.Errorf("asked again, the key was derived again: %x", got)
	}
	if got := hex.EncodeToString(derive("mast")); got == plankKey {
		t.Errorf("two passwords gave one key")
	}
	if len(m.keys) != 1 {
		t.Errorf("the memo holds %d keys, want its limit, 1", len(m.keys))
	}
}
