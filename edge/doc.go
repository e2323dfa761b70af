// Package edge is the HTTP plumbing every request of the web app passes
// through on its way to the routes and back, none of which knows anything
// of the game: who the client really is behind a trusted reverse proxy,
// the Host check against DNS rebinding, the per-client and server-wide
// limits (request rate, new games and imports, slots for costly work,
// live event streams), the broker that wakes the streams waiting on a
// topic (a game's id, to it only a string), the security headers, gzip,
// the access log and the status the client really got, request bodies
// that broke off or are not UTF-8, and what a request's connection is
// doing for the serve command's connection caps.
//
// It is a package of its own so that handlers keeps the routes and what
// they answer, and this plumbing can be read, tested and changed without
// the game: edge imports nothing of the module (no handlers, store,
// views or scoring; TestEdgeImportsNothingOfTheGame proves it) and says
// nothing to a player. What a refusal says, and how it is written (the
// one error path, with its Retry-After), stays in handlers: edge answers
// how long to wait, never the words.
package edge
