-- The seat of the phone that saved each entry (the phone's own seat, as
-- it told the app on the join page), or -1 when not known (the API, a
-- phone with no seat, rows saved before this migration): a conflict can
-- then say whose phone saved the entry meanwhile.
ALTER TABLE entries ADD COLUMN saved_by INTEGER NOT NULL DEFAULT -1;
