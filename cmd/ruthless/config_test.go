package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestConfigReadsEnvironmentFileSyntax: the configuration file is read as
// systemd reads an EnvironmentFile, so one file serves both: # and ;
// comment lines (indented too), blank lines, spaces around the key, and
// values in double or single quotes. Each setting keeps its line number
// for the messages that name it.
func TestConfigReadsEnvironmentFileSyntax(t *testing.T) {
	text := "# the club's server\n" +
		"; written by the admin\n" +
		"\n" +
		"   ; indented comment\n" +
		"RUTHLESS_ADDR=127.0.0.1:8080\n" +
		"\t# RUTHLESS_DB=commented.db\n" +
		"RUTHLESS_DB=\"/var/lib/ruthless/club; one.db\"\n" +
		" RUTHLESS_BACKUPS = '14'\n"
	path := filepath.Join(t.TempDir(), "ruthless.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"RUTHLESS_ADDR": true, "RUTHLESS_DB": true, "RUTHLESS_BACKUPS": true}
	got, err := readConfig(path, known)
	if err != nil {
		t.Fatalf("readConfig: %v", err)
	}
	want := map[string]configLine{
		"RUTHLESS_ADDR":    {"127.0.0.1:8080", 5},
		"RUTHLESS_DB":      {"/var/lib/ruthless/club; one.db", 7},
		"RUTHLESS_BACKUPS": {"14", 8},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("readConfig read %v, want %v", got, want)
	}
}

// TestClosestName: a misspelt variable is matched to the setting it is
// within two slips of (a swap counts as one), case ignored; a variable
// far from every setting is nobody's misspelling.
func TestClosestName(t *testing.T) {
	known := map[string]bool{"RUTHLESS_ADDR": true, "RUTHLESS_DB": true, "RUTHLESS_BACKUPS": true, "RUTHLESS_BACKUP_DIR": true,
		"RUTHLESS_PASSWORD": true, "RUTHLESS_PASSWORD_FILE": true}
	tests := []struct{ name, want string }{
		{"RUTHLESS_ADRR", "RUTHLESS_ADDR"},
		{"ruthless_addr", "RUTHLESS_ADDR"},
		{"RUTHLES_DB", "RUTHLESS_DB"},
		{"RUTHLESS_BACKUP", "RUTHLESS_BACKUPS"},
		{"RUTHLESS_BACKUPDIR", "RUTHLESS_BACKUP_DIR"},
		{"RUTHLESS_PASSWORDFILE", "RUTHLESS_PASSWORD_FILE"},
		{"RUTHLESS_PASWORD", "RUTHLESS_PASSWORD"},
		{"RUTHLESS_REQUIRE_BROWSER", ""},
		{"RUTHLESS_GAMES", ""},
		{"HOME", ""},
	}
	for _, tt := range tests {
		if got := closestName(tt.name, known); got != tt.want {
			t.Errorf("closestName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	environ := []string{"RUTHLESS_ADDR=:1", "RUTHLESS_ADRR=:8080", "PATH=/bin", "RUTHLESS_GAMES=5"}
	if got, want := misspeltVariables(environ, known), [][2]string{{"RUTHLESS_ADRR", "RUTHLESS_ADDR"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("misspeltVariables = %v, want %v", got, want)
	}
}

// TestMisspeltVariableWarns: the real server started with RUTHLESS_ADRR
// in its environment serves (on its -addr) and logs one warning line
// naming the variable and the setting it is closest to.
func TestMisspeltVariableWarns(t *testing.T) {
	t.Setenv("RUTHLESS_ADRR", "127.0.0.1:9")
	_, log := startRuthless(t)
	// serve logs the warning before it opens anything, so it is in the
	// log once the "serving" line is.
	eventually(t, "the server logs that it is serving", func() bool { return strings.Contains(log.String(), "msg=serving") })
	var warnings []string
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.Contains(line, "RUTHLESS_ADRR") {
			warnings = append(warnings, line)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "level=WARN") || !strings.Contains(warnings[0], "did_you_mean=RUTHLESS_ADDR") {
		t.Errorf("log lines naming RUTHLESS_ADRR: %q; want one WARN line that suggests RUTHLESS_ADDR", warnings)
	}
}
