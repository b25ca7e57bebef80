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
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.TurnRule;
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
 * <p>In a variant whose rule reads turns itself (Momentum Chess) the entries are written the way
 * its records are ({@code (HFD)f1-e2}), each piece in motion also offers where its momentum takes
 * it, and a turn has room for one event per piece in motion plus the one start or stop. In Lene Hau
 * Chess the rule itself offers the moves of the pieces at rest, in its records' long algebraic.
 */
final class ClickMoves {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ClickMoves() {
    }

    /** How many clicks make up a turn: the schedule's moves, or in Momentum Chess one per piece in motion and one more. */
    static int perTurn(Position position, int movesBySchedule) {
        Optional<TurnRule> own = position.rules().variant().physics(TurnRule.class);
        if (own.isEmpty() || position.rules().variant().physics(LeneHau.class).isPresent()) {
            return movesBySchedule; // Lene Hau's travellers go on by themselves and are never written
        }
        Optional<TurnRule.Request> asked = own.get().request(position);
        if (asked.isPresent()) {
            return asked.get().moves(); // Quest-Chess: the moves left in the turn, or one for an answer
        }
        return 1 + (int) position.physics().motions().keySet().stream()
                .filter(sq -> position.pieceAt(sq).map(p -> p.side() == position.sideToMove()).orElse(false)).count();
    }

    static String json(Position position) {
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
            return asJson(out);
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
        return asJson(out);
    }

    private static String asJson(List<List<String>> out) {
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
