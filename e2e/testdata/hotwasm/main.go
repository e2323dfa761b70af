// hotwasm keeps WebAssembly busy for two seconds, long enough for V8 to
// move its hot functions to the optimising compiler, which is when it
// would write the compiled code to the browser's code cache
// (TestWasmCodeCacheProbe).
package main

import (
	"strconv"
	"strings"
	"time"
)

func main() {
	var b strings.Builder
	for start := time.Now(); time.Since(start) < 2*time.Second; {
		b.Reset()
		for i := range 1000 {
			b.WriteString(strconv.Itoa(i * b.Len()))
		}
	}
	println("ran", b.Len())
}
