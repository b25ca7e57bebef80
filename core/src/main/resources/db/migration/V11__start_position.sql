-- Where a game started when it is not the variant's own array: a tournament's thematic position, or the
-- position an imported record names in its FEN tag. NULL means the variant's start (seeded for the variants
-- that draw at random). Replaying a game's turns must begin here, or the first turn is judged on the wrong board.
ALTER TABLE games ADD COLUMN start_fen VARCHAR(2000);
