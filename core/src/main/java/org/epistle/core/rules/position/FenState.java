package org.epistle.core.rules.position;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TurnLog;

/**
 * The FEN's seventh field: what a position holds beyond the six fields of chess, so that a stored
 * FEN rebuilds the position whole (the game page replays the last turn from the FEN before it;
 * {@code --fen} starts any position). Sections, each present only when it holds something and joined
 * by {@code ;}:
 * <ul>
 * <li>{@code motion:e4:0:2,f4:1:-2:x} pieces in motion (Momentum Chess): square, the displacement it
 * repeats, {@code x} for a capturing momentum;</li>
 * <li>{@code travel:Rg2:g1>g7,Qh7} Lene Hau's travellers in their order (the piece, where it stands, from
 * where to where it goes) and second pieces at rest on a square another piece holds (piece and square);</li>
 * <li>{@code energy:d4:3,c5:1} energy lying on squares (Particle Collision Chess);</li>
 * <li>{@code note:magnetism.next=RAAR} one of the small values a rule carries from move to move, a
 * section each (a value may hold commas and {@code =}, not spaces or {@code ;}); a seed the server draws
 * at random with is its secret and is never written, so a FEN of such a game does not foretell its draws;</li>
 * <li>{@code log:2,2,c,1234,P,1,0,f0f0,3} what the multi-move schedules and turn rules remember of the
 * turn before (moves allowed and played, whether it gave check {@code c} and captured {@code x},
 * its last move packed and the man that made it, the checks each side has given, where the
 * king's-side men stand as a hexadecimal square mask, or {@code -} while they are still told by
 * their files, and how many turns in a row had neither a capture nor a pawn move).</li>
 * </ul>
 * FIDE FENs have no seventh field; the log is written only for the variants whose rules read it.
 */
final class FenState {
    static final String MOTION = "motion:";
    static final String ENERGY = "energy:";
    static final String NOTE = "note:";
    static final String LOG = "log:";
    static final String TRAVEL = "travel:";

    private FenState() {
    }

    /** What the seventh field says, read against the pieces already placed. */
    record Read(Physics physics, TurnLog log) {
    }

    static Read read(Ruleset rules, int[] cells, String field, org.epistle.core.rules.board.Side toMove) {
        Geometry g = rules.geometry();
        Map<Square, Physics.Motion> motions = Map.of();
        List<Physics.Traveller> travellers = List.of();
        Map<Square, Integer> energy = Map.of();
        Map<String, String> notes = Map.of();
        TurnLog log = TurnLog.START;
        List<String> seen = new ArrayList<>();
        for (String section : field.split(";")) {
            String name = section.indexOf(':') < 0 ? section : section.substring(0, section.indexOf(':') + 1);
            if (seen.contains(name) && !name.equals(NOTE)) {
                throw new FenException("The seventh field gives '" + name + "' twice.");
            }
            seen.add(name);
            String body = section.substring(name.length());
            switch (name) {
                case MOTION -> motions = motions(g, cells, body);
                case TRAVEL -> travellers = travellers(rules, body);
                case ENERGY -> energy = energy(g, body);
                case NOTE -> notes = withNote(notes, body);
                case LOG -> log = log(rules, body);
                default -> throw new FenException("The seventh field holds sections " + MOTION + ", " + TRAVEL + ", " + ENERGY
                        + ", " + NOTE + " and " + LOG + " joined by ';', not '" + section + "'.");
            }
        }
        for (var rule : rules.variant().physics()) {
            String note = rule instanceof org.epistle.core.rules.physics.NotedInFen ? notes.get(rule.name()) : null;
            if (note != null) {
                try {
                    ((org.epistle.core.rules.physics.NotedInFen) rule).checkNote(note, toMove);
                } catch (IllegalArgumentException e) {
                    throw new FenException("The note " + rule.name() + " cannot be read: " + e.getMessage() + ".");
                }
            }
        }
        return new Read(new Physics(motions, travellers, energy, notes, List.of()), log);
    }

    /** The seventh field of a position, or empty when it holds nothing beyond chess. */
    static Optional<String> write(Position p) {
        List<String> sections = new ArrayList<>();
        Physics physics = p.physics();
        if (!physics.motions().isEmpty()) {
            List<String> moving = new ArrayList<>();
            bySquare(physics.motions()).forEach((sq, m) -> moving.add(sq + ":" + m.dx() + ":" + m.dy() + (m.capturing() ? ":x" : "")));
            sections.add(MOTION + String.join(",", moving));
        }
        if (!physics.travellers().isEmpty()) {
            List<String> travelling = new ArrayList<>();
            for (Physics.Traveller t : physics.travellers()) {
                String piece = Fen.token(p.rules(), Ruleset.code(p.rules().typeIdOf(t.piece().type()).orElseThrow(), t.piece().side()));
                travelling.add(piece + t.at().name() + (t.isResting() ? "" : ":" + t.origin().name() + ">" + t.destination().name()));
            }
            sections.add(TRAVEL + String.join(",", travelling));
        }
        if (!physics.energy().isEmpty()) {
            List<String> charged = new ArrayList<>();
            bySquare(physics.energy()).forEach((sq, e) -> charged.add(sq + ":" + e));
            sections.add(ENERGY + String.join(",", charged));
        }
        java.util.Set<String> secret = new java.util.HashSet<>();
        p.rules().variant().physics().forEach(r -> {
            if (r instanceof org.epistle.core.rules.physics.Seeded s) {
                secret.add(s.secretNote());
            }
        });
        new TreeMap<>(physics.notes()).forEach((k, v) -> {
            if (!secret.contains(k)) {
                sections.add(NOTE + k + "=" + v);
            }
        });
        TurnLog log = p.turnLog();
        if (p.rules().variant().remembersPlay() && !log.equals(TurnLog.START)) {
            sections.add(LOG + log(p.rules(), log));
        }
        return sections.isEmpty() ? Optional.empty() : Optional.of(String.join(";", sections));
    }

    private static <V> Map<String, V> bySquare(Map<Square, V> bySquare) {
        Map<String, V> out = new TreeMap<>(Comparator.naturalOrder());
        bySquare.forEach((sq, v) -> out.put(sq.name(), v));
        return out;
    }

    private static Map<Square, Physics.Motion> motions(Geometry g, int[] cells, String body) {
        Map<Square, Physics.Motion> out = new HashMap<>();
        for (String entry : body.split(",")) {
            String[] parts = entry.split(":");
            Optional<Square> square = Square.parse(parts[0]).filter(g::contains);
            if (parts.length < 3 || parts.length > 4 || square.isEmpty() || (parts.length == 4 && !parts[3].equals("x"))) {
                throw new FenException("A piece in motion is written square:dx:dy, with :x when it captures, not '" + entry + "'.");
            }
            if (cells[g.index(square.get())] == 0) {
                throw new FenException("There is no piece on " + square.get().name() + " to be in motion.");
            }
            out.put(square.get(), new Physics.Motion(number(parts[1], "displacement"), number(parts[2], "displacement"),
                    parts.length == 4));
        }
        return out;
    }

    /** Travellers in the order written: {@code Rg3:g1>g7} (piece, where it stands, from where to where), {@code Qh7} at rest. */
    private static List<Physics.Traveller> travellers(Ruleset rules, String body) {
        Geometry g = rules.geometry();
        List<Physics.Traveller> out = new ArrayList<>();
        for (String entry : body.split(",")) {
            String problem = "A traveller is written as the piece, its square and from>to (Rg3:g1>g7), or the piece and its square "
                    + "for a second piece at rest (Qh7), not '" + entry + "'.";
            int end = entry.isEmpty() ? -1 : entry.charAt(0) == '(' ? entry.indexOf(')') : entry.charAt(0) == '[' ? entry.indexOf(']') : 0;
            if (end < 0) {
                throw new FenException(problem);
            }
            int code;
            try {
                code = Fen.pieceCode(rules, entry.substring(0, end + 1));
            } catch (FenException e) {
                throw new FenException(problem);
            }
            List<Square> squares = new ArrayList<>();
            for (String part : entry.substring(end + 1).split("[:>]")) {
                squares.add(Square.parse(part).filter(g::contains).orElseThrow(() -> new FenException(problem)));
            }
            if (squares.size() != 1 && squares.size() != 3) {
                throw new FenException(problem);
            }
            var piece = new org.epistle.core.rules.board.Piece(rules.pieceOf(code), Ruleset.sideOf(code));
            out.add(squares.size() == 1 ? new Physics.Traveller(piece, squares.get(0), squares.get(0), squares.get(0))
                    : new Physics.Traveller(piece, squares.get(1), squares.get(0), squares.get(2)));
        }
        return out;
    }

    private static Map<Square, Integer> energy(Geometry g, String body) {
        Map<Square, Integer> out = new HashMap<>();
        for (String entry : body.split(",")) {
            String[] parts = entry.split(":");
            Optional<Square> square = parts.length == 2 ? Square.parse(parts[0]).filter(g::contains) : Optional.empty();
            if (square.isEmpty()) {
                throw new FenException("Energy on a square is written square:amount, not '" + entry + "'.");
            }
            int amount = number(parts[1], "energy");
            if (amount <= 0) {
                throw new FenException("The energy on " + square.get().name() + " must be above 0, not " + amount + ".");
            }
            out.put(square.get(), amount);
        }
        return out;
    }

    private static Map<String, String> withNote(Map<String, String> notes, String body) {
        int eq = body.indexOf('=');
        if (eq <= 0 || eq == body.length() - 1) {
            throw new FenException("A rule's note is written note:key=value, not '" + body + "'.");
        }
        String key = body.substring(0, eq);
        if (notes.containsKey(key)) {
            throw new FenException("The note '" + key + "' is given twice.");
        }
        Map<String, String> out = new HashMap<>(notes);
        out.put(key, body.substring(eq + 1));
        return out;
    }

    private static String log(Ruleset rules, TurnLog log) {
        String flags = (log.lastGaveCheck() ? "c" : "") + (log.lastCaptured() ? "x" : "");
        return log.lastAllowed() + "," + log.lastPlayed() + "," + (flags.isEmpty() ? "-" : flags) + "," + log.lastMove() + ","
                + (log.lastMover() == 0 ? "-" : Fen.token(rules, log.lastMover())) + "," + log.whiteChecks() + ","
                + log.blackChecks() + "," + (log.menTracked() ? Long.toHexString(log.kingsSideMen()) : "-") + "," + log.quietTurns();
    }

    private static TurnLog log(Ruleset rules, String body) {
        String[] f = body.split(",");
        if (f.length != 9 || !f[2].matches("-|c|x|cx")) {
            throw new FenException("The turn log is written allowed,played,flags,move,man,white checks,black checks,men,quiet turns, not '"
                    + body + "'.");
        }
        int mover = f[4].equals("-") ? 0 : Fen.pieceCode(rules, f[4]);
        long men = 0L;
        if (!f[7].equals("-")) {
            try {
                men = Long.parseUnsignedLong(f[7], 16);
            } catch (NumberFormatException e) {
                throw new FenException("The king's-side men are a hexadecimal square mask, not '" + f[7] + "'.");
            }
        }
        return new TurnLog(number(f[0], "moves allowed"), number(f[1], "moves played"), f[2].contains("c"), f[2].contains("x"),
                number(f[3], "last move"), mover, number(f[5], "checks"), number(f[6], "checks"), men, !f[7].equals("-"),
                number(f[8], "quiet turns"));
    }

    private static int number(String s, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new FenException("The " + what + " must be a number, not '" + s + "'.");
        }
    }
}
