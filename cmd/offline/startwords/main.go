// Command startwords writes the offline site's start page and worker
// words (the catalogues' start.* messages, in every language) as a
// script, start-words.js, for scripts/offline.sh. The start page runs
// before the app is on the phone, so it cannot ask the app for its
// words; the worker reads the same file when the app cannot start.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"ruthless/views/lang"
)

func main() {
	words := map[string]map[string]string{}
	for _, l := range lang.All() {
		words[l.Code()] = l.Messages("start.")
	}
	b, err := json.Marshal(words)
	if err != nil {
		fmt.Fprintln(os.Stderr, "startwords:", err)
		os.Exit(1)
	}
	fmt.Printf("// Written by cmd/offline/startwords from views/lang/catalogues: do not edit.\nself.startWords = %s;\n", b)
}
