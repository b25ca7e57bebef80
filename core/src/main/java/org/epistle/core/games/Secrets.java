package org.epistle.core.games;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/** Hashing, random bytes and the lowercase base32 alphabet used for tokens and secrets. */
final class Secrets {
    private static final char[] BASE32 = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    static byte[] random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return b;
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    static String sha256Hex(byte[] data) {
        return HexFormat.of().formatHex(sha256(data));
    }

    static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether a candidate secret hashes to the stored hex hash, in time that does not depend on
     * where they differ. A missing hash is compared against zeros so the work is the same.
     */
    static boolean hashMatches(String candidate, String storedHex) {
        byte[] actual = sha256(candidate.getBytes(StandardCharsets.UTF_8));
        byte[] expected = storedHex == null || storedHex.length() != 64 ? new byte[32] : HexFormat.of().parseHex(storedHex);
        return MessageDigest.isEqual(actual, expected) && storedHex != null;
    }

    /** RFC 4648 base32 in lower case, without padding. */
    static String base32(byte[] data) {
        StringBuilder sb = new StringBuilder((data.length * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : data) {
            buffer = buffer << 8 | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                sb.append(BASE32[buffer >> (bits - 5) & 31]);
                bits -= 5;
            }
        }
        if (bits > 0) {
            sb.append(BASE32[buffer << (5 - bits) & 31]);
        }
        return sb.toString();
    }
}
