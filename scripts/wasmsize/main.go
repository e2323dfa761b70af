// Command wasmsize prints how much of a WebAssembly file each Go package
// takes, so that the next growth of the offline build (make offline) shows
// where it came from. It reads the file's "name" section, which the Go
// linker writes unless -s is given, matches each function's name with its
// body in the code section, and sums the bodies' sizes per package; the
// data section (strings, tables, type data) cannot be split that way and
// is printed whole.
//
//	GOOS=js GOARCH=wasm go list -deps ./cmd/offline >pkgs
//	go run ./scripts/wasmsize -pkgs pkgs [-top N] [-strip OUT] FILE.wasm
//
// The linker writes names with every character but letters, digits, "_"
// and "." turned into "_" ("github.com_gin_gonic_gin.__Context_.Next"), so
// the package of a name is found as the longest of the build's packages
// (-pkgs, the output of go list -deps) that, spelt that way, begins it.
//
// -strip writes a copy of the file without its custom sections (the names
// and the producers): the names are needed only here, and the browser
// never reads them, so the site ships the stripped copy.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 25, "how many packages to list (the rest are summed)")
	strip := flag.String("strip", "", "write a copy without custom sections to this file")
	pkgList := flag.String("pkgs", "", "a file listing the build's packages, one a line (go list -deps)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-strip OUT] FILE.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %v\n", err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
	var pkgs []string
	if *pkgList != "" {
		b, err := os.ReadFile(*pkgList)
		if err != nil {
			fmt.Fprintf(os.Stderr, "wasmsize: %v\n", err)
			os.Exit(1)
		}
		pkgs = strings.Fields(string(b))
	}
	report(os.Stdout, m, newPackages(pkgs), *top)
	if *strip != "" {
		if err := os.WriteFile(*strip, m.stripped(), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "wasmsize: %v\n", err)
			os.Exit(1)
		}
	}
}

// module is what wasmsize needs of a WebAssembly file.
type module struct {
	raw      []byte
	sections []section
	imports  int      // imported functions, which come first in the index space
	bodies   []int    // the size of each defined function's body, in order
	names    []string // function names by index (imports included); may be short
	code     int      // size of the code section
	data     int      // size of the data section
}

type section struct {
	id         byte
	name       string // custom sections only
	start, end int    // the whole section in raw, header included
}

const (
	secCustom = 0
	secImport = 2
	secCode   = 10
	secData   = 11
)

// parse reads the sections of b and, from them, the function bodies and
// names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly file")
	}
	m := &module{raw: b}
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		start := r.off
		id := r.byte()
		size := int(r.uint())
		body := r.off
		if r.err != nil || body+size > len(b) {
			return nil, errors.New("truncated section")
		}
		s := section{id: id, start: start, end: body + size}
		sub := &reader{b: b[:body+size], off: body}
		var err error
		switch id {
		case secCustom:
			s.name = sub.name()
			if s.name == "name" {
				m.names, err = functionNames(sub)
			}
		case secImport:
			m.imports, err = countFunctionImports(sub)
		case secCode:
			m.code = size
			m.bodies, err = bodySizes(sub)
		case secData:
			m.data = size
		}
		if err == nil {
			err = sub.err
		}
		if err != nil {
			return nil, fmt.Errorf("section %d: %w", id, err)
		}
		m.sections = append(m.sections, s)
		r.off = body + size
	}
	return m, nil
}

// countFunctionImports counts the imports that are functions.
func countFunctionImports(r *reader) (int, error) {
	n := int(r.uint())
	funcs := 0
	for range n {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // function: its type index
			r.uint()
			funcs++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		default:
			return 0, fmt.Errorf("import of unknown kind %d", kind)
		}
	}
	return funcs, r.err
}

// bodySizes reads the size of every function body of the code section.
func bodySizes(r *reader) ([]int, error) {
	n := int(r.uint())
	sizes := make([]int, 0, n)
	for range n {
		size := int(r.uint())
		r.off += size
		sizes = append(sizes, size)
	}
	if r.off > len(r.b) {
		return nil, errors.New("truncated code section")
	}
	return sizes, r.err
}

// functionNames reads the function-names subsection (id 1) of the name
// section.
func functionNames(r *reader) ([]string, error) {
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.uint())
		end := r.off + size
		if id != 1 {
			r.off = end
			continue
		}
		var names []string
		n := int(r.uint())
		for range n {
			idx := int(r.uint())
			name := r.name()
			if r.err != nil || idx > 1<<24 {
				return nil, errors.New("bad function name")
			}
			for len(names) <= idx {
				names = append(names, "")
			}
			names[idx] = name
		}
		return names, r.err
	}
	return nil, r.err
}

// stripped is the file without its custom sections.
func (m *module) stripped() []byte {
	out := append([]byte(nil), m.raw[:8]...)
	for _, s := range m.sections {
		if s.id != secCustom {
			out = append(out, m.raw[s.start:s.end]...)
		}
	}
	return out
}

// packageSizes sums the function bodies by Go package.
func (m *module) packageSizes(known packages) map[string]int {
	sizes := map[string]int{}
	for i, size := range m.bodies {
		name := ""
		if idx := m.imports + i; idx < len(m.names) {
			name = m.names[idx]
		}
		sizes[known.of(name)] += size
	}
	return sizes
}

// packages maps the linker's spelling of each package path to the path.
type packages map[string]string

var notNameChar = regexp.MustCompile(`[^\w.]`)

func newPackages(paths []string) packages {
	known := packages{}
	for _, p := range paths {
		known[notNameChar.ReplaceAllString(p, "_")] = p
	}
	return known
}

// of is the package of a function name such as
// "github.com_gin_gonic_gin.__Context_.Next" or
// "slices.Sort[go.shape.string]": the longest known package followed by a
// dot at the start of the name. Names of no listed package are the
// linker's own ("type:…", "go:…" wrappers) or, with no list, cut at the
// first dot.
func (known packages) of(name string) string {
	if name == "" {
		return "(no name: build without -s)"
	}
	best := ""
	for i := 0; i < len(name); i++ {
		if name[i] != '.' {
			continue
		}
		if p, ok := known[name[:i]]; ok {
			best = p
		}
	}
	switch {
	case best != "":
		return best
	case strings.HasPrefix(name, "type_") || strings.HasPrefix(name, "go_"):
		return "(" + strings.SplitN(name, "_", 2)[0] + ": made by the linker)"
	}
	head, _, _ := strings.Cut(name, ".")
	if len(known) > 0 {
		return head + " (not listed)"
	}
	return head
}

// report prints the sizes: the total, the code and data sections, and
// the top packages by code.
func report(w io.Writer, m *module, known packages, top int) {
	sizes := m.packageSizes(known)
	pkgs := make([]string, 0, len(sizes))
	for p := range sizes {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool {
		if sizes[pkgs[i]] != sizes[pkgs[j]] {
			return sizes[pkgs[i]] > sizes[pkgs[j]]
		}
		return pkgs[i] < pkgs[j]
	})
	fmt.Fprintf(w, "wasm %s: code %s, data %s, %d functions\n", mb(len(m.raw)), mb(m.code), mb(m.data), len(m.bodies))
	rest, restN := 0, 0
	for i, p := range pkgs {
		if i < top {
			fmt.Fprintf(w, "  %8s  %5.1f%%  %s\n", mb(sizes[p]), 100*float64(sizes[p])/float64(max(m.code, 1)), p)
		} else {
			rest += sizes[p]
			restN++
		}
	}
	if restN > 0 {
		fmt.Fprintf(w, "  %8s  %5.1f%%  (%d other packages)\n", mb(rest), 100*float64(rest)/float64(max(m.code, 1)), restN)
	}
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

// reader reads WebAssembly's LEB128 numbers and names; the first error
// sticks and stops it.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.off >= len(r.b) {
		r.err = io.ErrUnexpectedEOF
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *reader) uint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	if r.err == nil {
		r.err = errors.New("LEB128 number too long")
	}
	return 0
}

func (r *reader) name() string {
	n := int(r.uint())
	if r.err != nil {
		return ""
	}
	if n < 0 || r.off+n > len(r.b) {
		r.err = io.ErrUnexpectedEOF
		return ""
	}
	s := string(r.b[r.off : r.off+n])
	r.off += n
	return s
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
		r.uint()
		return
	}
	r.uint()
}
