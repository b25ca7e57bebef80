-- The player's half of correspondence time (issue 12): conditional lines, the daily digest.
-- Portable SQL for H2 2.x and PostgreSQL 10+.

-- A player's queued replies in one game, one row per pair, in the order they are to be met:
-- when the opponent's next turn is written as expected (canonical notation), the reply is played.
CREATE TABLE conditional_pairs (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    side       VARCHAR(5) NOT NULL,
    seq        INTEGER NOT NULL,
    expected   VARCHAR(1000) NOT NULL,
    reply      VARCHAR(1000) NOT NULL,
    queued_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT conditional_pairs_key PRIMARY KEY (game_id, side, seq),
    CONSTRAINT conditional_pairs_side CHECK (side IN ('WHITE', 'BLACK'))
);

-- Players who asked for one mail a day instead of a mail per turn; the minute of the day (UTC) it goes at.
CREATE TABLE digest_subscriptions (
    player_id   BIGINT NOT NULL PRIMARY KEY REFERENCES players (id),
    at_minute   INTEGER NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT digest_subscriptions_minute CHECK (at_minute BETWEEN 0 AND 1439)
);

-- One row per player and day a digest was due (DAY is a keyword in H2: digest_day; to_play: games listed), written in the transaction that puts the digest in the
-- outbox: the key keeps a second tick, a restart or a second instance from sending the day's digest again.
CREATE TABLE digests_sent (
    player_id  BIGINT NOT NULL REFERENCES players (id),
    digest_day DATE NOT NULL,
    to_play    INTEGER NOT NULL,
    sent_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT digests_sent_key PRIMARY KEY (player_id, digest_day)
);
