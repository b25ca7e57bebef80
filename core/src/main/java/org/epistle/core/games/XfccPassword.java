package org.epistle.core.games;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The password a player's correspondence client signs in with, kept as a salted PBKDF2 hash (from the JDK):
 * {@code pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>}. The iterations are stored with each hash, so they may
 * rise later without locking anybody out. Neither the password nor the hash is ever logged.
 */
final class XfccPassword {
    static final int MIN_LENGTH = 8;
    static final int MAX_LENGTH = 200;
    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final String PREFIX = "pbkdf2-sha256";
    private static final int ITERATIONS = 120_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    /** Compared against when the address is unknown, so a wrong address costs as long as a wrong password. */
    private static final String NOBODY = hash("no player has this password".toCharArray());

    private XfccPassword() {
    }

    /**
     * Why a password may not be set, or empty when it may.
     */
    static java.util.Optional<String> whyNot(char[] password) {
        if (password.length < MIN_LENGTH) {
            return java.util.Optional.of("the password must have at least " + MIN_LENGTH + " characters");
        }
        if (password.length > MAX_LENGTH) {
            return java.util.Optional.of("the password may have at most " + MAX_LENGTH + " characters");
        }
        return java.util.Optional.empty();
    }

    static String hash(char[] password) {
        byte[] salt = Secrets.random(SALT_BYTES);
        return PREFIX + "$" + ITERATIONS + "$" + HexFormat.of().formatHex(salt) + "$"
                + HexFormat.of().formatHex(derive(password, salt, ITERATIONS));
    }

    /** Whether the password matches the stored hash; a missing hash is worked through all the same, and fails. */
    static boolean matches(char[] password, String stored) {
        String[] parts = (stored == null ? NOBODY : stored).split("\\$");
        if (parts.length != 4 || !parts[0].equals(PREFIX)) {
            return false;
        }
        int iterations = Integer.parseInt(parts[1]);
        byte[] salt = HexFormat.of().parseHex(parts[2]);
        byte[] expected = HexFormat.of().parseHex(parts[3]);
        byte[] actual = derive(password.length > MAX_LENGTH ? Arrays.copyOf(password, MAX_LENGTH + 1) : password, salt, iterations);
        return MessageDigest.isEqual(actual, expected) && stored != null && password.length <= MAX_LENGTH;
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java 17 has " + ALGORITHM, e);
        } finally {
            spec.clearPassword();
        }
    }
}
