-- Only inputs live here: who played, each player's entry per round, and the
-- end-of-game collections. Scores are derived on read by package scoring, so
-- there are no totals to keep in step.

CREATE TABLE games (
    id           TEXT    PRIMARY KEY,
    created      INTEGER NOT NULL, -- Unix nanoseconds, UTC
    updated      INTEGER NOT NULL, -- Unix nanoseconds, UTC; bumped by every write
    version      INTEGER NOT NULL, -- the game file's format version
    start_player INTEGER NOT NULL,
    achievements TEXT    NOT NULL, -- JSON array of achievement ids, or null for the default
    zero_counts  INTEGER NOT NULL CHECK (zero_counts IN (0, 1)),
    -- rounds counts the rounds started, kept apart from the entries so that a
    -- started round with no entry yet survives a round trip.
    rounds       INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0)
);

CREATE INDEX games_updated ON games (updated);

CREATE TABLE players (
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    name    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX players_name ON players (name);

-- One row per player per round, so phones entering at once touch different
-- rows; version counts the saves of that row for optimistic locking.
CREATE TABLE entries (
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round   INTEGER NOT NULL CHECK (round >= 1),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    pool    TEXT    NOT NULL, -- JSON array of card codes, flagged Captains keep their *
    coins   INTEGER NOT NULL,
    version INTEGER NOT NULL CHECK (version >= 1),
    PRIMARY KEY (game_id, round, seat)
);

CREATE TABLE finals (
    game_id               TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat                  INTEGER NOT NULL CHECK (seat >= 0),
    pirates               TEXT    NOT NULL, -- JSON array of card codes
    buried_pirates        TEXT    NOT NULL, -- JSON array of card codes
    buried_powder_monkeys INTEGER NOT NULL,
    loot_banner_kept      INTEGER NOT NULL,
    loot_banner_buried    INTEGER NOT NULL,
    coins                 INTEGER NOT NULL,
    parley_used           INTEGER NOT NULL CHECK (parley_used IN (0, 1)),
    version               INTEGER NOT NULL CHECK (version >= 1),
    PRIMARY KEY (game_id, seat)
);
