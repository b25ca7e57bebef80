package org.epistle.core.games;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret part of an observer's one-click unsubscribe link: {@code <observer>-<signature>}, the signature
 * HMAC-SHA256(server key, "unsubscribe:" + observer + ":" + address) in lowercase base32, its first 26 characters.
 * Nothing is stored: the link opens exactly one subscription, needs no login, and dies with it (a new
 * subscription has a new number).
 */
final class UnsubscribeLinks {
    private static final Pattern TOKEN = Pattern.compile("([1-9][0-9]{0,17})-([a-z2-7]{26})");
    private static final int SIGNATURE = 26;

    private final ServerKey key;

    UnsubscribeLinks(ServerKey key) {
        this.key = key;
    }

    String issue(long observerId, String email) {
        return observerId + "-" + signature(observerId, email);
    }

    /** The observer a token names, if it is well formed; whether it is genuine needs the observer's address. */
    static Optional<Long> observer(String token) {
        Matcher m = TOKEN.matcher(token == null ? "" : token.strip());
        return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    boolean isGenuine(String token, long observerId, String email) {
        return MessageDigest.isEqual(issue(observerId, email).getBytes(StandardCharsets.US_ASCII),
                token.strip().getBytes(StandardCharsets.US_ASCII));
    }

    private String signature(long observerId, String email) {
        return Secrets.base32(key.hmac("unsubscribe:" + observerId + ":" + email)).substring(0, SIGNATURE);
    }
}
