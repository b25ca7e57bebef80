package org.epistle.core.games;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a mail model as JSON for its outbox row, without Jackson's serializer lookups: a model is plain values
 * (text, whole numbers, booleans, and lists and maps of them), and a move writes two models in its transaction, where
 * Jackson's walk through its serializers cost more than the characters themselves. The top level's keys are written in
 * their natural order, as before; the text is valid JSON that Jackson reads back into the same values
 * ({@link MailModel#fromJson}). A value of any other type is not guessed at: the caller writes the model with Jackson
 * then.
 */
final class ModelJson {
    private ModelJson() {
    }

    /** The model as JSON, or empty when it holds a value that is not plain (then Jackson writes it). */
    static Optional<String> write(Map<String, Object> model) {
        StringBuilder out = new StringBuilder(2048);
        return value(out, new TreeMap<>(model)) ? Optional.of(out.toString()) : Optional.empty();
    }

    private static boolean value(StringBuilder out, Object v) {
        if (v instanceof String s) {
            text(out, s);
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            out.append(v);
        } else if (v instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key) || e.getValue() == null) {
                    return false;
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                text(out, key);
                out.append(':');
                if (!value(out, e.getValue())) {
                    return false;
                }
            }
            out.append('}');
        } else if (v instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object item : list) {
                if (item == null) {
                    return false;
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                if (!value(out, item)) {
                    return false;
                }
            }
            out.append(']');
        } else {
            return false;
        }
        return true;
    }

    /** A JSON string: the quote, the backslash and the control characters escaped, everything else as it is. */
    private static void text(StringBuilder out, String s) {
        out.append('"');
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            out.append(s, start, i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> out.append(String.format("\\u%04x", (int) c));
            }
            start = i + 1;
        }
        out.append(s, start, s.length()).append('"');
    }
}
