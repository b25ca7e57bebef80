package org.epistle.mailer.inbound;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * The key of a mail that has no Message-ID: a hash of what its sender wrote, the header fields it sent and
 * the body, without what servers add or change on the way (Received, Return-Path, Delivered-To, the
 * authentication results, the line ends, the final line break a store drops). The same mail delivered
 * twice, or stored and fetched again, gets the same key, so it is handled once.
 */
final class SenderWritten {
    /** Header fields written by the servers a mail passes through, never by its sender. */
    private static final Set<String> TRACE = Set.of("received", "return-path", "delivered-to", "x-original-to",
            "envelope-to", "x-envelope-to", "authentication-results", "received-spf", "arc-seal",
            "arc-message-signature", "arc-authentication-results", "x-received", "x-spam-status", "x-spam-score",
            "x-spam-flag", "x-spam-level", "x-virus-scanned", "status", "x-status", "x-uid", "x-keywords",
            "x-mozilla-status", "x-mozilla-status2", "content-length", "lines", "x-gm-message-state");

    private SenderWritten() {
    }

    static String key(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1).replace("\r\n", "\n").replace('\r', '\n');
        int split = text.indexOf("\n\n");
        if (split < 0) { // no header section: nothing a server adds can be told apart, so the bytes as they are
            return "sha256:" + hex(raw);
        }
        String header = text.substring(0, split);
        String body = text.substring(split + 2);
        StringBuilder kept = new StringBuilder();
        boolean keeping = false;
        for (String line : header.split("\n", -1)) {
            boolean continuation = !line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t');
            if (!continuation) {
                int colon = line.indexOf(':');
                String name = colon < 0 ? line : line.substring(0, colon);
                keeping = !TRACE.contains(name.strip().toLowerCase(Locale.ROOT));
                if (keeping && kept.length() > 0) {
                    kept.append('\n');
                }
            }
            if (keeping) {
                kept.append(continuation ? " " + line.strip() : line.stripTrailing());
            }
        }
        String normalized = kept + "\n\n" + body.replaceAll("[ \t]+\n", "\n").replaceAll("\\s+$", "");
        return "sha256:" + hex(normalized.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String hex(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
