package org.epistle.web.pages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;

/**
 * The legal first moves of the position for the click-to-move board, as JSON the script reads from
 * a {@code data-} attribute: {@code [["e2","e4","e4"], ["g1","f3","Nf3"], …]}, from, to and the move
 * in SAN. A castling can be clicked king to its destination or king to its corner piece; of
 * several promotions on one square the queen's comes first. Later moves of a multi-move turn depend
 * on the first, so the script writes those in long algebraic and the referee judges them.
 */
final class ClickMoves {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ClickMoves() {
    }

    static String json(Position position) {
        List<List<String>> out = new ArrayList<>();
        Geometry g = position.geometry();
        List<Move> moves = new ArrayList<>(position.legalMoves());
        moves.sort(Comparator.comparing((Move m) -> m.promotion().map(p -> p.role().ordinal()).orElse(-1)));
        Map<String, Boolean> seen = new LinkedHashMap<>();
        for (Move m : moves) {
            String san = SanWriter.write(position, m);
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
