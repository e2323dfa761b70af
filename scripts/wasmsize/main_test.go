package main

import (
	"bytes"
	"strings"
	"testing"
)

// leb is n as an unsigned LEB128 number.
func leb(n int) []byte {
	var b []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

func name(s string) []byte { return append(leb(len(s)), s...) }

func sec(id byte, body []byte) []byte {
	return append(append([]byte{id}, leb(len(body))...), body...)
}

// tinyModule is a module with one imported function and three defined
// ones of 3, 5 and 130 body bytes (the last needs a two-byte size), named
// as the Go linker names them.
func tinyModule() []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	imp := append(leb(1), name("go")...)
	imp = append(imp, name("debug")...)
	imp = append(imp, 0, 0) // a function of type 0
	m = append(m, sec(secImport, imp)...)
	code := leb(3)
	for _, n := range []int{3, 5, 130} {
		code = append(code, leb(n)...)
		code = append(code, bytes.Repeat([]byte{0x0b}, n)...)
	}
	m = append(m, sec(secCode, code)...)
	m = append(m, sec(secData, []byte{0, 0})...)
	names := leb(4)
	for i, n := range []string{"go.debug", "github.com_gin_gonic_gin.__Context_.Next", "ruthless_views.Home.func1", "type_.eq.foo"} {
		names = append(names, leb(i)...)
		names = append(names, name(n)...)
	}
	custom := append(name("name"), sec(1, names)...)
	return append(m, sec(secCustom, custom)...)
}

func TestPackageSizes(t *testing.T) {
	m, err := parse(tinyModule())
	if err != nil {
		t.Fatal(err)
	}
	known := newPackages([]string{"github.com/gin-gonic/gin", "github.com/gin-gonic/gin/render", "ruthless/views"})
	got := m.packageSizes(known)
	want := map[string]int{"github.com/gin-gonic/gin": 3, "ruthless/views": 5, "(type: made by the linker)": 130}
	if len(got) != len(want) {
		t.Fatalf("sizes %v, want %v", got, want)
	}
	for p, n := range want {
		if got[p] != n {
			t.Errorf("%s: %d bytes, want %d (all: %v)", p, got[p], n, got)
		}
	}
	var out strings.Builder
	report(&out, m, known, 1)
	if !strings.Contains(out.String(), "(2 other packages)") {
		t.Errorf("report with top 1 does not sum the rest:\n%s", out.String())
	}
}

// The stripped copy keeps everything but the names, and still parses.
func TestStripped(t *testing.T) {
	raw := tinyModule()
	m, err := parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	s := m.stripped()
	if bytes.Contains(s, []byte("gin_gonic")) || len(s) >= len(raw) {
		t.Fatalf("stripped copy (%d bytes of %d) still holds the names", len(s), len(raw))
	}
	m2, err := parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(m2.bodies) != 3 || m2.imports != 1 || len(m2.names) != 0 {
		t.Errorf("stripped copy: %d bodies, %d imports, %d names; want 3, 1, 0", len(m2.bodies), m2.imports, len(m2.names))
	}
}

func TestNotWasm(t *testing.T) {
	if _, err := parse([]byte("MZ not a module")); err == nil {
		t.Error("a file that is not WebAssembly parsed")
	}
	if _, err := parse(tinyModule()[:20]); err == nil {
		t.Error("a truncated module parsed")
	}
}
