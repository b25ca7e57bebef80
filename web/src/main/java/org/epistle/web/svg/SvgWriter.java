package org.epistle.web.svg;

import java.util.LinkedHashMap;
import java.util.Map;
import org.epistle.templates.figurine.Figure;

/**
 * A small writer of SVG markup that escapes every attribute value and every text it is given, so
 * no layer can write unescaped text by mistake. Attributes are passed as name, value pairs.
 */
public final class SvgWriter {
    private final StringBuilder out = new StringBuilder(8192);
    /** The figures placed so far, each drawn once under its id ({@link #defs}). */
    private final Map<Drawn, String> figures = new LinkedHashMap<>();
    private final String idPrefix;

    /** A piece's figure in one colour: what one drawing in the defs serves. */
    private record Drawn(Figure figure, boolean white) {
    }

    public SvgWriter() {
        this("figure-");
    }

    /** A writer whose figures' drawings get ids that begin with {@code idPrefix} (unique in the page). */
    public SvgWriter(String idPrefix) {
        this.idPrefix = idPrefix;
    }

    /**
     * A figure placed in a box of {@code size} whose top left is (x, y): a group naming the figure that refers to its
     * drawing, and the figure's marks (a few small paths, which depend on the way up). Each figure and colour is drawn
     * once, in {@link #defs}: a board of 32 men refers to 12 drawings instead of repeating their paths, which were two
     * thirds of a game page.
     */
    public SvgWriter figure(Figure figure, boolean white, boolean forwardUp, double x, double y, double size) {
        String id = figures.computeIfAbsent(new Drawn(figure, white), d -> idPrefix + (figures.size() + 1));
        open("g", "class", "figure", "data-figure", figure.name(), "transform", Figure.placement(x, y, size));
        empty("use", "href", "#" + id);
        figure.marks(sink(), white, forwardUp);
        return close("g");
    }

    /** The drawings of the figures placed in this writer, as a {@code <defs>} for {@code into}; nothing if none. */
    public void defs(SvgWriter into) {
        if (figures.isEmpty()) {
            return;
        }
        into.open("defs");
        figures.forEach((drawn, id) -> {
            into.open("g", "id", id);
            drawn.figure().drawing(into.sink(), drawn.white());
            into.close("g");
        });
        into.close("defs").newline();
    }

    /** Appends what another writer wrote, as it is (already escaped). */
    public SvgWriter append(SvgWriter other) {
        out.append(other.out);
        return this;
    }

    /** An element with content: {@code <name attrs>}, to be closed with {@link #close}. */
    public SvgWriter open(String name, Object... attributes) {
        start(name, attributes);
        out.append(">");
        return this;
    }

    /** An element without content: {@code <name attrs/>}. */
    public SvgWriter empty(String name, Object... attributes) {
        start(name, attributes);
        out.append("/>");
        return this;
    }

    /** An element that holds only text: {@code <name attrs>text</name>}. */
    public SvgWriter element(String name, String text, Object... attributes) {
        open(name, attributes);
        text(text);
        return close(name);
    }

    public SvgWriter text(String text) {
        out.append(escape(text));
        return this;
    }

    public SvgWriter close(String name) {
        out.append("</").append(name).append(">");
        return this;
    }

    /** This writer as the sink a figurine writes its elements into (escaped like every other element). */
    public org.epistle.templates.figurine.SvgSink sink() {
        SvgWriter self = this;
        return new org.epistle.templates.figurine.SvgSink() {
            @Override
            public void open(String name, Object... attributes) {
                self.open(name, attributes);
            }

            @Override
            public void empty(String name, Object... attributes) {
                self.empty(name, attributes);
            }

            @Override
            public void close(String name) {
                self.close(name);
            }
        };
    }

    public SvgWriter newline() {
        out.append('\n');
        return this;
    }

    private void start(String name, Object... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs: " + attributes.length);
        }
        out.append('<').append(name);
        for (int i = 0; i < attributes.length; i += 2) {
            Object value = attributes[i + 1];
            if (value == null) {
                continue;
            }
            out.append(' ').append(attributes[i]).append("=\"").append(escape(format(value))).append('"');
        }
    }

    /** Numbers without the locale's separators, and at most two decimals (no String.format: a board has hundreds). */
    static String format(Object value) {
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            long hundredths = Math.round(d * 100);
            if (hundredths % 100 == 0) {
                return Long.toString(hundredths / 100);
            }
            StringBuilder sb = new StringBuilder(8);
            if (hundredths < 0) {
                sb.append('-');
                hundredths = -hundredths;
            }
            sb.append(hundredths / 100).append('.');
            long fraction = hundredths % 100;
            if (fraction % 10 == 0) {
                sb.append(fraction / 10);
            } else {
                sb.append(fraction < 10 ? "0" : "").append(fraction);
            }
            return sb.toString();
        }
        return String.valueOf(value);
    }

    /** Escapes the five XML specials; the result is safe in text and in quoted attributes, in SVG and HTML alike. */
    public static String escape(String s) {
        if (!needsEscaping(s)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean needsEscaping(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
