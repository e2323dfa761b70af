// Command ruthless is the table companion and scorer for Ruthless: the web
// app (serve) and the command line (solve, score, check, export, import).
package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runServe(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdin, stdout, stderr)
	case "export":
		return runExport(args[1:], stdin, stdout, stderr)
	case "import":
		return runImport(args[1:], stdin, stdout, stderr)
	}
	return 2
}
