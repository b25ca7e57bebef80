package org.epistle.web.pages;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The tokens that prove a form was sent from the page that showed it: HMAC-SHA256, under a key
 * derived from the server key, of the game and the seat's secret. Another site cannot compute it (it
 * knows neither), nothing is stored, and the check compares in constant time. Every instance that
 * shares the server key issues the same token, so a form shown by one instance may be sent to any
 * other behind the same address, and a form left open across a restart still works.
 */
public final class CsrfTokens {
    private static final String ALGORITHM = "HmacSHA256";
    private final SecretKeySpec key;

    /** @param key the forms' key, {@link org.epistle.core.games.GameService#formKey()} (at least 32 bytes) */
    public CsrfTokens(byte[] key) {
        if (key.length < 32) throw new IllegalArgumentException("a form key needs at least 32 bytes, not " + key.length);
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
    }

    /** The token for the move form of a seat, known by its game and secret. */
    public String issue(long gameId, String seatToken) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(gameId, seatToken));
    }

    /** Whether a form's token is the one issued for this seat; a missing or malformed token is simply false. */
    public boolean isValid(long gameId, String seatToken, String candidate) {
        byte[] expected = mac(gameId, seatToken);
        byte[] given;
        try {
            given = candidate == null ? new byte[0] : Base64.getUrlDecoder().decode(candidate.strip());
        } catch (IllegalArgumentException e) {
            given = new byte[0];
        }
        return MessageDigest.isEqual(expected, given);
    }

    private byte[] mac(long gameId, String seatToken) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(("play-form:" + gameId + ":" + normalize(seatToken)).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java", e);
        }
    }

    /** The seat's secret as the game service reads it. */
    static String normalize(String seatToken) {
        return seatToken == null ? "" : seatToken.strip().toLowerCase(java.util.Locale.ROOT);
    }
}
