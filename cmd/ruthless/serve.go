package main

import (
	"fmt"
	"io"
)

// runServe runs the web app. Placeholder until the web app lands.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "ruthless: serve is not available yet")
	return 1
}
