-- The rest of a play's record besides its played time: how long it took
-- in whole minutes (0: not set, the store works it out from the entries'
-- save times), where it was played and free notes ('' for none). They
-- describe the play, not its scores, so the fingerprint leaves them out.
ALTER TABLE games ADD COLUMN duration_min INTEGER NOT NULL DEFAULT 0 CHECK (duration_min >= 0);
ALTER TABLE games ADD COLUMN location TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT '';

-- The game this one is a rematch of ('' for none), so the old game's page
-- can point its phones at the new one. Not a foreign key: deleting the
-- old game must leave its rematch alone.
ALTER TABLE games ADD COLUMN rematch_of TEXT NOT NULL DEFAULT '';
CREATE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of != '';
