package org.epistle.core.games;

import org.epistle.core.rules.board.Side;

/**
 * A seat's secret token: HMAC-SHA256(server key, "seat:" + game + ":" + side), lowercase base32,
 * the first 20 characters (100 bits). Derived whenever a mail needs it; the database keeps only
 * its SHA-256.
 */
final class SeatTokens {
    static final int LENGTH = 20;

    private SeatTokens() {
    }

    static String derive(ServerKey key, long gameId, Side side) {
        return Secrets.base32(key.hmac("seat:" + gameId + ":" + side.key())).substring(0, LENGTH);
    }

    static String hash(String token) {
        return Secrets.sha256Hex(token);
    }
}
