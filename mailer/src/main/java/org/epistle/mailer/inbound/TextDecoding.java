package org.epistle.mailer.inbound;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

import jakarta.mail.internet.MimeUtility;

/** Bytes of a text part to a string, the way mail clients actually label (and mislabel) them. */
final class TextDecoding {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final Set<String> LATIN_1 = Set.of("iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1",
            "l1", "cp819", "ibm819", "iso-ir-100", "iso_8859-1:1987", "csisolatin1");
    private static final Set<String> UNLABELLED = Set.of("", "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us",
            "us", "unknown-8bit", "x-unknown", "unknown");

    private TextDecoding() {}

    /**
     * Decodes with the declared charset. ISO-8859-1 is read as its superset windows-1252 (as browsers do:
     * clients labelled Latin-1 send curly quotes); no charset, US-ASCII or an unknown charset means UTF-8
     * if the bytes are valid UTF-8, else windows-1252. A leading byte order mark is dropped.
     */
    static String decode(byte[] bytes, String declared) {
        String name = declared == null ? "" : declared.strip().replace("\"", "").toLowerCase(Locale.ROOT);
        String text;
        if (LATIN_1.contains(name)) {
            text = new String(bytes, WINDOWS_1252);
        } else if (UNLABELLED.contains(name)) {
            text = utf8OrWindows1252(bytes);
        } else {
            Charset charset = charset(name);
            text = charset == null ? utf8OrWindows1252(bytes) : new String(bytes, charset);
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    static Charset charset(String name) {
        try {
            return Charset.forName(MimeUtility.javaCharset(name));
        } catch (RuntimeException e) { // illegal or unsupported name
            return null;
        }
    }

    private static String utf8OrWindows1252(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, WINDOWS_1252);
        }
    }
}
