package org.epistle.mailer.outbound;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.templates.figurine.Figure;
import org.epistle.templates.figurine.Figures;
import org.slf4j.LoggerFactory;

/**
 * The board as a PNG for the HTML part of a mail, drawn with Java2D on a headless JVM.
 *
 * <p>The input is the same as the text diagram's: one string a rank, the top rank first, one character
 * a square, {@code '.'} for an empty square, upper case for White and lower case for Black (army pieces
 * use their role letter, and {@link Picture#figures} names them). A piece is drawn as its figurine, the
 * same picture as on the game page ({@code org.epistle.templates.figurine}): Burnett's standard pieces, and
 * a picture of its own for each Different Armies piece. Squares of the last turn are tinted with a dashed
 * rim; a king in check stands on a dark red disc; marked squares (the ones a rejection is about) get a red
 * frame drawn along the inside of the square's edge; arrows show pieces in motion, travellers' paths and the
 * field's pulls and pushes. Boards up to 16 x 16 are supported.
 *
 * <p>Only logical fonts ({@link Font#SANS_SERIF}, {@link Font#DIALOG}) are used (coordinates, energy), which
 * every JVM maps to an installed font. If a JVM has no usable font at all, the numbers are left out; the
 * pieces need no font.
 */
public final class DiagramImage {

    /** Side of one square, in pixels. */
    public static final int SQUARE = 40;
    /** The frame around the board that holds the coordinates, in pixels. */
    public static final int MARGIN = 20;
    /** Width of the red frame of a marked square, in pixels. */
    public static final int MARK_WIDTH = 3;
    /** The largest board drawn: 16 files by 16 ranks. */
    public static final int MAX_SIZE = 16;

    static final Color LIGHT = new Color(0xF0, 0xD9, 0xB5);
    static final Color DARK = new Color(0xB5, 0x88, 0x63);
    static final Color MOVED_TINT = new Color(0xFF, 0xE6, 0x00, 0x70);
    static final Color MARK = new Color(0xD7, 0x00, 0x00);
    /** Arrows of pieces in motion and of travellers: a dark blue, on a light casing; they start at the piece's rim. */
    static final Color ARROW = new Color(0x00, 0x57, 0xB7);
    static final Color FRAME = Color.WHITE;
    static final Color COORDINATES = new Color(0x55, 0x55, 0x55);
    /** The dashed rim of a last-turn square. */
    static final Color RIM = new Color(0x1E, 0x1E, 0x1E, 0xB3);
    /** Under an arrow: a light band, so the arrow reads on both square colours. */
    static final Color CASING = new Color(0xFA, 0xFA, 0xFA, 0xD9);
    /** The magnetic field's arrows: near black, apart from the blue motion arrows by lightness too. */
    static final Color FIELD = new Color(0x2A, 0x1A, 0x00);
    /** Under a king in check: darker than either square colour. */
    static final Color CHECK = new Color(0xC4, 0x00, 0x00);
    static final Color CHECK_RING = new Color(0x5A, 0x00, 0x00);

    private static final Pattern SQUARE_NAME = Pattern.compile("([a-p])([1-9][0-9]?)");
    private static final boolean TEXT_WORKS;

    static {
        // Mail is drawn on servers: never reach for a display. Respect an explicit setting.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        TEXT_WORKS = probeText();
    }

    private DiagramImage() {
    }

    /** Width and height in pixels of the image for a board of {@code files} x {@code ranks}. */
    public static int width(int files) {
        return 2 * MARGIN + files * SQUARE;
    }

    public static int height(int ranks) {
        return 2 * MARGIN + ranks * SQUARE;
    }

    /**
     * Everything a diagram shows, as one value: it is also the key under which a drawing is shared.
     *
     * @param ranks      the board as text, top rank first, one character a square ({@code '.'} empty)
     * @param marked     squares to frame in red, by name ({@code "e4"}); names off the board are ignored
     * @param moved      squares of the last turn, to tint; names off the board are ignored
     * @param arrows     "d3-b5": from a piece to where it goes (Momentum's motions, Lene Hau's travellers);
     *                   pairs with a square off the board are ignored
     * @param energy     energy lying on squares (Particle Collision Chess), drawn as a number in an amber disc;
     *                   names off the board and amounts of 0 or less are ignored
     * @param stacked    second pieces on squares that hold two (Lene Hau Chess): "g5:R" draws R small in a corner of g5
     * @param realmSize  the side of the square blocks whose borders are drawn thick (2 in Realm Chess), 0 for none
     */
    public record Picture(List<String> ranks, Set<String> marked, Set<String> moved, List<String> arrows,
                          Map<String, Integer> energy, List<String> stacked, int realmSize, Map<String, String> figures,
                          Set<String> checked, List<String> field) {
        public Picture {
            ranks = ranks == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(ranks));
            marked = marked == null ? Set.of() : Set.copyOf(marked);
            moved = moved == null ? Set.of() : Set.copyOf(moved);
            arrows = arrows == null ? List.of() : List.copyOf(arrows);
            energy = energy == null ? Map.of() : Map.copyOf(energy);
            stacked = stacked == null ? List.of() : List.copyOf(stacked);
            figures = figures == null ? Map.of() : Map.copyOf(figures);
            checked = checked == null ? Set.of() : Set.copyOf(checked);
            field = field == null ? List.of() : List.copyOf(field);
        }

        /** The pieces alone. */
        public static Picture of(List<String> ranks) {
            return new Picture(ranks, Set.of(), Set.of(), List.of(), Map.of(), List.of(), 0, Map.of(), Set.of(), List.of());
        }

        public Picture marking(Collection<String> squares, Collection<String> tinted) {
            return new Picture(ranks, squares == null ? null : Set.copyOf(squares), tinted == null ? null : Set.copyOf(tinted),
                    arrows, energy, stacked, realmSize, figures, checked, field);
        }

        public Picture withArrows(List<String> lines) {
            return new Picture(ranks, marked, moved, lines, energy, stacked, realmSize, figures, checked, field);
        }

        public Picture withEnergy(Map<String, Integer> amounts) {
            return new Picture(ranks, marked, moved, arrows, amounts, stacked, realmSize, figures, checked, field);
        }

        public Picture withStacked(List<String> second) {
            return new Picture(ranks, marked, moved, arrows, energy, second, realmSize, figures, checked, field);
        }

        public Picture withRealms(int size) {
            return new Picture(ranks, marked, moved, arrows, energy, stacked, size, figures, checked, field);
        }

        /** The pieces whose picture is their own, not the standard one of their letter: square name to piece name ("a1" to "Charging Rook"). */
        public Picture withFigures(Map<String, String> names) {
            return new Picture(ranks, marked, moved, arrows, energy, stacked, realmSize, names, checked, field);
        }

        /** Kings in check (or mated), by square: a dark red disc under the king. */
        public Picture withChecked(Collection<String> kings) {
            return new Picture(ranks, marked, moved, arrows, energy, stacked, realmSize, figures,
                    kings == null ? null : Set.copyOf(kings), field);
        }

        /** The field's pulls and pushes, "pulled:d2-d4" or "pushed:c5-b5": a ring where the piece stood, an arrow to it. */
        public Picture withField(List<String> displaced) {
            return new Picture(ranks, marked, moved, arrows, energy, stacked, realmSize, figures, checked, displaced);
        }
    }

    /**
     * The board drawn as a PNG.
     *
     * @throws IllegalArgumentException for no ranks or a board larger than 16 x 16
     */
    public static byte[] png(List<String> ranks, Collection<String> marked, Collection<String> moved) {
        return png(Picture.of(ranks).marking(marked, moved));
    }

    /** The board with arrows for pieces in motion (Momentum Chess). */
    public static byte[] png(List<String> ranks, Collection<String> marked, Collection<String> moved, List<String> arrows) {
        return png(Picture.of(ranks).marking(marked, moved).withArrows(arrows));
    }

    /** The board with arrows and the energy lying on squares (Particle Collision Chess). */
    public static byte[] png(List<String> ranks, Collection<String> marked, Collection<String> moved, List<String> arrows,
                             Map<String, Integer> energy) {
        return png(Picture.of(ranks).marking(marked, moved).withArrows(arrows).withEnergy(energy));
    }

    /** The board as above, with second pieces on squares that hold two (Lene Hau Chess). */
    public static byte[] png(List<String> ranks, Collection<String> marked, Collection<String> moved, List<String> arrows,
                             Map<String, Integer> energy, List<String> stacked) {
        return png(Picture.of(ranks).marking(marked, moved).withArrows(arrows).withEnergy(energy).withStacked(stacked));
    }

    /**
     * The picture as a PNG.
     *
     * @throws IllegalArgumentException for no ranks or a board larger than 16 x 16
     */
    public static byte[] png(Picture picture) {
        return drawn(picture).png().clone();
    }

    /**
     * The picture's PNG in base64 as a MIME body carries it, byte for byte as Jakarta Mail would write it (lines of 76
     * characters ending in CRLF; a last full line ends in CRLF too). Shared with the other mail of the turn: read it,
     * never change it. Encoded once with the drawing, so the turn's two mails neither scan nor encode the PNG again.
     */
    static byte[] pngBase64(Picture picture) {
        return drawn(picture).base64();
    }

    /** A board drawn: its PNG and that PNG's MIME base64. */
    private record Drawn(byte[] png, byte[] base64) {
        static Drawn of(byte[] png) {
            byte[] lines = java.util.Base64.getMimeEncoder().encode(png);
            if (png.length > 0 && png.length % 57 == 0) {        // Jakarta Mail ends a full last line too
                byte[] ended = java.util.Arrays.copyOf(lines, lines.length + 2);
                ended[lines.length] = '\r';
                ended[lines.length + 1] = '\n';
                lines = ended;
            }
            return new Drawn(png, lines);
        }
    }

    private static Drawn drawn(Picture picture) {
        // both players' mails of a turn show the same board, composed at the same moment on two of the sender's
        // connections: the first draws it, the second waits for that drawing
        java.util.concurrent.CompletableFuture<Drawn> mine = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Drawn> drawing;
        synchronized (RECENT) {
            drawing = RECENT.putIfAbsent(picture, mine);
        }
        if (drawing != null) {
            try {
                return drawing.join();
            } catch (java.util.concurrent.CompletionException e) {
                // the other drawing failed; draw it here, where the failure is reported to the caller
                return Drawn.of(encode(picture));
            }
        }
        try {
            Drawn drawn = Drawn.of(encode(picture));
            mine.complete(drawn);
            return drawn;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            synchronized (RECENT) {
                RECENT.remove(picture, mine);
            }
            throw e;
        }
    }

    /** The last boards drawn (or being drawn), oldest first; small, since a board is asked for again only within a turn. */
    private static final Map<Picture, java.util.concurrent.CompletableFuture<Drawn>> RECENT =
            new java.util.LinkedHashMap<>(32, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Picture, java.util.concurrent.CompletableFuture<Drawn>> eldest) {
                    return size() > 32;
                }
            };

    private static byte[] encode(Picture picture) {
        return PngEncoder.encode(draw(picture));              // a third of ImageIO's CPU, and smaller (see there)
    }

    /** The board as an image (what {@link #png} encodes). */
    static BufferedImage draw(List<String> ranks, Collection<String> marked, Collection<String> moved) {
        return draw(Picture.of(ranks).marking(marked, moved));
    }

    static BufferedImage draw(Picture picture) {
        List<String> ranks = picture.ranks();
        if (ranks.isEmpty()) {
            throw new IllegalArgumentException("a diagram needs at least one rank");
        }
        int rankCount = ranks.size();
        int fileCount = ranks.stream().mapToInt(r -> r == null ? 0 : r.length()).max().orElse(0);
        if (fileCount == 0) {
            throw new IllegalArgumentException("a diagram needs at least one file");
        }
        if (rankCount > MAX_SIZE || fileCount > MAX_SIZE) {
            throw new IllegalArgumentException(
                    "board " + fileCount + "x" + rankCount + " is larger than " + MAX_SIZE + "x" + MAX_SIZE);
        }
        var image = new BufferedImage(width(fileCount), height(rankCount), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(FRAME);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());

            for (int row = 0; row < rankCount; row++) {
                int rank = rankCount - 1 - row;                  // 0 = the bottom rank
                for (int file = 0; file < fileCount; file++) {
                    g.setColor((file + rank) % 2 == 0 ? DARK : LIGHT);   // a1 is dark
                    g.fillRect(x(file), y(row), SQUARE, SQUARE);
                }
            }
            g.setColor(MOVED_TINT);
            for (String name : picture.moved()) {
                square(name, fileCount, rankCount).ifPresent(s -> g.fillRect(x(s[0]), y(s[1]), SQUARE, SQUARE));
            }
            // the tint alone differs from the square mostly by hue: a dashed dark rim tells it by shape too, as on the page
            g.setColor(RIM);
            g.setStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 4f, new float[] {6f, 4f}, 0f));
            for (String name : picture.moved()) {
                square(name, fileCount, rankCount).ifPresent(s -> g.drawRect(x(s[0]) + 5, y(s[1]) + 5, SQUARE - 10, SQUARE - 10));
            }
            for (String name : picture.checked()) {
                square(name, fileCount, rankCount).ifPresent(s -> drawCheck(g, x(s[0]), y(s[1])));
            }
            drawRealms(g, picture.realmSize(), fileCount, rankCount);
            for (int row = 0; row < rankCount; row++) {
                String line = ranks.get(row) == null ? "" : ranks.get(row);
                for (int file = 0; file < line.length(); file++) {
                    String name = (char) ('a' + file) + Integer.toString(rankCount - row);
                    drawPiece(g, line.charAt(file), picture.figures().get(name), x(file), y(row));
                }
            }
            drawStacked(g, picture.stacked(), fileCount, rankCount);
            picture.energy().forEach((name, amount) -> {
                if (amount != null && amount > 0) {
                    square(name, fileCount, rankCount).ifPresent(s -> drawEnergy(g, amount, x(s[0]), y(s[1])));
                }
            });
            // a light halo inside the red frame: red alone is too close to the dark squares' lightness
            g.setColor(CASING);
            g.setStroke(new BasicStroke(2f));
            for (String name : picture.marked()) {
                square(name, fileCount, rankCount).ifPresent(s -> g.drawRect(
                        x(s[0]) + MARK_WIDTH + 1, y(s[1]) + MARK_WIDTH + 1, SQUARE - 2 * MARK_WIDTH - 2, SQUARE - 2 * MARK_WIDTH - 2));
            }
            g.setColor(MARK);
            g.setStroke(new BasicStroke(MARK_WIDTH));
            int inset = MARK_WIDTH / 2;                     // the stroke is centred on the path
            for (String name : picture.marked()) {
                square(name, fileCount, rankCount).ifPresent(s -> g.drawRect(
                        x(s[0]) + inset, y(s[1]) + inset, SQUARE - MARK_WIDTH, SQUARE - MARK_WIDTH));
            }
            drawField(g, picture.field(), fileCount, rankCount);
            drawArrows(g, picture.arrows(), fileCount, rankCount);
            drawCoordinates(g, fileCount, rankCount);
        } finally {
            g.dispose();
        }
        return image;
    }

    static final Color REALM_BORDER = new Color(0x3B, 0x2A, 0x1A);

    /** Thick lines between blocks of {@code size} x {@code size} squares, counted from a1 (Realm Chess's realms). */
    private static void drawRealms(Graphics2D g, int size, int files, int ranks) {
        if (size < 2) {
            return;
        }
        g.setColor(REALM_BORDER);
        g.setStroke(new BasicStroke(3));
        for (int file = size; file < files; file += size) {
            g.drawLine(x(file), y(0), x(file), y(ranks - 1) + SQUARE);
        }
        for (int rank = size; rank < ranks; rank += size) {
            int row = ranks - rank;                        // the line between rank-1 and rank, from the bottom
            g.drawLine(x(0), y(row), x(files - 1) + SQUARE, y(row));
        }
    }

    static final Color ENERGY = new Color(0xF2, 0xA9, 0x00);

    /** Energy on a square: an amber disc, smaller than a piece, with the amount on it when text can be drawn. */
    private static void drawEnergy(Graphics2D g, int amount, int x, int y) {
        double d = SQUARE * 0.52;
        var disc = new Ellipse2D.Double(x + (SQUARE - d) / 2, y + (SQUARE - d) / 2, d, d);
        g.setColor(ENERGY);
        g.fill(disc);
        g.setColor(new Color(0x1E, 0x1E, 0x1E));
        g.setStroke(new BasicStroke(1f));
        g.draw(disc);
        if (TEXT_WORKS) {
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            String text = Integer.toString(amount);
            FontMetrics fm = g.getFontMetrics();
            g.drawString(text, x + (SQUARE - fm.stringWidth(text)) / 2, y + (SQUARE - fm.getHeight()) / 2 + fm.getAscent());
        }
    }

    /** Second pieces on shared squares: the piece drawn at under half size in the square's top right corner, several in turn. */
    private static void drawStacked(Graphics2D g, List<String> stacked, int files, int ranks) {
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (String entry : stacked == null ? List.<String>of() : stacked) {
            String[] parts = entry.split(":", 2);
            if (parts.length != 2 || parts[1].length() != 1) {
                continue;
            }
            Optional<int[]> at = square(parts[0], files, ranks);
            if (at.isEmpty()) {
                continue;
            }
            int nth = seen.merge(parts[0], 1, Integer::sum) - 1;
            double scale = 0.45;
            int size = (int) Math.round(SQUARE * scale);
            int x = x(at.get()[0]) + SQUARE - size - nth * size / 2;
            int y = y(at.get()[1]) + nth * size / 2;
            var saved = g.getTransform();
            g.translate(x, y);
            g.scale(scale, scale);
            drawPiece(g, parts[1].charAt(0), null, 0, 0);
            g.setTransform(saved);
        }
    }

    /**
     * Pieces in motion and travellers: an arrow from the rim of the piece to the centre of the square it reaches next,
     * with a filled head there, over a light casing so that it reads on light and dark squares alike.
     */
    private static void drawArrows(Graphics2D g, List<String> arrows, int files, int ranks) {
        for (String arrow : arrows == null ? List.<String>of() : arrows) {
            String[] ends = arrow.split("-", 2);
            if (ends.length != 2) {
                continue;
            }
            Optional<int[]> from = square(ends[0], files, ranks);
            Optional<int[]> to = square(ends[1], files, ranks);
            if (from.isEmpty() || to.isEmpty()) {
                continue;
            }
            arrow(g, centre(from.get()[0], x(0)), centre(from.get()[1], y(0)), centre(to.get()[0], x(0)), centre(to.get()[1], y(0)),
                    SQUARE * 0.38, 0, ARROW, null);
        }
    }

    /** The field's pulls (solid) and pushes (dashed): a ring on the square the piece left, an arrow from it to the piece's rim. */
    private static void drawField(Graphics2D g, List<String> displaced, int files, int ranks) {
        for (String entry : displaced == null ? List.<String>of() : displaced) {
            String[] kindAndSquares = entry.split(":", 2);
            String[] ends = kindAndSquares[kindAndSquares.length - 1].split("-", 2);
            if (ends.length != 2) {
                continue;
            }
            Optional<int[]> from = square(ends[0], files, ranks);
            Optional<int[]> to = square(ends[1], files, ranks);
            if (from.isEmpty() || to.isEmpty()) {
                continue;
            }
            double x1 = centre(from.get()[0], x(0));
            double y1 = centre(from.get()[1], y(0));
            var ring = new Ellipse2D.Double(x1 - SQUARE * 0.2, y1 - SQUARE * 0.2, SQUARE * 0.4, SQUARE * 0.4);
            g.setColor(CASING);
            g.setStroke(new BasicStroke(5f));
            g.draw(ring);
            g.setColor(FIELD);
            g.setStroke(new BasicStroke(2.5f));
            g.draw(ring);
            boolean pushed = kindAndSquares.length == 2 && kindAndSquares[0].strip().equals("pushed");
            arrow(g, x1, y1, centre(to.get()[0], x(0)), centre(to.get()[1], y(0)), SQUARE * 0.2, SQUARE * 0.42, FIELD,
                    pushed ? new float[] {3f, 4f} : null);
        }
    }

    private static double centre(int index, int origin) {
        return origin + index * SQUARE + SQUARE / 2.0;
    }

    /** An arrow from {@code rim} past (x1, y1) to {@code short} before (x2, y2), head filled, on a light casing. */
    private static void arrow(Graphics2D g, double x1, double y1, double x2, double y2, double rim, double shortOf, Color colour,
                              float[] dash) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = Math.hypot(dx, dy);
        double head = 11;
        if (len <= rim + shortOf + head) {
            return;
        }
        double ux = dx / len;
        double uy = dy / len;
        double sx = x1 + ux * rim;
        double sy = y1 + uy * rim;
        double tx = x2 - ux * shortOf;
        double ty = y2 - uy * shortOf;
        double bx = tx - ux * head;
        double by = ty - uy * head;
        var tip = new java.awt.geom.Path2D.Double();
        tip.moveTo(tx, ty);
        tip.lineTo(bx - uy * head * 0.6, by + ux * head * 0.6);
        tip.lineTo(bx + uy * head * 0.6, by - ux * head * 0.6);
        tip.closePath();
        var shaft = new java.awt.geom.Line2D.Double(sx, sy, bx, by);
        g.setColor(CASING);
        g.setStroke(new BasicStroke(5.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(shaft);
        g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(tip);
        g.setColor(colour);
        g.setStroke(dash == null ? new BasicStroke(3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND)
                : new BasicStroke(3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 4f, dash, 0f));
        g.draw(shaft);
        g.fill(tip);
    }

    /** The king in check: a dark red disc with a darker ring, under the piece. */
    private static void drawCheck(Graphics2D g, int x, int y) {
        double d = SQUARE * 0.94;
        var disc = new Ellipse2D.Double(x + (SQUARE - d) / 2, y + (SQUARE - d) / 2, d, d);
        g.setColor(CHECK);
        g.fill(disc);
        g.setColor(CHECK_RING);
        g.setStroke(new BasicStroke(3f));
        g.draw(disc);
    }

    /** Pixel x of the left edge of {@code file} (0 = a). */
    static int x(int file) {
        return MARGIN + file * SQUARE;
    }

    /** Pixel y of the top edge of the square in {@code row} (0 = the top rank as drawn). */
    static int y(int row) {
        return MARGIN + row * SQUARE;
    }

    /** {file, row} of a square name on this board, or empty when the name is not a square of it. */
    static Optional<int[]> square(String name, int files, int ranks) {
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = SQUARE_NAME.matcher(name.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        int file = m.group(1).charAt(0) - 'a';
        int rank = Integer.parseInt(m.group(2)) - 1;
        if (file >= files || rank >= ranks) {
            return Optional.empty();
        }
        return Optional.of(new int[] {file, ranks - 1 - rank});
    }

    /** A piece as its figurine: the picture of {@code name} when it has one, else the standard piece of its letter. */
    private static void drawPiece(Graphics2D g, char c, String name, int x, int y) {
        if (c == '.' || Character.isWhitespace(c)) {
            return;
        }
        boolean white = Character.isUpperCase(c);
        Optional<Figure> figure = Figures.of(name, c);
        if (figure.isPresent()) {
            g.drawImage(sprite(figure.get(), white), x, y, null);
            return;
        }
        drawDisc(g, c, x, y);
    }

    /** Each figurine drawn once, at the size of a square: stroking its curves costs far more than copying the pixels. */
    private static final Map<String, BufferedImage> SPRITES = new java.util.concurrent.ConcurrentHashMap<>();

    private static BufferedImage sprite(Figure figure, boolean white) {
        return SPRITES.computeIfAbsent(figure.name() + (white ? "/white" : "/black"), key -> {
            var image = new BufferedImage(SQUARE, SQUARE, BufferedImage.TYPE_INT_ARGB);
            Graphics2D g = image.createGraphics();
            try {
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
                // the mail's board is seen from White's side: White's forward is up
                figure.paint(g, 0, 0, SQUARE, white, white);
            } finally {
                g.dispose();
            }
            return image;
        });
    }

    /** A piece no picture exists for (a letter no diagram should hold): a disc with its letter. */
    private static void drawDisc(Graphics2D g, char c, int x, int y) {
        boolean white = Character.isUpperCase(c);
        boolean black = Character.isLowerCase(c);
        Color fill = white ? new Color(0xFA, 0xFA, 0xFA) : black ? new Color(0x2B, 0x2B, 0x2B) : new Color(0x99, 0x99, 0x99);
        Color ink = white ? new Color(0x1E, 0x1E, 0x1E) : Color.WHITE;

        double d = SQUARE * 0.78;
        var disc = new Ellipse2D.Double(x + (SQUARE - d) / 2, y + (SQUARE - d) / 2, d, d);
        g.setColor(fill);
        g.fill(disc);
        g.setColor(new Color(0x1E, 0x1E, 0x1E));
        g.setStroke(new BasicStroke(1.5f));
        g.draw(disc);

        if (TEXT_WORKS) {
            g.setColor(ink);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, SQUARE / 2));
            String letter = String.valueOf(Character.toUpperCase(c));
            FontMetrics fm = g.getFontMetrics();
            int tx = x + (SQUARE - fm.stringWidth(letter)) / 2;
            int ty = y + (SQUARE - fm.getHeight()) / 2 + fm.getAscent();
            g.drawString(letter, tx, ty);
        }
    }

    private static void drawCoordinates(Graphics2D g, int files, int ranks) {
        if (!TEXT_WORKS) {
            return;
        }
        g.setColor(COORDINATES);
        g.setFont(new Font(Font.DIALOG, Font.PLAIN, 12));
        FontMetrics fm = g.getFontMetrics();
        for (int file = 0; file < files; file++) {
            String s = String.valueOf((char) ('a' + file));
            int tx = x(file) + (SQUARE - fm.stringWidth(s)) / 2;
            g.drawString(s, tx, y(ranks) + (MARGIN - fm.getHeight()) / 2 + fm.getAscent());
        }
        for (int row = 0; row < ranks; row++) {
            String s = Integer.toString(ranks - row);
            int tx = (MARGIN - fm.stringWidth(s)) / 2;
            g.drawString(s, Math.max(0, tx), y(row) + (SQUARE - fm.getHeight()) / 2 + fm.getAscent());
        }
    }

    /** Whether this JVM can draw text; a JVM without any font fails in native font code. */
    private static boolean probeText() {
        try {
            var probe = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = probe.createGraphics();
            try {
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 6));
                g.drawString("K", 0, 6);
                g.getFontMetrics().stringWidth("K");
            } finally {
                g.dispose();
            }
            return true;
        } catch (RuntimeException | LinkageError | InternalError e) {
            LoggerFactory.getLogger(DiagramImage.class)
                    .warn("No usable font in this JVM; diagrams are drawn without letters", e);
            return false;
        }
    }
}
