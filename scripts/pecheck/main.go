// Command pecheck checks that a file is a Windows executable a player can
// run as downloaded: a PE image for amd64, a console program, importing
// only the DLLs every Windows has (a MinGW runtime DLL such as
// libwinpthread-1.dll would be missing on the player's machine), and
// carrying each given string (the version, the commit) in its bytes.
//
//	go run ./scripts/pecheck FILE [STRING...]
package main

import (
	"bytes"
	"debug/pe"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: pecheck FILE [STRING...]")
		os.Exit(2)
	}
	problems, err := check(os.Args[1], os.Args[2:], os.Stdout)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pecheck: %v\n", err)
		os.Exit(1)
	}
	for _, p := range problems {
		fmt.Fprintf(os.Stderr, "pecheck: %s: %s\n", os.Args[1], p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
}

// check reports what is wrong with the executable at path, and prints
// what it found to out.
func check(path string, want []string, out io.Writer) ([]string, error) {
	f, err := pe.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	var problems []string
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		problems = append(problems, fmt.Sprintf("machine %#x, not amd64", f.Machine))
	}
	opt, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if !ok {
		problems = append(problems, "not a 64-bit (PE32+) image")
	} else if opt.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI {
		problems = append(problems, fmt.Sprintf("subsystem %d, not a console program", opt.Subsystem))
	}
	libs, err := importedDLLs(f)
	if err != nil {
		return nil, fmt.Errorf("%s: imports: %w", path, err)
	}
	if len(libs) == 0 {
		problems = append(problems, "imports no DLL: the import table was not read")
	}
	fmt.Fprintf(out, "imports only %s\n", strings.Join(libs, " "))
	for _, lib := range libs {
		if !isSystemDLL(lib) {
			problems = append(problems, fmt.Sprintf("imports %s, which Windows does not ship", lib))
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for _, s := range want {
		if !bytes.Contains(data, []byte(s)) {
			problems = append(problems, fmt.Sprintf("%q is not embedded", s))
		}
	}
	if len(problems) == 0 {
		fmt.Fprintf(out, "a PE32+ console program for amd64 carrying %q\n", want)
	}
	return problems, nil
}

// importedDLLs lists the DLLs the executable imports from, each once, in
// lower case. (debug/pe's ImportedLibraries returns nothing for PE files;
// each imported symbol is named "symbol:dll".)
func importedDLLs(f *pe.File) ([]string, error) {
	syms, err := f.ImportedSymbols()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var dlls []string
	for _, sym := range syms {
		_, dll, ok := strings.Cut(sym, ":")
		dll = strings.ToLower(dll)
		if ok && !seen[dll] {
			seen[dll] = true
			dlls = append(dlls, dll)
		}
	}
	slices.Sort(dlls)
	return dlls, nil
}

// isSystemDLL tells the DLLs that come with Windows itself from a
// compiler's runtime, which MinGW names lib….dll.
func isSystemDLL(name string) bool {
	return !strings.HasPrefix(strings.ToLower(name), "lib")
}
