-- Tournaments, second part: knockouts run by the service, casual games the admin rates, armies chosen on
-- entry, entry open until a date, and round-by-round starts. Portable SQL, as V1: H2 2.x and PostgreSQL 10+.

-- every match of a knockout, byes included, and how it was decided: the bracket is read from here. Seeds
-- are the entrants' pairing numbers; lower_seed is 0 for a bye. winner stays NULL until the match is
-- decided; decided_by is BYE, GAMES, EXTRA_GAMES, LOTS, RATING or WITHDRAWAL (so a lot can be redrawn and
-- checked: it is seeded from the tournament, round and slot alone).
CREATE TABLE knockout_matches (
    tournament_id  BIGINT NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL,
    slot           INTEGER NOT NULL,
    higher_seed    INTEGER NOT NULL,
    lower_seed     INTEGER NOT NULL,
    winner         INTEGER,
    decided_by     VARCHAR(16),
    CONSTRAINT knockout_matches_key PRIMARY KEY (tournament_id, round, slot)
);

-- a casual game the admin marked as rated: its end updates both players' Glicko-2 ratings
ALTER TABLE games ADD COLUMN rated BOOLEAN DEFAULT FALSE NOT NULL;

-- players pick their army when they join (the tournament's armies are then only the default)
ALTER TABLE tournaments ADD COLUMN army_choice BOOLEAN DEFAULT FALSE NOT NULL;
-- the last day (UTC) a join is accepted; NULL: until the start
ALTER TABLE tournaments ADD COLUMN entry_until DATE;
-- a round robin whose next round's games are created when the round before is complete
ALTER TABLE tournaments ADD COLUMN round_by_round BOOLEAN DEFAULT FALSE NOT NULL;
-- the army the entrant chose when joining; NULL: the tournament's
ALTER TABLE tournament_entrants ADD COLUMN army VARCHAR(64);
