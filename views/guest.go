package views

import "context"

// guestKey marks a request from a phone that holds only a game's join
// code (no table password): see WithGuest.
type guestKey struct{}

// WithGuest marks ctx as a request from a phone let in by the join code
// of the game at gameHref, and nowhere else but the helpers. The frame of
// the page then leaves out the links that would only send it to the
// login form, and leads home to that game.
func WithGuest(ctx context.Context, gameHref string) context.Context {
	return context.WithValue(ctx, guestKey{}, gameHref)
}

// guestGame is the game of a phone that holds only a join code, "" for
// any other phone.
func guestGame(ctx context.Context) string {
	g, _ := ctx.Value(guestKey{}).(string)
	return g
}

// Guest reports whether ctx is marked by WithGuest: the page drawn for
// it differs, so a cached copy must not be shared with other phones.
func Guest(ctx context.Context) bool { return guestGame(ctx) != "" }

// homeHref is where the logo and "back" lead: the list of games, or for a
// phone that holds only a join code, its game.
func homeHref(ctx context.Context) string {
	if g := guestGame(ctx); g != "" {
		return g
	}
	return "/"
}
