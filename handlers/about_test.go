package handlers_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestAboutForm: the form shows the stored record, saves a new one (the
// time read at the offset the form sends), and shows each bad field's
// message next to it with every value kept as typed.
func TestAboutForm(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	path := "/games/" + id + "/about"

	page := a.get(t, path)
	if page.status != http.StatusOK {
		t.Fatalf("GET: status %d", page.status)
	}
	for _, want := range []string{`value="2024-05-01T20:00"`, `name="tz" value="120"`, `value="47"`, `value="=Kitchen"`, "Rematch owed."} {
		if !strings.Contains(html.UnescapeString(page.body), want) {
			t.Errorf("form does not show %s", want)
		}
	}
	for _, p := range []string{"/games/" + id, "/games/" + id + "/final"} {
		if _, ok := testid(a.get(t, p).body, "about-link"); !ok {
			t.Errorf("%s has no link to the About form", p)
		}
	}

	t.Run("errors next to each field, input kept", func(t *testing.T) {
		form := url.Values{"played": {"last Tuesday"}, "tz": {"60"}, "duration_min": {"0"},
			"location": {strings.Repeat("x", 81)}, "notes": {"kept notes"}}
		res := a.postForm(t, path, form)
		if res.status != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.status)
		}
		for _, field := range []string{"played", "duration_min", "location"} {
			if _, ok := testid(res.body, "field-error-"+field); !ok {
				t.Errorf("no message next to %s", field)
			}
		}
		if _, ok := testid(res.body, "field-error-notes"); ok {
			t.Error("a message next to the good notes")
		}
		for _, want := range []string{`value="last Tuesday"`, `value="0"`, "kept notes", `name="tz" value="60"`} {
			if !strings.Contains(res.body, want) {
				t.Errorf("the form lost %s", want)
			}
		}
	})

	t.Run("saved", func(t *testing.T) {
		before := a.get(t, "/games/"+id).header.Get("ETag")
		form := url.Values{"played": {"2024-05-02T21:30"}, "tz": {"-300"}, "duration_min": {""},
			"location": {"  Back\r\nroom  "}, "notes": {"one\r\ntwo"}}
		to := redirect(t, a.postForm(t, path, form))
		if to != path+"?saved=1" {
			t.Errorf("saved: to %s, want the form saying it saved", to)
		}
		if got, ok := testid(a.get(t, to).body, "about-saved"); !ok || !strings.Contains(got, "Saved") {
			t.Errorf("the form after a save says %q (found %t), want \"Saved\"", got, ok)
		}
		if _, ok := testid(a.get(t, path).body, "about-saved"); ok {
			t.Error("the form opened afresh says Saved")
		}
		g, err := a.store.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		f := g.File
		if f.Played != "2024-05-02T21:30:00-05:00" || g.Record.DurationMin != 0 || f.Location != "Backroom" || f.Notes != "one\ntwo" {
			t.Errorf("stored %q, duration %d, %q, %q", f.Played, g.Record.DurationMin, f.Location, f.Notes)
		}
		if after := a.get(t, "/games/"+id).header.Get("ETag"); after == before {
			t.Errorf("ETag %s did not change with the record", after)
		}
	})

	t.Run("an unchanged time keeps its text", func(t *testing.T) {
		form := url.Values{"played": {"2024-05-03T02:30"}, "tz": {"0"}, "location": {"Backroom"}}
		redirect(t, a.postForm(t, path, form))
		g, _ := a.store.Game(context.Background(), id)
		if g.File.Played != "2024-05-02T21:30:00-05:00" {
			t.Errorf("played %q, want the stored text kept: the instant did not change", g.File.Played)
		}
	})
}

// TestPlayFactsShown (issue 31): the play's record shows under the result
// on the final scores and on the result card: when (in the offset it was
// written with), how long, where, and the notes.
func TestPlayFactsShown(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	tests := []struct {
		name, path string
	}{
		{"final scores", "/games/" + id + "/final"},
		{"result card", "/games/" + id + "/card"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := a.get(t, tc.path)
			if res.status != http.StatusOK {
				t.Fatalf("status %d", res.status)
			}
			facts, ok := testid(res.body, "play-facts")
			if want := "1 May 2024, 20:00 · 47 min · =Kitchen"; !ok || html.UnescapeString(facts) != want {
				t.Errorf("facts %q (found %t), want %q", facts, ok, want)
			}
			notes, ok := testid(res.body, "play-notes")
			if want := "Bob's first game.\nRematch owed."; !ok || html.UnescapeString(notes) != want {
				t.Errorf("notes %q (found %t), want %q", notes, ok, want)
			}
		})
	}
}
