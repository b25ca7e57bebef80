-- The reason the admin gave when adjudicating or aborting a game: mailed to both players, and shown on the
-- game's public page. NULL for every game that ended (or goes on) by play.
ALTER TABLE games ADD COLUMN end_reason VARCHAR(1000);
