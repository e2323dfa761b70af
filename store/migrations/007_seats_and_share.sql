-- Who holds which seat. A phone that takes a seat on the join page is
-- recorded by a random id from its own cookie (no accounts, nothing about
-- the person): the other phones then see the seat as held ("on Ben's
-- phone"), and the seats no phone holds are open seats any phone at the
-- table may enter for. One phone may hold several seats; a seat is held
-- by one phone at a time, so taking it over replaces the row. taken and
-- seen are Unix nanoseconds, UTC: taken orders a phone's seats (its
-- first is whose phone it is), seen is when the phone last showed up.
CREATE TABLE seats (
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    phone   TEXT    NOT NULL,
    taken   INTEGER NOT NULL,
    seen    INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A game's share link: an unguessable token that opens the game's result
-- card and its picture without the table password, and nothing else.
-- Revoking it marks the row (revoked: Unix nanoseconds, 0 while live), so
-- that the link is not silently made again; sharing anew replaces the
-- token, so a revoked link never works again.
CREATE TABLE share_tokens (
    token   TEXT    NOT NULL UNIQUE,
    game_id TEXT    PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    created INTEGER NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
);
