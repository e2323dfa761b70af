-- A summary of each game for the history pages (the players list, a
-- player's page, the group records): the little of its scored result they
-- read, so that they read one small row per game instead of loading and
-- scoring every game. updated is the game's updated time when it was
-- summarised: a summary whose updated differs from its game's is out of
-- date, and is worked out again when a page next needs it, outside the
-- write that changed the game (scoring a game of slow pools must never
-- hold the table's saves up). data is the summary in the store's own
-- compact encoding (store/summaries.go), led by its format number.
CREATE TABLE summaries (
    game_id TEXT    PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    updated INTEGER NOT NULL,
    data    BLOB    NOT NULL
);
