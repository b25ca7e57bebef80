package org.epistle.core.rules.physics.momentum;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Position;

/**
 * Test helper: every turn a side could write in a position, found by brute force through the
 * referee (each piece in motion written moving on or stopped, in every order, with or without one
 * start anywhere in the sequence). Slow and simple on purpose: it checks the fast searches.
 */
final class TurnsOf {
    private TurnsOf() {
    }

    static List<Verdict.Accepted> all(Position p) {
        List<String> continuations = new ArrayList<>();
        List<String> stops = new ArrayList<>();
        p.physics().motions().forEach((sq, m) -> {
            if (p.pieceAt(sq).map(pc -> pc.side() == p.sideToMove()).orElse(false)) {
                Square to = new Square(sq.file() + m.dx(), sq.rank() + m.dy());
                continuations.add(sq.name() + (m.capturing() ? ":" : "-") + (p.geometry().contains(to) ? to.name() : "z9"));
                stops.add(sq.name() + "-" + sq.name());
            }
        });
        List<String> actions = new ArrayList<>();
        actions.add(null);
        actions.addAll(stops);
        for (Move m : p.legalMoves()) {
            actions.add(SanWriter.betzaForm(p, m));
        }
        Set<String> texts = new LinkedHashSet<>();
        for (List<String> order : permutations(continuations)) {
            for (int keep = 0; keep < (1 << order.size()); keep++) {
                List<String> events = new ArrayList<>();
                for (int i = 0; i < order.size(); i++) {
                    if ((keep & 1 << i) != 0) {
                        events.add(order.get(i));
                    }
                }
                for (String action : actions) {
                    for (int at = 0; at <= events.size(); at++) {
                        List<String> turn = new ArrayList<>(events);
                        if (action != null) {
                            turn.add(at, action);
                        } else if (at > 0) {
                            break;
                        }
                        if (!turn.isEmpty()) {
                            texts.add(String.join(", ", turn));
                        }
                    }
                }
            }
        }
        List<Verdict.Accepted> out = new ArrayList<>();
        for (String t : texts) {
            if (Referee.judge(p, t) instanceof Verdict.Accepted a) {
                out.add(a);
            }
        }
        return out;
    }

    private static List<List<String>> permutations(List<String> items) {
        if (items.isEmpty()) {
            return List.of(List.of());
        }
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            List<String> rest = new ArrayList<>(items);
            String first = rest.remove(i);
            for (List<String> tail : permutations(rest)) {
                List<String> l = new ArrayList<>();
                l.add(first);
                l.addAll(tail);
                out.add(l);
            }
        }
        return out;
    }
}
