-- The admin's list, every game newest first (ORDER BY id DESC): H2 does not walk its primary key backwards, so
-- without this index it read the whole games table (100,000 rows, 29,000 page reads) to show 25 of them.
-- PostgreSQL walks its primary key either way; there the index only costs a little at each new game.
CREATE INDEX games_newest ON games (id DESC);
