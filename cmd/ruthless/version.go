package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"ruthless"
	"ruthless/store"
)

// The version is the file VERSION's (ruthless.Version), in every build.
// The commit and date are set by a release build (go build -ldflags
// "-X main.commit=… -X main.date=…"); a build from a git checkout without
// them takes the commit and its time from what Go stamps in the binary.
var (
	commit = ""
	date   = ""
)

// buildInfo is the program's version, commit and build date, "" where
// not known.
func buildInfo() (v, c, d string) {
	v, c, d = ruthless.Version(), commit, date
	if c != "" && d != "" {
		return v, c, d
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v, c, d
	}
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if c == "" {
				c = s.Value
			}
		case "vcs.time":
			if d == "" {
				d = s.Value
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if modified && c != "" && commit == "" {
		c += " (with uncommitted changes)"
	}
	return v, c, d
}

// versionLine is what `ruthless version` prints and serve logs at start.
func versionLine() string {
	v, c, d := buildInfo()
	line := "ruthless " + v
	if c != "" {
		line += ", commit " + c
	}
	if d != "" {
		line += ", built " + d
	}
	// The schema is what an upgrade or a rollback turns on: a binary
	// refuses a database of a higher schema than its own.
	return line + fmt.Sprintf(", database schema %d", store.SchemaWritten())
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "ruthless version: takes no arguments, not %q\n", args[0])
		return exitUsage
	}
	fmt.Fprintln(stdout, versionLine())
	return exitOK
}
