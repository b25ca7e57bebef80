package org.epistle.mailer.inbound;

import jakarta.mail.internet.MimeUtility;

/** Received header values made safe: unfolded, encoded words decoded, control characters removed. */
final class HeaderText {

    private HeaderText() {}

    /** Removes the folding (CR LF before white space) and any stray line break of a raw header value. */
    static String unfold(String raw) {
        if (raw == null) return "";
        return raw.replaceAll("\r?\n(?=[ \t])", "").replaceAll("[\r\n]", " ");
    }

    /** Decodes RFC 2047 encoded words; a word that cannot be decoded stays as it was written. */
    static String decode(String unfolded) {
        try {
            return MimeUtility.decodeText(unfolded);
        } catch (Exception | LinkageError e) { // unknown charset, broken word: keep the text as written
            return unfolded;
        }
    }

    /** Whether the text holds a line break: CR, LF, NEL, or the Unicode line and paragraph separators. */
    static boolean hasLineBreak(String s) {
        return s.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029);
    }

    /** Every control character (line breaks, tabs, NUL, ...) becomes a space; runs of spaces become one. */
    static String clean(String s) {
        var sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean blank = Character.isISOControl(c) || Character.isWhitespace(c) || c == 0x2028 || c == 0x2029;
            if (blank) {
                space = true;
            } else {
                if (space && sb.length() > 0) sb.append(' ');
                space = false;
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
