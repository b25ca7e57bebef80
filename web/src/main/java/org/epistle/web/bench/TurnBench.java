package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.MoveReader;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;

/**
 * How long the referee takes to judge one turn, check and the end of the game included, where that
 * is more than a move lookup: Momentum Chess turns with many pieces in motion (the check of rule 8
 * is a search over orders of events). Prints p50, p99 and the worst of many judgements.
 */
public final class TurnBench {
    private TurnBench() {
    }

    public static void run(PrintWriter out, int rounds) {
        out.printf("%-64s %8s %8s %8s %8s%n", "judging a turn", "turns", "p50 ms", "p99 ms", "max ms");
        Ruleset rules = Ruleset.of(VariantCatalog.MOMENTUM, Armies.REMARKABLE_ROOKIES, Armies.NUTTY_KNIGHTS);
        // Six white pawns and six black pawns in motion; White resolves all six and starts a knight, and the
        // check after it searches Black's orders of forced momentum and White's next turn.
        Position busy = withMotions(Fen.read(rules, "r1bqkb1r/8/pppppppp/8/8/PPPPPPPP/8/R1BQKB1R w - - 0 1"),
                List.of("a3", "b3", "c3", "f3", "g3", "h3"), 1, List.of("a6", "b6", "c6", "d6", "e6", "f6"), -1);
        List<MoveText> sixAndOne = MoveReader.turn("a3-a4, b3-b4, c3-c4, f3-f4, g3-g4, h3-h4, (RN)d1-d2");
        measure(out, "momentum: six pieces in motion each side, six resolved + a start", rounds,
                () -> Referee.judge(busy, sixAndOne));
        Position pinned = withMotions(Fen.read(rules, "r1bqkb1r/8/pppppppp/8/8/PPPPPPPP/8/R1BQKB1R w - - 0 1"),
                List.of("a3", "b3", "c3", "f3", "g3", "h3"), 1, List.of(), 0);
        List<MoveText> oneStop = MoveReader.turn("a3-a4, b3-b4, c3-c4, f3-f4, g3-g4, h3-h3");
        measure(out, "momentum: six pieces in motion, five go on and one is stopped", rounds,
                () -> Referee.judge(pinned, oneStop));
        out.flush();
    }

    private static Position withMotions(Position p, List<String> white, int whiteDy, List<String> black, int blackDy) {
        Map<Square, Motion> m = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        white.forEach(s -> m.put(Square.of(s), new Motion(0, whiteDy, false)));
        black.forEach(s -> m.put(Square.of(s), new Motion(0, blackDy, false)));
        return p.withPhysics(new Physics(m, List.of(), Map.of()));
    }

    private static void measure(PrintWriter out, String label, int rounds, java.util.function.Supplier<Verdict> judge) {
        Verdict first = judge.get();
        if (!first.isAccepted()) {
            throw new IllegalStateException(label + ": the benchmark's turn was refused: " + first);
        }
        for (int i = 0; i < Math.max(2_000, rounds); i++) { // until the JIT has compiled the search: steady state
            judge.get();
        }
        List<Long> nanos = new ArrayList<>(rounds);
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            long s = System.nanoTime();
            judge.get();
            nanos.add(System.nanoTime() - s);
        }
        Samples samples = new Samples(nanos.stream().mapToLong(Long::longValue).toArray(), System.nanoTime() - t0, false);
        out.printf("%-64s %8d %8.3f %8.3f %8.3f%n", label, samples.count(), samples.percentileMillis(50),
                samples.percentileMillis(99), samples.percentileMillis(100));
        out.flush();
    }
}
