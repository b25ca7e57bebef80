package org.epistle.core.games;

import java.util.Optional;
import org.jdbi.v3.core.JdbiException;

/**
 * The admin's secret: generated on the first start and shown once; only its SHA-256 is stored
 * (the secret is 160 random bits, so a fast hash is enough).
 */
public final class AdminSecret {
    static final String SETTING = "admin.secret.sha256";

    private AdminSecret() {
    }

    /** A new secret the first time (show it to the admin now: it cannot be recovered), empty ever after. */
    public static Optional<String> ensure(Database db) {
        if (db.jdbi().withExtension(SettingTable.class, t -> t.get(SETTING)).isPresent()) {
            return Optional.empty();
        }
        String secret = Secrets.base32(Secrets.random(20));
        try {
            db.jdbi().useExtension(SettingTable.class, t -> t.insert(SETTING, Secrets.sha256Hex(secret)));
        } catch (JdbiException e) {
            if (GameChanged.isConflict(e)) {
                return Optional.empty(); // another process made one at the same moment; theirs stands
            }
            throw e;
        }
        return Optional.of(secret);
    }

    /** Whether the candidate is the admin secret, compared in constant time. */
    public static boolean matches(Database db, String candidate) {
        if (candidate == null) {
            return false;
        }
        String stored = db.jdbi().withExtension(SettingTable.class, t -> t.get(SETTING)).orElse(null);
        return Secrets.hashMatches(candidate.strip(), stored);
    }
}
