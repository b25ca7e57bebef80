package org.epistle.web.pages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.momentum.Momentum;
import org.epistle.core.rules.physics.travel.LeneHau;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;

/**
 * The legal first moves of the position for the click-to-move board, as JSON the script reads from
 * a {@code data-} attribute: {@code [["e2","e4","e4"], ["g1","f3","Nf3"], …]}, from, to and the move
 * in SAN. A castling can be clicked king to its destination or king to its corner piece; of
 * several promotions on one square the queen's comes first. Later moves of a multi-move turn depend
 * on the first, so the script writes those in long algebraic and the referee judges them.
 *
 * <p>In a turn of two or more moves in a variant without physics (Marseillais and its kin) each
 * first move carries a fourth element, the moves that may follow it, written as the referee writes
 * them in the position after it, so that {@code e4/d4} is clicked as it is written.
 *
 * <p>In Momentum Chess a click pair picks the turn's one event (a start, the stop of a piece in
 * motion, written {@code (HFD)e2-e2} and clicked as the piece's own square twice, or a piece in
 * motion's continuation alone), and the entry is the whole turn the referee accepts with it: the
 * pieces in motion that go on are written too, in the records' order. A turn the referee would
 * refuse is not offered. In Lene Hau Chess the rule itself offers the moves of the pieces at rest,
 * in its records' long algebraic.
 */
final class ClickMoves {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ClickMoves() {
    }

    /** How many click pairs make up a turn: the schedule's moves, or in Momentum Chess one (each entry is a whole turn). */
    static int perTurn(Position position, int movesBySchedule) {
        if (wholeTurns(position)) {
            return 1;
        }
        Optional<TurnRule> own = position.rules().variant().physics(TurnRule.class);
        if (own.isEmpty() || position.rules().variant().physics(LeneHau.class).isPresent()) {
            return movesBySchedule; // Lene Hau's travellers go on by themselves and are never written
        }
        Optional<TurnRule.Request> asked = own.get().request(position);
        if (asked.isPresent()) {
            return asked.get().moves(); // Quest-Chess: the moves left in the turn, or one for an answer
        }
        return 1; // Realm Chess: one action a turn
    }

    /** Whether each entry is a whole turn (Momentum Chess), so that one click pair fills the box. */
    static boolean wholeTurns(Position position) {
        return position.rules().variant().physics(Momentum.class).isPresent();
    }

    static String json(Position position) {
        if (wholeTurns(position)) {
            return asJson(momentumTurns(position));
        }
        if (position.movesThisTurn() >= 2 && position.rules().variant().physics().isEmpty()) {
            return asJson(withFollowers(position));
        }
        return asJson(firstMoves(position));
    }

    private static List<List<String>> firstMoves(Position position) {
        List<List<String>> out = new ArrayList<>();
        Geometry g = position.geometry();
        boolean events = position.rules().variant().physics(TurnRule.class).isPresent();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        if (events) {
            position.physics().motions().forEach((sq, motion) -> {
                Optional<Piece> piece = position.pieceAt(sq);
                int file = sq.file() + motion.dx();
                int rank = sq.rank() + motion.dy();
                if (piece.isPresent() && piece.get().side() == position.sideToMove() && g.contains(file, rank)) {
                    Square next = new Square(file, rank);
                    add(out, seen, sq.name(), next.name(),
                            SanWriter.betzaLabel(piece.get().type()) + sq.name() + (motion.capturing() ? ":" : "-") + next.name());
                }
            });
        }
        Optional<LeneHau> travel = position.rules().variant().physics(LeneHau.class);
        if (travel.isPresent()) {
            // Lene Hau: the rule knows which pieces are at rest and what the travellers block
            for (LeneHau.Choice c : travel.get().choices(position, List.of())) {
                add(out, seen, c.from().name(), c.to().name(), c.written());
            }
            return out;
        }
        List<Move> moves = new ArrayList<>(position.legalMoves());
        moves.sort(Comparator.comparing((Move m) -> m.promotion().map(p -> p.role().ordinal()).orElse(-1)));
        for (Move m : moves) {
            String san = events ? SanWriter.betzaForm(position, m) : SanWriter.write(position, m);
            if (m.isCastling()) {
                for (Castling c : position.rules().castlings()) {
                    if (c.side() == position.sideToMove() && c.notation().equals(san)) {
                        add(out, seen, g.name(c.kingFrom()), g.name(c.kingTo()), san);
                        add(out, seen, g.name(c.kingFrom()), g.name(c.rookFrom()), san);
                    }
                }
            } else {
                add(out, seen, m.from().name(), m.to().name(), san);
            }
        }
        return out;
    }

    /**
     * The first moves, each with the second moves that may follow it in the same turn, written as the
     * referee writes them in the position after the first (plain multi-move variants only: without
     * physics, the position after a move is the board with the move made).
     */
    private static List<List<Object>> withFollowers(Position position) {
        List<List<Object>> out = new ArrayList<>();
        for (List<String> first : firstMoves(position)) {
            Optional<Move> move = position.legalMoves().stream()
                    .filter(m -> firstMatches(position, m, first)).findFirst();
            List<Object> entry = new ArrayList<>(first);
            move.ifPresent(m -> entry.add(firstMoves(position.play(m)).stream()
                    .map(next -> List.of(next.get(0), next.get(1),
                            position.rules().variant().notation().promotionStyled(next.get(2))))
                    .toList()));
            out.add(entry);
        }
        return out;
    }

    private static boolean firstMatches(Position position, Move m, List<String> entry) {
        return SanWriter.write(position, m).equals(entry.get(2));
    }

    /**
     * Momentum Chess: every whole turn with one event of the player's choosing, as the referee writes
     * it. The pieces in motion that can go on are written going on; one whose continuation the
     * referee refuses stops by itself, which the records leave unwritten.
     */
    private static List<List<String>> momentumTurns(Position position) {
        Geometry g = position.geometry();
        String joiner = position.rules().variant().notation().joiner();
        Map<Square, String> goingOn = new LinkedHashMap<>();
        Map<Square, Square> nextOf = new LinkedHashMap<>();
        position.physics().motions().forEach((sq, motion) -> {
            Optional<Piece> piece = position.pieceAt(sq);
            int file = sq.file() + motion.dx();
            int rank = sq.rank() + motion.dy();
            if (piece.isPresent() && piece.get().side() == position.sideToMove() && g.contains(file, rank)) {
                Square next = new Square(file, rank);
                goingOn.put(sq, SanWriter.betzaLabel(piece.get().type()) + sq.name() + (motion.capturing() ? ":" : "-") + next.name());
                nextOf.put(sq, next);
            }
        });
        // a continuation the referee refuses is one the piece cannot make: it stops by itself
        for (int tries = goingOn.size(); tries > 0; tries--) {
            Verdict v = Referee.judge(position, String.join(joiner, goingOn.values()));
            if (!(v instanceof Verdict.Rejected r) || r.why().moveIndex() < 0 || r.why().moveIndex() >= goingOn.size()) {
                break;
            }
            Square refused = new ArrayList<>(goingOn.keySet()).get(r.why().moveIndex());
            goingOn.remove(refused);
            nextOf.remove(refused);
        }
        List<List<String>> out = new ArrayList<>();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        nextOf.forEach((sq, next) -> accepted(position, List.copyOf(goingOn.values()))
                .ifPresent(turn -> add(out, seen, sq.name(), next.name(), turn)));
        position.physics().motions().keySet().stream()
                .filter(sq -> position.pieceAt(sq).map(p -> p.side() == position.sideToMove()).orElse(false))
                .forEach(sq -> {
                    String stop = SanWriter.betzaLabel(position.pieceAt(sq).orElseThrow().type()) + sq.name() + "-" + sq.name();
                    List<String> others = new ArrayList<>(goingOn.values());
                    others.remove(goingOn.get(sq));
                    firstAccepted(position, with(others, stop), with(List.of(stop), others))
                            .ifPresent(turn -> add(out, seen, sq.name(), sq.name(), turn));
                });
        for (Move m : position.legalMoves()) {
            if (goingOn.containsKey(m.from())) {
                continue; // a piece going on is stopped or goes on; only one that stopped by itself may start afresh
            }
            String start = SanWriter.betzaForm(position, m);
            List<String> before = new ArrayList<>(goingOn.values());
            firstAccepted(position, with(before, start), with(List.of(start), before))
                    .ifPresent(turn -> add(out, seen, m.from().name(), m.to().name(), turn));
        }
        return out;
    }

    private static List<String> with(List<String> head, String last) {
        List<String> all = new ArrayList<>(head);
        all.add(last);
        return all;
    }

    private static List<String> with(List<String> head, List<String> rest) {
        List<String> all = new ArrayList<>(head);
        all.addAll(rest);
        return all;
    }

    @SafeVarargs
    private static Optional<String> firstAccepted(Position position, List<String>... orders) {
        for (List<String> order : orders) {
            Optional<String> turn = accepted(position, order);
            if (turn.isPresent()) {
                return turn;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> accepted(Position position, List<String> events) {
        if (events.isEmpty()) {
            return Optional.empty();
        }
        Verdict v = Referee.judge(position, String.join(position.rules().variant().notation().joiner(), events));
        return v instanceof Verdict.Accepted a ? Optional.of(a.notation()) : Optional.empty();
    }

    /**
     * What stands on each occupied square, in words ({@code {"e2": "white pawn", …}}), so that the
     * board worked by keyboard can say what a square holds without reading the drawing.
     */
    static String pieces(Position position) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Square s : position.geometry().squares()) {
            position.pieceAt(s).ifPresent(p -> out.put(s.name(),
                    p.side().label().toLowerCase(java.util.Locale.ROOT) + " " + org.epistle.core.rules.judge.PieceNames.of(p.type())));
        }
        return asJson(out);
    }

    private static String asJson(Object out) {
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always writes as JSON", e);
        }
    }

    private static void add(List<List<String>> out, Map<String, Boolean> seen, String from, String to, String san) {
        if (seen.putIfAbsent(from + to, true) == null) {
            out.add(List.of(from, to, san));
        }
    }
}
