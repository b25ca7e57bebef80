-- Lists that stay fast at a million games (issue 15): every list of games is paged, filtered and sorted by the
-- database on an index, and the time of a game's last turn is kept on its row. Portable SQL for H2 2.x and
-- PostgreSQL 10+.

-- when the game's latest turn was played (NULL before the first): written with the turn, in its transaction
ALTER TABLE games ADD COLUMN last_turn_at TIMESTAMP WITH TIME ZONE;

-- the games stored before this column: their last turn is the one numbered turns_played
UPDATE games SET last_turn_at =
       (SELECT t.played_at FROM turns t WHERE t.game_id = games.id AND t.seq = games.turns_played)
 WHERE turns_played > 0;

-- the front page: active games by last change, newest first ...
CREATE INDEX games_listed ON games (state, updated_at DESC, id DESC);
-- ... then the games that ended (scanned newest first, the few active ones skipped)
CREATE INDEX games_recent ON games (updated_at DESC, id DESC);
-- the front page filtered by variant
CREATE INDEX games_variant_recent ON games (variant, updated_at DESC, id DESC);
-- a player's games (the desk, the player filter): PostgreSQL indexes no foreign key by itself
CREATE INDEX games_white ON games (white_player, state);
CREATE INDEX games_black ON games (black_player, state);
