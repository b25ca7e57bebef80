package org.epistle.web.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The admin's sessions, kept in memory only (a restart logs the admin out). A session is known by
 * a random 256-bit id sent in an HttpOnly, SameSite=Strict cookie; only the id's SHA-256 is a key
 * here, so the map holds nothing a cookie could be made from. Each session has its own random
 * CSRF token, compared in constant time. Sessions expire after a fixed lifetime and after a
 * period without use.
 */
public final class AdminSessions {
    /** The longest a session lives, however busy. */
    public static final Duration LIFETIME = Duration.ofHours(8);
    /** How long a session lives without a request. */
    public static final Duration IDLE = Duration.ofMinutes(30);
    /** At most this many sessions at once: logging in again and again cannot fill the memory. */
    static final int MAX_SESSIONS = 64;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final Clock clock;

    public AdminSessions(Clock clock) {
        this.clock = clock;
    }

    /** One admin session: its CSRF token, when it ends at the latest, and when it was last used. */
    static final class Session {
        private final String csrf;
        private final Instant expires;
        private volatile Instant lastUsed;

        private Session(String csrf, Instant expires, Instant lastUsed) {
            this.csrf = csrf;
            this.expires = expires;
            this.lastUsed = lastUsed;
        }

        String csrf() {
            return csrf;
        }

        boolean isCsrf(String candidate) {
            return candidate != null && MessageDigest.isEqual(bytes(csrf), bytes(candidate.strip()));
        }

        private boolean isLive(Instant now) {
            return now.isBefore(expires) && now.isBefore(lastUsed.plus(IDLE));
        }
    }

    /** A new session; the returned id goes in the cookie and is not kept. */
    String open() {
        Instant now = clock.instant();
        sessions.values().removeIf(s -> !s.isLive(now));
        if (sessions.size() >= MAX_SESSIONS) {
            sessions.entrySet().stream().min(Map.Entry.comparingByValue((a, b) -> a.lastUsed.compareTo(b.lastUsed)))
                    .ifPresent(oldest -> sessions.remove(oldest.getKey()));
        }
        String id = random();
        sessions.put(hash(id), new Session(random(), now.plus(LIFETIME), now));
        return id;
    }

    /** The live session a cookie names, touched; empty for a missing, unknown or expired one. */
    Optional<Session> find(String id) {
        if (id == null || id.isEmpty() || id.length() > 100) {
            return Optional.empty();
        }
        String key = hash(id);
        Session s = sessions.get(key);
        Instant now = clock.instant();
        if (s == null) {
            return Optional.empty();
        }
        if (!s.isLive(now)) {
            sessions.remove(key, s);
            return Optional.empty();
        }
        s.lastUsed = now;
        return Optional.of(s);
    }

    void close(String id) {
        if (id != null && id.length() <= 100) {
            sessions.remove(hash(id));
        }
    }

    static String random() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static String hash(String id) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes(id)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
