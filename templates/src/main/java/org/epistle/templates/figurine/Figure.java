package org.epistle.templates.figurine;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.epistle.templates.figurine.PieceDrawings.Kind;

/**
 * The picture of one kind of piece: bands cut from the standard drawings (a rook's body under a
 * knight's head), each maybe shrunk, and small marks for what the shape alone cannot say. It is
 * drawn in the drawings' 45 x 45 box, either as SVG elements (pages) or with Java2D (the mail's PNG).
 *
 * @param name  the piece's name, as the armies call it ("Charging Rook")
 * @param parts drawn in order, each clipped to its band
 * @param marks drawn over the parts
 */
public record Figure(String name, List<Part> parts, Set<Mark> marks) {
    /** The side of the box the drawings are made in. */
    public static final double BOX = 45;

    public Figure {
        parts = List.copyOf(parts);
        marks = Set.copyOf(marks);
    }

    /**
     * A band of a standard drawing: the part of {@code kind} between {@code top} and {@code bottom}
     * (box units, measured on the figure), the drawing first shrunk by {@code scale} about the middle
     * of its base, so that a shrunk piece still stands on the ground.
     */
    public record Part(Kind kind, double top, double bottom, double scale) {
        AffineTransform transform() {
            double s = scale;
            return new AffineTransform(s, 0, 0, s, BOX / 2 * (1 - s), 39 * (1 - s));
        }

        boolean isWhole() {
            return top <= 0 && bottom >= BOX && scale == 1;
        }
    }

    /** What a mark on the picture says. */
    public enum Mark {
        /** Some of its moves go forward only (the "charging" pieces, the Forward FIDEs): an arrowhead pointing the way. */
        FORWARD,
        /** It never leaves the squares of one colour: a diamond, half filled. */
        COLOURBOUND
    }

    /**
     * The figure as SVG elements, in a box of {@code size} whose top left is (x, y).
     *
     * @param forwardUp whether the piece's forward is up on the drawn board (White's pieces seen from White's side)
     */
    public void svg(SvgSink out, double x, double y, double size, boolean white, boolean forwardUp) {
        out.open("g", "class", "figure", "data-figure", name, "transform", placement(x, y, size));
        drawing(out, white);
        marks(out, white, forwardUp);
        out.close("g");
    }

    /** The transform that puts a drawing made in the box at (x, y), {@code size} wide. */
    public static String placement(double x, double y, double size) {
        return "translate(" + Numbers.format(x) + " " + Numbers.format(y) + ") scale(" + Numbers.format(size / BOX) + ")";
    }

    /**
     * The figure's picture in the box's own units (0 to {@link #BOX}), with no placement and no marks: what a page that
     * shows many pieces writes once and then refers to for each piece of this figure and colour.
     */
    public void drawing(SvgSink out, boolean white) {
        for (Part part : parts) {
            boolean whole = part.isWhole();
            if (!whole) {
                // a nested svg clips what it holds to its own viewport: the band, with no id to keep unique in the page
                double top = part.top() <= 0 ? -10 : part.top();
                double bottom = part.bottom() >= BOX ? BOX + 10 : part.bottom();
                String box = "-10 " + Numbers.format(top) + " " + Numbers.format(BOX + 20) + " " + Numbers.format(bottom - top);
                out.open("svg", "x", -10, "y", Numbers.format(top), "width", Numbers.format(BOX + 20),
                        "height", Numbers.format(bottom - top), "viewBox", box, "overflow", "hidden");
            }
            AffineTransform t = part.transform();
            out.open("g", "transform", t.isIdentity() ? null : "matrix(" + Numbers.format(t.getScaleX()) + " 0 0 "
                    + Numbers.format(t.getScaleY()) + " " + Numbers.format(t.getTranslateX()) + " " + Numbers.format(t.getTranslateY()) + ")");
            for (Stroke s : PieceDrawings.of(part.kind(), white)) {
                out.empty("path", "d", s.path(), "transform", s.hasTransform() ? s.transformAttribute() : null,
                        "fill", s.fill(), "stroke", s.isOutlined() ? s.outline() : "none",
                        "stroke-width", s.isOutlined() ? Numbers.format(s.width()) : null,
                        "stroke-linecap", s.isOutlined() ? s.cap() : null, "stroke-linejoin", s.isOutlined() ? s.join() : null);
            }
            out.close("g");
            if (!whole) {
                out.close("svg");
            }
        }
    }

    /** The marks over the picture (box units), which depend on which way up the piece is drawn. */
    public void marks(SvgSink out, boolean white, boolean forwardUp) {
        String ink = white ? "#000000" : "#ffffff";
        String paper = white ? "#ffffff" : "#000000";
        if (marks.contains(Mark.FORWARD)) {
            out.empty("path", "class", "mark-forward", "d", forwardUp ? "M 37 1.5 L 43 9.5 L 31 9.5 Z" : "M 31 1.5 L 43 1.5 L 37 9.5 Z",
                    "fill", ink, "stroke", paper, "stroke-width", 1.2, "stroke-linejoin", "round");
        }
        if (marks.contains(Mark.COLOURBOUND)) {
            out.empty("path", "class", "mark-colourbound", "d", "M 7 2 L 12 7 L 7 12 L 2 7 Z",
                    "fill", paper, "stroke", ink, "stroke-width", 1.2, "stroke-linejoin", "round");
            out.empty("path", "d", "M 7 2 L 7 12 L 2 7 Z", "fill", ink, "stroke", "none");
        }
    }

    private static final Map<Stroke, Shape> SHAPES = new ConcurrentHashMap<>();

    /** The figure drawn with Java2D in a box of {@code size} whose top left is (x, y); the graphics are left as found. */
    public void paint(Graphics2D g, double x, double y, double size, boolean white, boolean forwardUp) {
        for (Part part : parts) {
            Graphics2D pg = (Graphics2D) g.create();
            try {
                pg.translate(x, y);
                pg.scale(size / BOX, size / BOX);
                if (!part.isWhole()) {
                    pg.clip(new Rectangle2D.Double(-10, part.top() <= 0 ? -10 : part.top(), BOX + 20,
                            (part.bottom() >= BOX ? BOX + 10 : part.bottom()) - (part.top() <= 0 ? -10 : part.top())));
                }
                pg.transform(part.transform());
                for (Stroke s : PieceDrawings.of(part.kind(), white)) {
                    Shape shape = SHAPES.computeIfAbsent(s, Figure::shape);
                    if (s.isFilled()) {
                        pg.setColor(Color.decode(s.fill()));
                        pg.fill(shape);
                    }
                    if (s.isOutlined()) {
                        pg.setColor(Color.decode(s.outline()));
                        pg.setStroke(new BasicStroke((float) s.width(), cap(s.cap()), join(s.join()), 4f));
                        pg.draw(shape);
                    }
                }
            } finally {
                pg.dispose();
            }
        }
        if (marks.isEmpty()) {
            return;
        }
        Graphics2D mg = (Graphics2D) g.create();
        try {
            mg.translate(x, y);
            mg.scale(size / BOX, size / BOX);
            Color ink = white ? Color.BLACK : Color.WHITE;
            Color paper = white ? Color.WHITE : Color.BLACK;
            mg.setStroke(new BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            if (marks.contains(Mark.FORWARD)) {
                Shape arrow = polygon(forwardUp ? new double[] {37, 1.5, 43, 9.5, 31, 9.5} : new double[] {31, 1.5, 43, 1.5, 37, 9.5});
                mg.setColor(ink);
                mg.fill(arrow);
                mg.setColor(paper);
                mg.draw(arrow);
            }
            if (marks.contains(Mark.COLOURBOUND)) {
                Shape diamond = polygon(new double[] {7, 2, 12, 7, 7, 12, 2, 7});
                mg.setColor(paper);
                mg.fill(diamond);
                mg.setColor(ink);
                mg.fill(polygon(new double[] {7, 2, 7, 12, 2, 7}));
                mg.draw(diamond);
            }
        } finally {
            mg.dispose();
        }
    }

    private static Shape shape(Stroke s) {
        Path2D.Double path = PathData.parse(s.path());
        double[] m = s.transform();
        return new AffineTransform(m[0], m[1], m[2], m[3], m[4], m[5]).createTransformedShape(path);
    }

    private static Shape polygon(double[] xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }

    private static int cap(String cap) {
        return switch (cap) {
            case "round" -> BasicStroke.CAP_ROUND;
            case "square" -> BasicStroke.CAP_SQUARE;
            default -> BasicStroke.CAP_BUTT;
        };
    }

    private static int join(String join) {
        return switch (join) {
            case "round" -> BasicStroke.JOIN_ROUND;
            case "bevel" -> BasicStroke.JOIN_BEVEL;
            default -> BasicStroke.JOIN_MITER;
        };
    }
}
