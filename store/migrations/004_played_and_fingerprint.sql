-- The played time a game file brought, exactly as the file wrote it, or ''
-- when it brought none. The game's created time is that instant (history,
-- player pages and charts date a game by created); the text is kept as
-- well so that an export writes it back byte for byte, offset and all.
ALTER TABLE games ADD COLUMN played TEXT NOT NULL DEFAULT '';

-- A hash of the game's content: its game file without the played time
-- (compared apart, as an instant, through created). Every write to a game
-- rewrites it, so an import finds a game that is already stored with one
-- indexed look-up however many games there are. SQL cannot hash a game
-- file, so the rows stored before this migration keep '' here until the
-- store fills them in, when it opens.
ALTER TABLE games ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
CREATE INDEX games_fingerprint ON games (fingerprint);
