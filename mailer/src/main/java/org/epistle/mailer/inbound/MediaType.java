package org.epistle.mailer.inbound;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A Content-Type read leniently: the type, the subtype and the parameters, never an exception.
 * Jakarta Mail's own {@code ContentType} refuses a header with one bad parameter; a received mail's
 * header is whatever the sender's software wrote.
 */
record MediaType(String type, String subtype, Map<String, String> parameters) {

    static final MediaType TEXT_PLAIN = new MediaType("text", "plain", Map.of());

    MediaType {
        parameters = Map.copyOf(parameters);
    }

    /** type/subtype as RFC 2045's tokens; compiled once, as every part of every mail asks. */
    private static final java.util.regex.Pattern ESSENCE =
            java.util.regex.Pattern.compile("[!#$%&'*+.^_`|~0-9a-z-]+/[!#$%&'*+.^_`|~0-9a-z-]+");

    /** The media type in the header, or empty when the header holds no {@code type/subtype}. */
    static Optional<MediaType> parse(String header) {
        if (header == null) return Optional.empty();
        String h = header.strip();
        int semi = h.indexOf(';');
        String essence = (semi < 0 ? h : h.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
        int slash = essence.indexOf('/');
        if (slash <= 0 || slash == essence.length() - 1 || !ESSENCE.matcher(essence).matches()) {
            return Optional.empty();
        }
        var params = new LinkedHashMap<String, String>();
        int i = semi < 0 ? h.length() : semi + 1;
        while (i < h.length()) {
            int eq = h.indexOf('=', i);
            int nextSemi = h.indexOf(';', i);
            if (eq < 0 || (nextSemi >= 0 && nextSemi < eq)) { // a parameter without a value: skip it
                i = nextSemi < 0 ? h.length() : nextSemi + 1;
                continue;
            }
            String name = h.substring(i, eq).strip().toLowerCase(Locale.ROOT);
            int j = eq + 1;
            while (j < h.length() && Character.isWhitespace(h.charAt(j))) j++;
            var value = new StringBuilder();
            if (j < h.length() && h.charAt(j) == '"') {
                j++;
                while (j < h.length() && h.charAt(j) != '"') {
                    char c = h.charAt(j++);
                    if (c == '\\' && j < h.length()) c = h.charAt(j++);
                    value.append(c);
                }
                j++; // closing quote (or the end)
                int end = h.indexOf(';', Math.min(j, h.length()));
                i = end < 0 ? h.length() : end + 1;
            } else {
                int end = h.indexOf(';', j);
                value.append(h, j, end < 0 ? h.length() : end);
                i = end < 0 ? h.length() : end + 1;
            }
            if (!name.isEmpty()) params.putIfAbsent(name, value.toString().strip());
        }
        return Optional.of(new MediaType(essence.substring(0, slash), essence.substring(slash + 1), params));
    }

    Optional<String> parameter(String name) {
        return Optional.ofNullable(parameters.get(name)).filter(v -> !v.isEmpty());
    }

    boolean is(String type, String subtype) {
        return this.type.equals(type) && (subtype.equals("*") || this.subtype.equals(subtype));
    }

    /** Whether a parameter names a file (also RFC 2231 {@code name*} and {@code name*0*} forms). */
    boolean namesAFile() {
        return parameters.keySet().stream().anyMatch(k -> k.equals("name") || k.startsWith("name*"));
    }

    String essence() {
        return type + "/" + subtype;
    }
}
