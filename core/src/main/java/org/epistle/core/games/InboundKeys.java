package org.epistle.core.games;

import java.util.HexFormat;

/**
 * The key an inbound mail is stored under: its Message-ID, or {@code "sha256:"} and the hash of
 * the raw message when it has none. An overlong key (a hostile Message-ID) is replaced by its
 * hash the same way everywhere, so it still identifies the mail.
 */
public final class InboundKeys {
    static final int MAX_LENGTH = 900;

    private InboundKeys() {
    }

    /** The key of a message: its Message-ID if it has one, otherwise the hash of its bytes. */
    public static String of(String messageId, byte[] raw) {
        if (messageId == null || messageId.isBlank()) {
            return "sha256:" + HexFormat.of().formatHex(Secrets.sha256(raw));
        }
        return normalize(messageId);
    }

    static String normalize(String key) {
        String k = key.strip();
        if (k.isEmpty()) {
            throw new IllegalArgumentException("an inbound mail's key cannot be empty");
        }
        return k.length() <= MAX_LENGTH ? k : "sha256:" + Secrets.sha256Hex(k);
    }
}
