package table_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"ruthless/store"
	"ruthless/store/memstore"
	"ruthless/store/storetest"
	"ruthless/table"
)

// Both stores serve the app, and the conformance suite's own list of a
// store's methods covers everything the app calls (a method added to
// table.Store and not to storetest.Store stops this from compiling).
var (
	_ table.Store = (*store.Store)(nil)
	_ table.Store = (*memstore.Store)(nil)
	_ table.Store = storetest.Store(nil)
)

// TestArrowsPointDown: the stores, their conformance suite and their
// tests import nothing above the store (this package, the pages, the
// views), and this package imports neither the pages nor the views nor
// the web framework. Before this layer, store/storetest imported handlers
// for its Store interface: the one arrow that ran up.
func TestArrowsPointDown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pkg       string
		forbidden []string
	}{
		{"ruthless/store", []string{"ruthless/table", "ruthless/handlers", "ruthless/views"}},
		{"ruthless/store/memstore", []string{"ruthless/table", "ruthless/handlers", "ruthless/views"}},
		{"ruthless/store/storetest", []string{"ruthless/table", "ruthless/handlers", "ruthless/views"}},
		{"ruthless/table", []string{"ruthless/handlers", "ruthless/views", "github.com/gin-gonic/gin", "github.com/a-h/templ"}},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", "-test", "-f", "{{.ImportPath}}", tt.pkg).Output()
			if err != nil {
				t.Fatalf("go list -deps -test %s: %v", tt.pkg, err)
			}
			deps := strings.Fields(string(out))
			if !slices.Contains(deps, tt.pkg) {
				t.Fatalf("go list named no %s among %d packages: the check would see nothing", tt.pkg, len(deps))
			}
			for _, f := range tt.forbidden {
				if slices.Contains(deps, f) {
					t.Errorf("%s (or its tests) depends on %s", tt.pkg, f)
				}
			}
		})
	}
}
