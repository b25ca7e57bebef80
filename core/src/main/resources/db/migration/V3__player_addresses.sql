-- A seat's tag moves a game only in mail from its player's addresses: the one the server writes to
-- (players.email) and any further address the player added and confirmed, or the admin added.
CREATE TABLE player_addresses (
    email       VARCHAR(320) NOT NULL PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players (id),
    added_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    -- 'confirmed by mail' or 'added by the admin'
    added_how   VARCHAR(40) NOT NULL
);

CREATE INDEX player_addresses_player ON player_addresses (player_id);

-- an address a player asked to add, until a mail from it carries the code (only its hash is kept)
CREATE TABLE address_requests (
    code_hash     VARCHAR(64) NOT NULL PRIMARY KEY,
    player_id     BIGINT NOT NULL REFERENCES players (id),
    email         VARCHAR(320) NOT NULL,
    requested_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
