-- A summary of each game for the history pages (the players list, a
-- player's page, the group records): the little of its scored result they
-- read, so that they read one small row per game, in order, instead of
-- loading and scoring every game. data is the summary in the store's own
-- compact encoding (store/summaries.go), led by its format number.
--
-- The table holds only current summaries of live games: the trigger below
-- removes a game's summary in the same transaction as any write that
-- changes the game (every such write moves its updated time), deletes it
-- or restores it, or moves when it was played. The summary is worked out
-- again, outside the write, when a page next needs it: scoring a game of
-- slow pools must never hold the table's saves up. Keyed by when the game
-- was played, then id, so the pages read the rows in the table's order.
CREATE TABLE summaries (
    created INTEGER NOT NULL,
    game_id TEXT    NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    data    BLOB    NOT NULL,
    PRIMARY KEY (created, game_id)
) WITHOUT ROWID;

CREATE TRIGGER games_summary_out_of_date AFTER UPDATE OF updated, deleted, created ON games
BEGIN
    DELETE FROM summaries WHERE game_id = OLD.id;
END;
