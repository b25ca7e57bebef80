package org.epistle.web.svg;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.Aftermath;
import org.epistle.core.rules.physics.realm.Realms;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.templates.figurine.Figures;

/**
 * The layers Epistle draws. The colours are those of the mails' PNG diagram, so a board looks the
 * same in a mail and on the page. Elements carry classes ({@code sq}, {@code piece}, …) and
 * {@code data-square} so that the stylesheet and the click-to-move script can find them; the
 * colours are presentation attributes, so the SVG also reads on its own, without the stylesheet.
 */
public final class Layers {
    static final String LIGHT = "#f0d9b5";
    static final String DARK = "#b58863";
    static final String MOVED = "#ffe600";
    static final String MARK = "#d70000";
    static final String INK = "#1e1e1e";
    static final String WHITE_PIECE = "#fafafa";
    static final String BLACK_PIECE = "#2b2b2b";
    static final String ENERGY = "#6a1b9a";
    static final String MOTION = "#0057b7";
    static final String COORDINATES = "#555555";
    /** The magnetic field's arrows: near black, so they differ from the blue motion arrows in lightness too. */
    static final String FIELD = "#2a1a00";

    private Layers() {
    }

    /** The squares, light and dark (a1 dark), each with its name for the click-to-move script. */
    public static Layer squares(Position position) {
        return new Squares(position);
    }

    /** The squares of the last turn, tinted. */
    public static Layer moved(Collection<Square> squares) {
        return new Moved(List.copyOf(squares), "");
    }

    /** The squares of the last turn, tinted, and the turn in words for the text alternative ("White played e4"). */
    public static Layer moved(Collection<Square> squares, String turnInWords) {
        return new Moved(List.copyOf(squares), turnInWords);
    }

    /** Every piece as its figurine (Burnett's pieces, and a picture composed for each army piece). */
    public static Layer pieces(Position position) {
        return new Pieces(position);
    }

    /** The squares an explanation is about, framed in red. */
    public static Layer marked(Collection<Square> squares) {
        return new Marked(List.copyOf(squares));
    }

    /** File letters below and above, rank numbers left and right. */
    public static Layer coordinates() {
        return new Coordinates();
    }

    /** Energy left on squares (Particle Collision Chess): a number in a small diamond. */
    public static Layer energy(Map<Square, Integer> energy) {
        return new Energy(Map.copyOf(energy));
    }

    /** Pieces in motion (Momentum Chess): an arrow from each moving piece along the displacement it repeats. */
    public static Layer motions(Map<Square, Physics.Motion> motions) {
        return new Motions(Map.copyOf(motions), Map.of());
    }

    /**
     * Travellers (Lene Hau Chess), each with a dashed line to its destination: a traveller alone on its square
     * is drawn as a whole piece with a dashed rim, one that shares a square with other pieces small in a corner.
     *
     * @param atRest the squares whose piece at rest the pieces layer draws
     */
    public static Layer travellers(List<Physics.Traveller> travellers, java.util.Set<Square> atRest) {
        return new Travellers(List.copyOf(travellers), java.util.Set.copyOf(atRest));
    }

    /**
     * The king of the side to move when it is in check (also when mated): a red disc with a dark ring under the
     * king, darker than either square, so that it is told by lightness and by shape, not by hue alone.
     */
    public static List<Layer> check(Position position) {
        if (!position.isCheck()) {
            return List.of();
        }
        return position.kingSquare(position.sideToMove()).<List<Layer>>map(k -> List.of(new Checked(k, position.sideToMove())))
                .orElse(List.of());
    }

    /** The pieces the last turn's magnetic field pulled or pushed: an arrow from where each stood, a ring on that square. */
    public static List<Layer> field(Position position) {
        List<Aftermath.Displacement> moved = Aftermath.displacements(position);
        return moved.isEmpty() ? List.of() : List.of(new Field(moved));
    }

    /**
     * An arrow from the rim of what stands at (x1, y1), {@code rim} from its centre, to (x2, y2), where its filled head ends;
     * drawn over a light casing so that it reads on light and dark squares alike.
     */
    static void arrow(SvgWriter out, double x1, double y1, double x2, double y2, double rim, double head, String kind, String colour,
                      double width, String dash, String to) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = Math.hypot(dx, dy);
        if (len <= rim + head) {
            return;
        }
        double ux = dx / len;
        double uy = dy / len;
        double sx = x1 + ux * rim;
        double sy = y1 + uy * rim;
        double bx = x2 - ux * head;
        double by = y2 - uy * head;
        double hx = -uy * head * 0.6;
        double hy = ux * head * 0.6;
        String points = SvgWriter.format(x2) + "," + SvgWriter.format(y2) + " " + SvgWriter.format(bx + hx) + "," + SvgWriter.format(by + hy)
                + " " + SvgWriter.format(bx - hx) + "," + SvgWriter.format(by - hy);
        out.open("g", "class", "arrow " + kind, "data-to", to);
        out.empty("line", "class", "casing", "x1", sx, "y1", sy, "x2", bx, "y2", by, "stroke", WHITE_PIECE, "stroke-opacity", 0.85,
                "stroke-width", width + 2.5, "stroke-linecap", "round");
        out.empty("polygon", "class", "casing", "points", points, "fill", "none", "stroke", WHITE_PIECE, "stroke-opacity", 0.85,
                "stroke-width", 2.5, "stroke-linejoin", "round");
        out.empty("line", "x1", sx, "y1", sy, "x2", bx, "y2", by, "stroke", colour, "stroke-width", width, "stroke-dasharray", dash);
        out.empty("polygon", "points", points, "fill", colour, "stroke", "none");
        out.close("g");
    }

    /** The physics layers a position needs, none for a position without physics. */
    public static List<Layer> physics(Position position) {
        Physics physics = position.physics();
        List<Layer> layers = new ArrayList<>();
        if (!physics.energy().isEmpty()) {
            layers.add(energy(physics.energy()));
        }
        if (!physics.motions().isEmpty()) {
            Map<Square, String> who = new java.util.HashMap<>();
            physics.motions().keySet().forEach(sq -> position.pieceAt(sq).ifPresent(piece ->
                    who.put(sq, piece.side().key() + " " + PieceNames.of(piece.type()).toLowerCase(java.util.Locale.ROOT))));
            layers.add(new Motions(Map.copyOf(physics.motions()), Map.copyOf(who)));
        }
        if (!physics.travellers().isEmpty()) {
            java.util.Set<Square> atRest = new java.util.HashSet<>();
            physics.travellers().forEach(t -> position.pieceAt(t.at()).ifPresent(piece -> atRest.add(t.at())));
            layers.add(travellers(physics.travellers(), atRest));
        }
        return layers;
    }

    /**
     * The borders of Realm Chess's sixteen realms as thick lines, for the two variants whose realms do
     * not overlap; none for Free Realm (every 2x2 block is a realm) or any other game.
     */
    public static List<Layer> realms(Position position) {
        return Realms.bordersEvery(position) > 0 ? List.of(new RealmBorders()) : List.of();
    }

    /**
     * A piece's figurine in the box of side {@code size} at (x, y): its own picture for an army piece, the standard
     * one otherwise; the forward mark points the way the piece goes on the board as drawn.
     */
    static void figure(SvgWriter out, Frame frame, Piece piece, double x, double y, double size) {
        boolean white = piece.side() == Side.WHITE;
        Figures.of(piece.type().name(), piece.type().letter()).ifPresent(f ->
                out.figure(f, white, white != frame.flipped(), x, y, size));
    }

    private static String names(Collection<Square> squares) {
        return String.join(", ", squares.stream().map(Square::name).toList());
    }

    record Squares(Position position) implements Layer {
        @Override
        public Stage stage() {
            return Stage.BOARD;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "squares");
            for (Square s : frame.geometry().squares()) {
                boolean light = s.isLight();
                out.empty("rect", "class", light ? "sq light" : "sq dark", "data-square", s.name(),
                        "x", frame.x(s), "y", frame.y(s), "width", frame.square(), "height", frame.square(),
                        "fill", light ? LIGHT : DARK);
            }
            out.close("g").newline();
        }
    }

    record Moved(List<Square> squares, String turnInWords) implements Layer {
        @Override
        public Stage stage() {
            return Stage.TINT;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "moved");
            for (Square s : squares) {
                if (frame.geometry().contains(s)) {
                    out.empty("rect", "class", "tint", "data-square", s.name(), "x", frame.x(s), "y", frame.y(s),
                            "width", frame.square(), "height", frame.square(), "fill", MOVED, "fill-opacity", "0.44");
                    // The tint alone differs from the square mostly by hue: a dashed dark rim tells it by shape too.
                    out.empty("rect", "class", "rim", "x", frame.x(s) + 3, "y", frame.y(s) + 3, "width", frame.square() - 6,
                            "height", frame.square() - 6, "fill", "none", "stroke", INK, "stroke-opacity", "0.7",
                            "stroke-width", 2, "stroke-dasharray", "6 4");
                }
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            if (!turnInWords.isBlank()) {
                return Optional.of("Last turn: " + turnInWords + ".");
            }
            return squares.isEmpty() ? Optional.empty() : Optional.of("The last turn moved on " + names(squares) + ".");
        }
    }

    record Pieces(Position position) implements Layer {
        @Override
        public Stage stage() {
            return Stage.PIECES;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "pieces");
            for (Square s : frame.geometry().squares()) {
                Optional<Piece> found = position.pieceAt(s);
                if (found.isEmpty()) {
                    continue;
                }
                Piece piece = found.get();
                out.open("g", "class", "piece " + piece.side().key(), "data-square", s.name(), "data-side", piece.side().key(),
                        "data-token", SanWriter.token(position.rules(), piece.type(), piece.side()));
                figure(out, frame, piece, frame.x(s), frame.y(s), frame.square());
                out.close("g");
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            List<String> sides = new ArrayList<>();
            for (Side side : Side.values()) {
                Map<String, List<String>> byKind = new LinkedHashMap<>();
                for (PieceType type : position.rules().army(side).pieces()) {
                    byKind.put(PieceNames.of(type), new ArrayList<>());
                }
                for (Square s : position.geometry().squares()) {
                    position.pieceAt(s).filter(p -> p.side() == side)
                            .ifPresent(p -> byKind.computeIfAbsent(PieceNames.of(p.type()), k -> new ArrayList<>()).add(s.name()));
                }
                List<String> parts = new ArrayList<>();
                byKind.forEach((kind, squares) -> {
                    if (!squares.isEmpty()) {
                        parts.add(kind + " " + String.join(", ", squares));
                    }
                });
                sides.add(side.label() + ": " + (parts.isEmpty() ? "no pieces" : String.join("; ", parts)) + ".");
            }
            return Optional.of(String.join(" ", sides));
        }
    }

    record Marked(List<Square> squares) implements Layer {
        @Override
        public Stage stage() {
            return Stage.MARKS;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "marks");
            double w = 3;
            for (Square s : squares) {
                if (frame.geometry().contains(s)) {
                    // A white halo under the red frame: red alone is too close to the dark squares' lightness.
                    out.empty("rect", "class", "halo", "x", frame.x(s) + w, "y", frame.y(s) + w, "width", frame.square() - 2 * w,
                            "height", frame.square() - 2 * w, "fill", "none", "stroke", WHITE_PIECE, "stroke-width", 2 * w);
                    out.empty("rect", "class", "mark", "data-square", s.name(), "x", frame.x(s) + w / 2, "y", frame.y(s) + w / 2,
                            "width", frame.square() - w, "height", frame.square() - w, "fill", "none", "stroke", MARK, "stroke-width", w);
                }
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            return squares.isEmpty() ? Optional.empty() : Optional.of("Marked: " + names(squares) + ".");
        }
    }

    record Coordinates() implements Layer {
        @Override
        public Stage stage() {
            return Stage.LABELS;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            int files = frame.geometry().files();
            int ranks = frame.geometry().ranks();
            double half = frame.margin() / 2.0;
            out.open("g", "class", "coordinates", "font-size", 12, "font-family", "Helvetica, Arial, sans-serif",
                    "fill", COORDINATES, "text-anchor", "middle");
            for (int file = 0; file < files; file++) {
                String name = String.valueOf((char) ('a' + file));
                double x = frame.margin() + frame.column(file) * frame.square() + frame.square() / 2.0;
                out.element("text", name, "x", x, "y", half + 4);
                out.element("text", name, "x", x, "y", frame.height() - half + 4);
            }
            for (int rank = 0; rank < ranks; rank++) {
                String name = Integer.toString(rank + 1);
                double y = frame.margin() + frame.row(rank) * frame.square() + frame.square() / 2.0 + 4;
                out.element("text", name, "x", half, "y", y);
                out.element("text", name, "x", frame.width() - half, "y", y);
            }
            out.close("g").newline();
        }
    }

    record Energy(Map<Square, Integer> energy) implements Layer {
        @Override
        public Stage stage() {
            return Stage.FIELD;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "energy");
            energy.forEach((s, amount) -> {
                if (!frame.geometry().contains(s)) {
                    return;
                }
                // a diamond in the top right corner, large enough for a bold number readable at a glance, clear of the piece's head
                double x = frame.x(s) + frame.square() * 0.76;
                double y = frame.y(s) + frame.square() * 0.24;
                double d = frame.square() * 0.24;
                out.empty("polygon", "points", SvgWriter.format(x) + "," + SvgWriter.format(y - d) + " " + SvgWriter.format(x + d) + ","
                        + SvgWriter.format(y) + " " + SvgWriter.format(x) + "," + SvgWriter.format(y + d) + " " + SvgWriter.format(x - d) + ","
                        + SvgWriter.format(y), "fill", ENERGY, "stroke", WHITE_PIECE, "stroke-width", 1.5);
                out.element("text", Integer.toString(amount), "x", x, "y", y + 4.5, "text-anchor", "middle", "font-size", 13,
                        "font-family", "Helvetica, Arial, sans-serif", "font-weight", "bold", "fill", "#ffffff");
            });
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            List<String> parts = new ArrayList<>();
            energy.forEach((s, amount) -> parts.add(amount + " on " + s.name()));
            return Optional.of("Energy: " + String.join(", ", parts) + ".");
        }
    }

    /** @param who for each moving piece, what it is in words ("black pawn"), when known */
    record Motions(Map<Square, Physics.Motion> motions, Map<Square, String> who) implements Layer {
        @Override
        public Stage stage() {
            return Stage.MOTION;
        }

        /**
         * An arrow from the rim of each moving piece to the square it reaches next, with its head on that square, so
         * the reader sees the whole step and the piece stays uncovered; dashed while the piece is not yet at capturing speed.
         */
        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "motions", "stroke", MOTION, "stroke-width", 3, "fill", MOTION);
            motions.forEach((s, m) -> {
                if (!frame.geometry().contains(s)) {
                    return;
                }
                double sign = frame.flipped() ? -1 : 1;
                double dx = m.dx() * frame.square() * sign;
                double dy = -m.dy() * frame.square() * sign;
                double len = Math.hypot(dx, dy);
                if (len == 0) {
                    return;
                }
                double ux = dx / len;
                double uy = dy / len;
                double rim = frame.square() * 0.38;
                double x1 = frame.centreX(s) + ux * rim;
                double y1 = frame.centreY(s) + uy * rim;
                double tipX = frame.centreX(s) + dx;
                double tipY = frame.centreY(s) + dy;
                double head = Math.min(12, len / 3);
                double x2 = tipX - ux * head;
                double y2 = tipY - uy * head;
                out.empty("line", "x1", x1, "y1", y1, "x2", x2, "y2", y2, "stroke-dasharray", m.capturing() ? null : "6 4");
                double hx = -uy * head * 0.55;
                double hy = ux * head * 0.55;
                out.empty("polygon", "points", String.format(java.util.Locale.ROOT, "%.1f,%.1f %.1f,%.1f %.1f,%.1f",
                        tipX, tipY, x2 + hx, y2 + hy, x2 - hx, y2 - hy), "stroke", "none");
            });
            out.close("g").newline();
        }

        /** Each moving piece and where it goes next, in words: "the black pawn on e5 goes on to e3". */
        @Override
        public Optional<String> describe() {
            List<String> parts = new ArrayList<>();
            motions.entrySet().stream().sorted(Map.Entry.comparingByKey(Comparator.comparing(Square::name))).forEach(e -> {
                Square s = e.getKey();
                Physics.Motion m = e.getValue();
                int file = s.file() + m.dx();
                int rank = s.rank() + m.dy();
                String next = file >= 0 && file < Square.MAX && rank >= 0 && rank < Square.MAX
                        ? new Square(file, rank).name() : "beyond the board";
                parts.add("the " + who.getOrDefault(s, "piece") + " on " + s.name() + " goes on to " + next
                        + (m.capturing() ? ", fast enough to capture" : ""));
            });
            return Optional.of("In motion: " + String.join("; ", parts) + ".");
        }
    }

    record RealmBorders() implements Layer {
        @Override
        public Stage stage() {
            return Stage.FIELD;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "realms");
            int files = frame.geometry().files();
            int ranks = frame.geometry().ranks();
            for (int f = 2; f < files; f += 2) {
                int x = frame.margin() + f * frame.square();
                out.empty("line", "x1", x, "y1", frame.margin(), "x2", x, "y2", frame.margin() + ranks * frame.square(),
                        "stroke", INK, "stroke-width", 2, "stroke-opacity", 0.55);
            }
            for (int r = 2; r < ranks; r += 2) {
                int y = frame.margin() + r * frame.square();
                out.empty("line", "x1", frame.margin(), "y1", y, "x2", frame.margin() + files * frame.square(), "y2", y,
                        "stroke", INK, "stroke-width", 2, "stroke-opacity", 0.55);
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            return Optional.of("Thick lines part the board into its sixteen realms of 2x2 squares (a1-b2, c1-d2, …).");
        }
    }

    record Travellers(List<Physics.Traveller> travellers, java.util.Set<Square> atRest) implements Layer {
        @Override
        public Stage stage() {
            return Stage.MOTION;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "travellers");
            Map<Square, Integer> onSquare = new java.util.HashMap<>();
            for (Physics.Traveller t : travellers) {
                if (!frame.geometry().contains(t.at()) || !frame.geometry().contains(t.destination())) {
                    continue;
                }
                if (!t.isResting()) {
                    // the path from the traveller's rim to where it is bound, the head on that square
                    arrow(out, frame.centreX(t.at()), frame.centreY(t.at()), frame.centreX(t.destination()), frame.centreY(t.destination()),
                            frame.square() * 0.4, 10, "travel", MOTION, 2.5, "5 3", t.destination().name());
                }
                int i = onSquare.merge(t.at(), 1, Integer::sum) - 1;
                if (i == 0 && !atRest.contains(t.at())) {
                    // alone on its square: drawn whole, as the pieces are, a dashed ring saying it is on its way
                    out.empty("circle", "cx", frame.centreX(t.at()), "cy", frame.centreY(t.at()), "r", frame.square() * 0.47,
                            "fill", "none", "stroke", MOTION, "stroke-width", 2.5, "stroke-dasharray", "4 3");
                    out.open("g", "class", "traveller", "data-square", t.at().name());
                    figure(out, frame, t.piece(), frame.x(t.at()), frame.y(t.at()), frame.square());
                    out.close("g");
                    continue;
                }
                // sharing a square: each further piece small in a corner of its own, on a light disc with a dashed rim
                double ox = (i % 2 == 0 ? 1 : -1) * frame.square() * 0.27;
                double oy = (i / 2 % 2 == 0 ? -1 : 1) * frame.square() * 0.27;
                double cx = frame.centreX(t.at()) + ox;
                double cy = frame.centreY(t.at()) + oy;
                double r = frame.square() * 0.22;
                out.empty("circle", "cx", cx, "cy", cy, "r", r, "fill", LIGHT, "stroke", MOTION, "stroke-width", 1.5,
                        "stroke-dasharray", "3 2");
                out.open("g", "class", "traveller", "data-square", t.at().name());
                figure(out, frame, t.piece(), cx - r, cy - r, 2 * r);
                out.close("g");
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            List<String> parts = new ArrayList<>();
            for (Physics.Traveller t : travellers) {
                parts.add(t.piece().describe() + " on " + t.at().name()
                        + (t.isResting() ? " at rest, sharing the square" : " travelling to " + t.destination().name()));
            }
            return Optional.of("Travelling: " + String.join("; ", parts) + ".");
        }
    }

    record Checked(Square king, Side side) implements Layer {
        @Override
        public Stage stage() {
            return Stage.TINT;
        }

        @Override
        public void draw(SvgWriter out, Frame frame) {
            if (!frame.geometry().contains(king)) {
                return;
            }
            out.open("g", "class", "check", "data-square", king.name());
            out.empty("circle", "cx", frame.centreX(king), "cy", frame.centreY(king), "r", frame.square() * 0.47, "fill", MARK,
                    "fill-opacity", 0.85, "stroke", "#5a0000", "stroke-width", 3);
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            return Optional.of("The " + side.key() + " king on " + king.name() + " is in check.");
        }
    }

    record Field(List<Aftermath.Displacement> moved) implements Layer {
        @Override
        public Stage stage() {
            return Stage.MOTION;
        }

        /** A ring on the square each piece left, and a solid dark arrow from there to the rim of the piece where it stands now. */
        @Override
        public void draw(SvgWriter out, Frame frame) {
            out.open("g", "class", "field");
            for (Aftermath.Displacement d : moved) {
                if (!frame.geometry().contains(d.from()) || !frame.geometry().contains(d.to())) {
                    continue;
                }
                out.empty("circle", "class", "left", "data-square", d.from().name(), "cx", frame.centreX(d.from()), "cy",
                        frame.centreY(d.from()), "r", frame.square() * 0.2, "fill", "none", "stroke", FIELD, "stroke-width", 2.5);
                // the arrow starts at the ring and stops at the piece's rim, so the head is not lost under the piece
                double dx = frame.centreX(d.to()) - frame.centreX(d.from());
                double dy = frame.centreY(d.to()) - frame.centreY(d.from());
                double len = Math.hypot(dx, dy);
                double stop = frame.square() * 0.42;
                arrow(out, frame.centreX(d.from()), frame.centreY(d.from()), frame.centreX(d.from()) + dx * (len - stop) / len,
                        frame.centreY(d.from()) + dy * (len - stop) / len, frame.square() * 0.2, 9, d.isPull() ? "pulled" : "pushed",
                        FIELD, 3, d.isPull() ? null : "2 3", d.to().name());
            }
            out.close("g").newline();
        }

        @Override
        public Optional<String> describe() {
            List<String> parts = new ArrayList<>();
            for (Aftermath.Displacement d : moved) {
                parts.add("the piece on " + d.to().name() + " was " + d.verb() + " from " + d.from().name());
            }
            return Optional.of("The field: " + String.join("; ", parts) + ".");
        }
    }
}
