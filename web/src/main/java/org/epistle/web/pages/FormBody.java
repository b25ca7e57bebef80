package org.epistle.web.pages;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A posted web form ({@code application/x-www-form-urlencoded}), read with a hard size limit
 * whether or not the request says its length, and decoded as UTF-8. Refusals are {@link PageError}s:
 * 413 for a body over the limit, 415 for another content type, 400 for a body that is not a form.
 */
public final class FormBody {
    /** The largest form accepted: a turn is one line, and the form has three fields. */
    public static final int MAX_BYTES = 16 * 1024;

    private final Map<String, String> fields;

    private FormBody(Map<String, String> fields) {
        this.fields = fields;
    }

    public static FormBody read(HttpServletRequest request) {
        return read(request, MAX_BYTES);
    }

    /** A form that may be larger than a turn's: the admin's pasted PGN archive. */
    public static FormBody read(HttpServletRequest request, int maxBytes) {
        String type = request.getContentType() == null ? "" : request.getContentType().toLowerCase(Locale.ROOT);
        if (!type.startsWith("application/x-www-form-urlencoded")) {
            throw PageError.unsupportedMediaType();
        }
        long declared = request.getContentLengthLong();
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            if (declared > maxBytes) {
                if (declared <= READ_WHEN_REFUSED) {
                    discard(in);
                }
                throw PageError.tooLarge(maxBytes);
            }
            body = in.readNBytes(maxBytes + 1);
            if (body.length > maxBytes) {
                discard(in);
                throw PageError.tooLarge(maxBytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(new String(body, StandardCharsets.UTF_8));
    }

    /**
     * How much of a body refused for its size is still read (and thrown away) before the answer. A client that is
     * still sending when the server answers and closes the connection may see the connection reset, and lose the
     * page that says why, instead of reading it; a browser's oversized form is well under this. A larger body is not
     * worth reading: the answer goes at once and the connection is closed behind it.
     */
    static final int READ_WHEN_REFUSED = 1024 * 1024;

    private static void discard(InputStream in) {
        byte[] sink = new byte[8192];
        long left = READ_WHEN_REFUSED;
        try {
            int n;
            while (left > 0 && (n = in.read(sink, 0, (int) Math.min(sink.length, left))) > 0) {
                left -= n;
            }
        } catch (IOException e) {
            // the client went away: the refusal is the answer either way
        }
    }

    /** Parses {@code a=1&b=two}; the first value of a repeated field counts. */
    static FormBody parse(String body) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (!body.isEmpty()) {
            for (String pair : body.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                try {
                    String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                    String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                    fields.putIfAbsent(name, value);
                } catch (IllegalArgumentException e) {
                    throw PageError.badRequest("The form could not be read: it is not encoded the way browsers send forms.");
                }
            }
        }
        return new FormBody(fields);
    }

    public Optional<String> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }
}
