package org.epistle.core.games;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret part of a player's desk link: {@code <player>-<expiry>-<signature>}, where the expiry is in
 * seconds since the epoch and the signature is HMAC-SHA256(server key, "desk:" + player + ":" + expiry) in
 * lowercase base32, its first 26 characters (130 bits). Nothing is stored: a link is good until it expires,
 * and it cannot be made to last longer or to open another player's desk without the key.
 */
public final class DeskLinks {
    private static final Pattern TOKEN = Pattern.compile("([1-9][0-9]{0,17})-([1-9][0-9]{0,11})-([a-z2-7]{26})");
    private static final int SIGNATURE = 26;

    private final ServerKey key;
    private final Duration life;

    DeskLinks(ServerKey key, Duration life) {
        if (life.isNegative() || life.isZero()) {
            throw new IllegalArgumentException("a desk link must live a while, not " + life);
        }
        this.key = key;
        this.life = life;
    }

    /** What a token opens. */
    public sealed interface Opened {
        record Desk(long playerId) implements Opened {
        }

        /** A genuine link whose time is over. */
        record Expired(Instant at) implements Opened {
        }

        /** Not a link this server made: altered, cut short, or made with another key. */
        record Altered() implements Opened {
        }
    }

    public Duration life() {
        return life;
    }

    /** A new token for the player's desk, good from {@code now} for the link's life. */
    String issue(long playerId, Instant now) {
        long expiry = now.plus(life).getEpochSecond();
        return playerId + "-" + expiry + "-" + signature(playerId, expiry);
    }

    /** When a token made now expires. */
    Instant expiry(Instant now) {
        return Instant.ofEpochSecond(now.plus(life).getEpochSecond());
    }

    Opened open(String token, Instant now) {
        Matcher m = TOKEN.matcher(token == null ? "" : token.strip());
        if (!m.matches()) {
            return new Opened.Altered();
        }
        long player = Long.parseLong(m.group(1));
        long expiry = Long.parseLong(m.group(2));
        boolean genuine = MessageDigest.isEqual(signature(player, expiry).getBytes(StandardCharsets.US_ASCII),
                m.group(3).getBytes(StandardCharsets.US_ASCII));
        if (!genuine) {
            return new Opened.Altered();
        }
        Instant until = Instant.ofEpochSecond(expiry);
        return now.isBefore(until) ? new Opened.Desk(player) : new Opened.Expired(until);
    }

    private String signature(long playerId, long expiry) {
        return Secrets.base32(key.hmac("desk:" + playerId + ":" + expiry)).substring(0, SIGNATURE);
    }
}
