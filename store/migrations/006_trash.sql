-- A deleted game goes to the trash rather than away: deleted is when it
-- was deleted (Unix nanoseconds, UTC), NULL for a live game. Every list,
-- count and page of games reads the live ones only; a trashed game can be
-- restored until it has been in the trash for 30 days, and is then purged
-- (its rows removed for good, through the foreign keys' cascades). The
-- partial index finds the few trashed games without reading the others.
ALTER TABLE games ADD COLUMN deleted INTEGER;
CREATE INDEX games_deleted ON games (deleted, id) WHERE deleted IS NOT NULL;
