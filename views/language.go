package views

import (
	"context"
	"encoding/json"
	"net/url"

	"ruthless/views/lang"
)

// addressKey holds the address of the page being drawn: see WithAddress.
type addressKey struct{}

// WithAddress marks ctx with the address of the page being drawn, so its
// language switch can lead to the same page in another language. Only a
// GET's address is kept: a page drawn for a refused form was POSTed, and
// asking for its address again would find no page.
func WithAddress(ctx context.Context, method string, u *url.URL) context.Context {
	if method != "GET" && method != "HEAD" {
		return ctx
	}
	return context.WithValue(ctx, addressKey{}, *u)
}

// LanguageChoice is one entry of the language switch.
type LanguageChoice struct {
	Code, Name, Href string
	Current          bool
}

// languageChoices are the entries of the switch at the foot of every
// page: each language named in itself, leading to this page in it.
func languageChoices(ctx context.Context) []LanguageChoice {
	here, ok := ctx.Value(addressKey{}).(url.URL)
	if !ok {
		here = url.URL{Path: "/"}
	}
	current := lang.From(ctx)
	var out []LanguageChoice
	for _, l := range lang.All() {
		q := here.Query()
		q.Set("lang", l.Code())
		u := url.URL{Path: here.Path, RawQuery: q.Encode()}
		out = append(out, LanguageChoice{Code: l.Code(), Name: l.Name(), Href: u.String(), Current: l.Code() == current.Code()})
	}
	return out
}

// tr is the message for key in the page's language (see lang.Lang.T);
// trn counts n (see lang.Lang.N). The templates call these.
func tr(ctx context.Context, key string, args ...any) string {
	return lang.From(ctx).T(key, args...)
}

func trn(ctx context.Context, key string, n int, args ...any) string {
	return lang.From(ctx).N(key, n, args...)
}

// langCode is the page's language as <html lang> writes it.
func langCode(ctx context.Context) string { return lang.From(ctx).Code() }

// scriptWords are the words the site's scripts write into a page (app.js,
// live.js, offline.js: "Link copied", "Sending…"), in the page's
// language, as JSON for the body's data-words: the scripts hold no words
// of their own. They are made once per language (perLanguage).
func scriptWords(ctx context.Context) string { return scriptWordsIn.in(ctx) }

var scriptWordsIn = perLanguage[string]{make: func(l lang.Lang) string {
	b, err := json.Marshal(l.Messages("js."))
	if err != nil {
		return "{}"
	}
	return string(b)
}}
