package views_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"ruthless/views"
	"ruthless/views/lang"
)

// TestSignedOutPagesInGerman: the password and join-code pages, which a
// handler test cannot open without the password set, drawn for a German
// phone with their refusals.
func TestSignedOutPagesInGerman(t *testing.T) {
	t.Parallel()
	de, _ := lang.Find("de")
	ctx := lang.With(context.Background(), de)
	for _, c := range []struct {
		name  string
		page  func() string
		words []string
	}{
		{"login", func() string {
			var b strings.Builder
			_ = views.Login(views.LoginView{Errors: views.Errors{"password": views.PasswordLimitedText(de, 3*time.Second)}}).Render(ctx, &b)
			return b.String()
		}, []string{"Tischpasswort", "Partien öffnen", "Code eingeben", "Warte 3 Sekunden"}},
		{"join code", func() string {
			var b strings.Builder
			_ = views.JoinCode(views.JoinCodeView{Problem: views.JoinCodeLimited, Retry: time.Second}).Render(ctx, &b)
			return b.String()
		}, []string{"Einer Partie beitreten", "Beitreten", "Warte 1 Sekunde bis"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := c.page()
			for _, w := range c.words {
				if !strings.Contains(body, w) {
					t.Errorf("no %q on the German page", w)
				}
			}
			for _, k := range lang.English.Keys() {
				if strings.Contains(body, ">"+k+"<") {
					t.Errorf("the catalogue key %q shows on the page", k)
				}
			}
		})
	}
}
