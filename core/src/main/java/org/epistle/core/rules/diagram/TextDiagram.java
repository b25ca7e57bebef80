package org.epistle.core.rules.diagram;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Text diagrams in the documents' style: the top rank first, '.' for an empty square, upper case
 * for White. Army pieces use their role letter, explained in a legend; a piece from the other
 * army carries a ' after its letter. Marked squares (the ones an explanation is about) are
 * bracketed, so the diagram still reads in a plain-text mail with a proportional font off.
 */
public final class TextDiagram {
    private TextDiagram() {
    }

    /** The ranks alone, top first, one character a square: the form used in JSON. */
    public static List<String> ranks(Position p) {
        Geometry g = p.geometry();
        List<String> out = new ArrayList<>();
        for (int rank = g.ranks() - 1; rank >= 0; rank--) {
            StringBuilder sb = new StringBuilder();
            for (int file = 0; file < g.files(); file++) {
                int code = p.code(g.index(file, rank));
                List<Physics.Traveller> here = travellersOn(p, new Square(file, rank));
                sb.append(code != 0 ? letter(p.rules(), code) : here.isEmpty() ? '.' : letter(p.rules(), here.get(0).piece()));
            }
            out.add(sb.toString());
        }
        return out;
    }

    public static String render(Position p) {
        return render(p, Set.of());
    }

    /** The full diagram: coordinates, marked squares, legend and the side to move. */
    public static String render(Position p, Collection<Square> marked) {
        Geometry g = p.geometry();
        Ruleset rules = p.rules();
        StringBuilder sb = new StringBuilder();
        String edge = "    +" + "-".repeat(g.files() * 3 + 1) + "+\n";
        sb.append(edge);
        for (int rank = g.ranks() - 1; rank >= 0; rank--) {
            sb.append(String.format("%3d |", rank + 1));
            for (int file = 0; file < g.files(); file++) {
                Square sq = new Square(file, rank);
                int code = p.code(g.index(file, rank));
                List<Physics.Traveller> here = travellersOn(p, sq);
                if (!here.isEmpty()) {
                    // Lene Hau: a travelling piece alone is "R~"; two pieces on one square show both letters
                    List<Character> letters = new ArrayList<>();
                    if (code != 0) letters.add(letter(rules, code));
                    here.forEach(t -> letters.add(letter(rules, t.piece())));
                    sb.append(marked.contains(sq) ? '[' : ' ').append(letters.get(0)).append(letters.size() > 1 ? letters.get(1) : '~');
                    continue;
                }
                char c = code == 0 ? energyMark(p, sq) : letter(rules, code);
                boolean foreign = code != 0 && isForeign(rules, code);
                if (marked.contains(sq)) {
                    sb.append('[').append(c).append(foreign ? "'" : "]");
                } else {
                    sb.append(' ').append(c).append(foreign ? '\'' : ' ');
                }
            }
            sb.append(" |\n");
        }
        sb.append(edge);
        sb.append("     ");
        for (int file = 0; file < g.files(); file++) {
            sb.append(' ').append((char) ('a' + file)).append(' ');
        }
        sb.append('\n');
        for (String line : legend(p)) {
            sb.append(line).append('\n');
        }
        if (!p.physics().travellers().isEmpty()) {
            sb.append("R~ = a piece travelling (listed below); two letters = two pieces on one square\n");
        }
        for (Rule rule : p.rules().variant().physics()) {
            Rule.Report report = rule.describe(p);
            if (!report.isEmpty()) {
                sb.append(report.heading()).append(":\n");
                report.lines().forEach(line -> sb.append("  ").append(line).append('\n'));
            }
        }
        if (p.outcome().isPresent()) {
            sb.append("Game over: ").append(p.outcome().get().result().notation()).append(" (")
                    .append(p.outcome().get().termination().text()).append(").\n");
        } else {
            sb.append(p.sideToMove().label()).append(" to move, turn ").append(p.turnNumber())
                    .append(p.isCheck() ? " (in check)" : "").append(".\n");
        }
        return sb.toString();
    }

    /** One line per side that plays an army, and one for pieces from the other army. */
    public static List<String> legend(Position p) {
        Ruleset rules = p.rules();
        List<String> lines = new ArrayList<>();
        for (Side side : Side.values()) {
            if (!rules.army(side).isFide()) {
                List<String> parts = new ArrayList<>();
                for (PieceType t : List.of(rules.army(side).rook(), rules.army(side).knight(), rules.army(side).bishop(), rules.army(side).queen())) {
                    char c = side == Side.WHITE ? t.letter() : Character.toLowerCase(t.letter());
                    parts.add(c + " = " + t.name() + " (" + t.betza() + ")");
                }
                lines.add(side.label() + " (" + rules.army(side).name() + "): " + String.join(", ", parts));
            }
        }
        Map<String, String> foreign = new LinkedHashMap<>();
        for (int sq = 0; sq < p.geometry().size(); sq++) {
            int code = p.code(sq);
            if (code != 0 && isForeign(rules, code)) {
                foreign.put(letter(rules, code) + "'", PieceNames.of(rules, code));
            }
        }
        foreign.forEach((k, v) -> lines.add(k + " = " + v + " (promoted into the other army's piece)"));
        return lines;
    }

    /**
     * An empty square shows the energy lying on it as the documents do ("1"), '*' when it is more
     * than 9 (the rule's report under the board gives every amount); '.' when it holds none.
     */
    private static char energyMark(Position p, Square sq) {
        int e = p.physics().energy().getOrDefault(sq, 0);
        return e == 0 ? '.' : e <= 9 ? (char) ('0' + e) : '*';
    }

    private static List<Physics.Traveller> travellersOn(Position p, Square sq) {
        if (p.physics().travellers().isEmpty()) {
            return List.of();
        }
        return p.physics().travellers().stream().filter(t -> t.at().equals(sq)).toList();
    }

    private static char letter(Ruleset rules, org.epistle.core.rules.board.Piece piece) {
        char c = piece.type().letter();
        return piece.side() == Side.WHITE ? c : Character.toLowerCase(c);
    }

    private static char letter(Ruleset rules, int code) {
        char c = rules.pieceOf(code).letter();
        return Ruleset.sideOf(code) == Side.WHITE ? c : Character.toLowerCase(c);
    }

    private static boolean isForeign(Ruleset rules, int code) {
        Side side = Ruleset.sideOf(code);
        PieceType type = rules.pieceOf(code);
        return !rules.army(side).piece(type.role()).isSamePieceAs(type);
    }
}
