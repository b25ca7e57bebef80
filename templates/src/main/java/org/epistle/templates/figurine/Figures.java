package org.epistle.templates.figurine;

import static org.epistle.templates.figurine.Figure.Mark.COLOURBOUND;
import static org.epistle.templates.figurine.Figure.Mark.FORWARD;
import static org.epistle.templates.figurine.PieceDrawings.Kind.BISHOP;
import static org.epistle.templates.figurine.PieceDrawings.Kind.KING;
import static org.epistle.templates.figurine.PieceDrawings.Kind.KNIGHT;
import static org.epistle.templates.figurine.PieceDrawings.Kind.PAWN;
import static org.epistle.templates.figurine.PieceDrawings.Kind.QUEEN;
import static org.epistle.templates.figurine.PieceDrawings.Kind.ROOK;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.epistle.templates.figurine.Figure.Mark;
import org.epistle.templates.figurine.Figure.Part;
import org.epistle.templates.figurine.PieceDrawings.Kind;

/**
 * The picture of every piece, keyed by the piece's name: the six standard pieces whole, and each
 * Different Armies piece composed from them. The head shows the main way the piece moves, the body
 * what it adds (a Chancellor is a knight's head on a rook's body); a smaller figure is a short-range
 * piece; {@link Mark#FORWARD} says that some moves go forward only, {@link Mark#COLOURBOUND} that
 * the piece keeps to one colour. A new army needs one line a piece below.
 */
public final class Figures {
    /** Where a head and a body meet, in box units from the top: under a knight's jaw, over a rook's base. */
    private static final double NECK = 25;

    private static final Map<String, Figure> BY_NAME = new LinkedHashMap<>();

    static {
        whole("King", KING);
        whole("Queen", QUEEN);
        whole("Rook", ROOK);
        whole("Bishop", BISHOP);
        whole("Knight", KNIGHT);
        whole("Pawn", PAWN);
        // Colorbound Clobberers
        line("Bede", BISHOP, ROOK, 1, COLOURBOUND);
        line("Waffle", ROOK, BISHOP, 0.82);
        line("FAD", BISHOP, KING, 0.82, COLOURBOUND);
        line("Cardinal", KNIGHT, BISHOP, 1);
        // Nutty Knights
        line("Charging Rook", ROOK, KING, 1, FORWARD);
        line("Fibnif", KNIGHT, PAWN, 0.82);
        line("Charging Knight", KNIGHT, KING, 1, FORWARD);
        line("Colonel", KNIGHT, ROOK, 1, FORWARD);
        // Remarkable Rookies
        line("Short Rook", ROOK, ROOK, 0.78);
        line("Woody Rook", ROOK, QUEEN, 0.82);
        line("Half-Duck", BISHOP, ROOK, 0.82);
        line("Chancellor", KNIGHT, ROOK, 1);
        // Forward FIDEs (the Charging Rook is the Nutty Knights' one)
        line("Knishop", KNIGHT, BISHOP, 1, FORWARD);
        line("Bishight", BISHOP, KNIGHT, 1, FORWARD);
        line("Forequeen", QUEEN, KNIGHT, 1, FORWARD);
    }

    private Figures() {
    }

    private static void whole(String name, Kind kind) {
        add(new Figure(name, List.of(new Part(kind, 0, Figure.BOX, 1)), Set.of()));
    }

    /** A head of one piece on the body of another (the same twice: the piece whole), shrunk by {@code scale}. */
    private static void line(String name, Kind head, Kind body, double scale, Mark... marks) {
        List<Part> parts = new ArrayList<>();
        if (head == body) {
            parts.add(new Part(head, 0, Figure.BOX, scale));
        } else {
            // the cut is measured on the figure, so it moves down with a shrunk figure's neck
            double neck = Figure.BOX - (Figure.BOX - NECK) * scale - (1 - scale) * 6;
            parts.add(new Part(body, neck, Figure.BOX, scale));
            parts.add(new Part(head, 0, neck, scale));
        }
        add(new Figure(name, parts, Set.of(marks)));
    }

    private static void add(Figure figure) {
        if (BY_NAME.putIfAbsent(key(figure.name()), figure) != null) {
            throw new IllegalStateException("two pictures for " + figure.name());
        }
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** The picture of the piece with this name, if it has one of its own. */
    public static Optional<Figure> named(String name) {
        return Optional.ofNullable(BY_NAME.get(key(name)));
    }

    /**
     * The picture for a piece: its own by name, else the standard piece of its diagram letter
     * ({@code K Q R B N P}, either case), else none.
     */
    public static Optional<Figure> of(String name, char letter) {
        Optional<Figure> own = name == null ? Optional.empty() : named(name);
        if (own.isPresent()) {
            return own;
        }
        Kind kind = Kind.ofLetter(letter);
        return kind == null ? Optional.empty() : named(switch (kind) {
            case KING -> "King";
            case QUEEN -> "Queen";
            case ROOK -> "Rook";
            case BISHOP -> "Bishop";
            case KNIGHT -> "Knight";
            case PAWN -> "Pawn";
        });
    }

    /** Every piece with a picture, by name, in the order above. */
    public static List<String> names() {
        return BY_NAME.values().stream().map(Figure::name).toList();
    }
}
