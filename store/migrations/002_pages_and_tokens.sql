-- The home page lists games a page at a time, newest first, continuing
-- after the last (updated, id) it showed: this index serves that walk
-- without reading any other game.
DROP INDEX games_updated;
CREATE INDEX games_updated_id ON games (updated, id);

-- A form carries a one-time token. The new-game form's token is kept with
-- the game it made, in the transaction that made it, so the same form
-- posted again (Back, then submit) finds that game instead of making a
-- second one. The token goes with its game.
CREATE TABLE form_tokens (
    token   TEXT    PRIMARY KEY,
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created INTEGER NOT NULL -- Unix nanoseconds, UTC
);

CREATE INDEX form_tokens_game ON form_tokens (game_id);

-- When each entry was last saved (Unix nanoseconds, UTC; 0 for rows saved
-- before this migration) and the token of the form that saved it ('' for
-- the API and import): a save on a stale version whose stored row came
-- from the same form is that form posted again, not another phone; a real
-- conflict can say when the other phone saved.
ALTER TABLE entries ADD COLUMN saved INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN token TEXT NOT NULL DEFAULT '';
ALTER TABLE finals ADD COLUMN saved INTEGER NOT NULL DEFAULT 0;
ALTER TABLE finals ADD COLUMN token TEXT NOT NULL DEFAULT '';
