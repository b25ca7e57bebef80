-- The password a player's correspondence client (Xfcc) signs in with (issue 16), one per player.
-- Kept only as a salted PBKDF2 hash: "pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>".
-- Portable SQL for H2 2.x and PostgreSQL 10+.
CREATE TABLE xfcc_passwords (
    player_id  BIGINT NOT NULL PRIMARY KEY REFERENCES players (id),
    hash       VARCHAR(200) NOT NULL,
    set_at     TIMESTAMP WITH TIME ZONE NOT NULL
);
