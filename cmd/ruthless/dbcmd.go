package main

import (
	"fmt"
	"io"
)

// runExport writes a stored game as a game file. Placeholder until the store lands.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "ruthless: export is not available yet")
	return 1
}

// runImport stores a game file. Placeholder until the store lands.
func runImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "ruthless: import is not available yet")
	return 1
}
