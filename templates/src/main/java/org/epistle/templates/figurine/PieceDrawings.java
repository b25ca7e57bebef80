package org.epistle.templates.figurine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The twelve standard pieces of Colin M.L. Burnett's set (resources {@code figurines/cburnett},
 * licence beside them), read once into {@link Stroke}s. Only what those drawings use is read:
 * {@code g} and {@code path} elements, their {@code style} and presentation attributes, and
 * {@code translate}/{@code matrix} transforms; styles cascade from a group to its paths.
 */
public final class PieceDrawings {
    /** The pieces drawn, by the letter the text diagrams use. */
    public enum Kind {
        KING('k'), QUEEN('q'), ROOK('r'), BISHOP('b'), KNIGHT('n'), PAWN('p');

        private final char letter;

        Kind(char letter) {
            this.letter = letter;
        }

        public char letter() {
            return letter;
        }

        /** The kind a diagram letter stands for, in either case; null for any other letter. */
        public static Kind ofLetter(char c) {
            for (Kind k : values()) {
                if (k.letter == Character.toLowerCase(c)) {
                    return k;
                }
            }
            return null;
        }
    }

    private static final Map<Kind, List<Stroke>> WHITE = new EnumMap<>(Kind.class);
    private static final Map<Kind, List<Stroke>> BLACK = new EnumMap<>(Kind.class);
    private static final Pattern TRANSFORM = Pattern.compile("(translate|matrix|scale)\\s*\\(([^)]*)\\)");

    static {
        for (Kind kind : Kind.values()) {
            WHITE.put(kind, read("w" + kind.letter));
            BLACK.put(kind, read("b" + kind.letter));
        }
    }

    private PieceDrawings() {
    }

    /** The drawing of a piece, white or black. */
    public static List<Stroke> of(Kind kind, boolean white) {
        return (white ? WHITE : BLACK).get(kind);
    }

    private static List<Stroke> read(String name) {
        String resource = "/figurines/cburnett/" + name + ".svg";
        try (InputStream in = PieceDrawings.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing piece drawing " + resource);
            }
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // the files name an external DTD; it is never fetched, and no entity is expanded
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            factory.setNamespaceAware(false);
            Element root = factory.newDocumentBuilder().parse(in).getDocumentElement();
            List<Stroke> strokes = new ArrayList<>();
            walk(root, new HashMap<>(), Stroke.IDENTITY, strokes);
            return List.copyOf(strokes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("cannot read piece drawing " + resource, e);
        }
    }

    private static void walk(Element element, Map<String, String> inherited, double[] outer, List<Stroke> out) {
        Map<String, String> style = new HashMap<>(inherited);
        for (String property : List.of("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin")) {
            if (element.hasAttribute(property)) {
                style.put(property, element.getAttribute(property).trim());
            }
        }
        for (String declaration : element.getAttribute("style").split(";")) {
            int colon = declaration.indexOf(':');
            if (colon > 0) {
                style.put(declaration.substring(0, colon).trim(), declaration.substring(colon + 1).trim());
            }
        }
        double[] transform = multiply(outer, transform(element.getAttribute("transform")));
        if (element.getTagName().equals("path")) {
            out.add(new Stroke(element.getAttribute("d").trim(), transform, colour(style.getOrDefault("fill", "#000000")),
                    colour(style.getOrDefault("stroke", "none")), length(style.getOrDefault("stroke-width", "1")),
                    style.getOrDefault("stroke-linecap", "butt"), style.getOrDefault("stroke-linejoin", "miter")));
            return;
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && (e.getTagName().equals("g") || e.getTagName().equals("path"))) {
                walk(e, style, transform, out);
            }
        }
    }

    /** A length in user units; the drawings sometimes write "1px", which is the same. */
    private static double length(String value) {
        String v = value.trim();
        return Double.parseDouble(v.endsWith("px") ? v.substring(0, v.length() - 2) : v);
    }

    private static String colour(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        return switch (v) {
            case "black" -> "#000000";
            case "white" -> "#ffffff";
            default -> v;
        };
    }

    private static double[] transform(String attribute) {
        double[] m = Stroke.IDENTITY;
        Matcher matcher = TRANSFORM.matcher(attribute);
        while (matcher.find()) {
            String[] parts = matcher.group(2).trim().split("[\\s,]+");
            double[] n = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                n[i] = Double.parseDouble(parts[i]);
            }
            double[] step = switch (matcher.group(1)) {
                case "translate" -> new double[] {1, 0, 0, 1, n[0], n.length > 1 ? n[1] : 0};
                case "scale" -> new double[] {n[0], 0, 0, n.length > 1 ? n[1] : n[0], 0, 0};
                default -> n;
            };
            m = multiply(m, step);
        }
        return m;
    }

    /** The transform that applies {@code inner} first, then {@code outer}. */
    static double[] multiply(double[] outer, double[] inner) {
        return new double[] {
                outer[0] * inner[0] + outer[2] * inner[1],
                outer[1] * inner[0] + outer[3] * inner[1],
                outer[0] * inner[2] + outer[2] * inner[3],
                outer[1] * inner[2] + outer[3] * inner[3],
                outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
                outer[1] * inner[4] + outer[3] * inner[5] + outer[5]};
    }
}
