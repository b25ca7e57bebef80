package org.epistle.core.games;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * What is stored of a received mail until it is handled: all of its bytes, or only its header when the mail is
 * refused before it is read as a turn (too large, malformed, a bounce...). A stranger's mail of any size thus costs
 * the store a bounded number of bytes; only a person's mail that may carry a turn is kept whole, so it can be
 * handled again after a crash.
 *
 * @param bytes             the bytes kept: the whole mail, or its header section (with the blank line after it)
 * @param size              how many bytes the mail had as received
 * @param headerOnlyBecause why only the header was kept (the reader's classification, such as "TOO_LARGE (…)"),
 *                          when it was
 */
public record InboundCopy(byte[] bytes, long size, Optional<String> headerOnlyBecause) {
    /** A header is cut here: a header section this long is hostile, and what it says is read from the first part. */
    public static final int MAX_HEADER_BYTES = 64 * 1024;
    /** The reason is one line for the ledger and the log. */
    static final int MAX_REASON = 500;

    public InboundCopy {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(headerOnlyBecause, "headerOnlyBecause");
        if (size < bytes.length) {
            throw new IllegalArgumentException("a mail of " + size + " bytes cannot keep " + bytes.length);
        }
        headerOnlyBecause = headerOnlyBecause.map(InboundCopy::clip);
    }

    /** The whole mail, kept so it can be handled again after a crash. */
    public static InboundCopy whole(byte[] raw) {
        return new InboundCopy(raw, raw.length, Optional.empty());
    }

    /** Only the mail's header section (at most {@link #MAX_HEADER_BYTES}), and why: its body is never stored. */
    public static InboundCopy headerOnly(byte[] raw, String because) {
        return new InboundCopy(Arrays.copyOf(raw, headerLength(raw)), raw.length, Optional.of(because));
    }

    /**
     * A mail of {@code size} bytes of which only {@code header} was fetched (the mail server said how large it was):
     * its header section, as {@link #headerOnly(byte[], String)} keeps it.
     */
    public static InboundCopy headerOnly(byte[] header, long size, String because) {
        return new InboundCopy(Arrays.copyOf(header, headerLength(header)), Math.max(size, header.length), Optional.of(because));
    }

    public boolean isHeaderOnly() {
        return headerOnlyBecause.isPresent();
    }

    /** Up to and including the first empty line, or the first {@link #MAX_HEADER_BYTES} cut after a line's end. */
    static int headerLength(byte[] raw) {
        int limit = Math.min(raw.length, MAX_HEADER_BYTES);
        int lastLineEnd = -1;
        for (int i = 0; i < limit; i++) {
            if (raw[i] != '\n') {
                continue;
            }
            if (i + 1 < limit && raw[i + 1] == '\n') {
                return i + 2;
            }
            if (i + 2 < limit && raw[i + 1] == '\r' && raw[i + 2] == '\n') {
                return i + 3;
            }
            lastLineEnd = i + 1;
        }
        if (raw.length <= MAX_HEADER_BYTES) {
            return raw.length; // no body at all: the little there is, is the header
        }
        return lastLineEnd > 0 ? lastLineEnd : limit;
    }

    private static String clip(String reason) {
        String oneLine = reason.replaceAll("[\\r\\n]+", " ");
        return oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON - 1) + "…";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InboundCopy c && size == c.size && Arrays.equals(bytes, c.bytes)
                && headerOnlyBecause.equals(c.headerOnlyBecause);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(bytes), size, headerOnlyBecause);
    }

    @Override
    public String toString() {
        return "InboundCopy[" + bytes.length + " of " + size + " bytes" + headerOnlyBecause.map(b -> ", header only: " + b).orElse("") + "]";
    }
}
