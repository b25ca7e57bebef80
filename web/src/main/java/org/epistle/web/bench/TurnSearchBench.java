package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.TurnSearch;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/**
 * How long the end-of-game search takes: after every turn the referee asks whether the next
 * player can play a whole turn (mate, stalemate, "cannot complete a turn"). Sample positions come
 * from games played by the search itself with shuffled move order, through the referee, in
 * Progressive, Italian and English Progressive Chess; each figure is the time of that question alone.
 * Target: p99 under 50 ms for a 10-move turn.
 */
public final class TurnSearchBench {
    private TurnSearchBench() {
    }

    /** One row: the variant, the turn length asked about, and the timings. */
    public record Row(String variant, int turnLength, int samples, double p50Millis, double p99Millis, double maxMillis,
                      int maxNodes, int cutShort) {
    }

    public static List<Row> run(int games, PrintWriter out) {
        List<Row> rows = new ArrayList<>();
        for (String key : List.of("progressive", "italian-progressive", "english-progressive")) {
            Variant v = VariantCatalog.find(key).orElseThrow();
            List<Position> samples = samples(v, games);
            // warm the JIT up on the same positions, then measure
            for (Position p : samples) {
                TurnSearch.run(p);
            }
            for (int length : List.of(6, 8, 10)) {
                List<Position> asked = samples.stream().filter(p -> p.movesThisTurn() == length).toList();
                if (asked.isEmpty()) {
                    continue;
                }
                rows.add(measure(key, length, asked));
            }
        }
        List<Position> documented = documented();
        for (Position p : documented) {
            TurnSearch.run(p);
        }
        rows.add(measure("documented games", 0, documented));
        out.printf("%-22s %5s %8s %9s %9s %9s %9s %9s%n", "end-of-game search", "moves", "samples", "p50 ms", "p99 ms",
                "max ms", "max nodes", "cut short");
        for (Row r : rows) {
            out.printf("%-22s %5d %8d %9.3f %9.3f %9.3f %9d %9d%n", r.variant(), r.turnLength(), r.samples(), r.p50Millis(),
                    r.p99Millis(), r.maxMillis(), r.maxNodes(), r.cutShort());
        }
        rows.stream().filter(r -> r.turnLength() == 10).forEach(r ->
                out.printf("%s 10-move turn p99 < 50 ms: %s%n", r.variant(), r.p99Millis() < 50 ? "yes" : "no"));
        out.flush();
        return rows;
    }

    private static Row measure(String key, int length, List<Position> asked) {
        double[] millis = new double[asked.size() * 5];
        int k = 0;
        int maxNodes = 0;
        int cut = 0;
        for (int round = 0; round < 5; round++) {
            for (Position p : asked) {
                long t0 = System.nanoTime();
                TurnSearch.Result r = TurnSearch.run(p);
                millis[k++] = (System.nanoTime() - t0) / 1e6;
                maxNodes = Math.max(maxNodes, r.nodes());
                cut += r.cutShort() && round == 0 ? 1 : 0;
            }
        }
        Arrays.sort(millis);
        return new Row(key, length, asked.size(), millis[millis.length / 2], millis[(int) Math.ceil(millis.length * 0.99) - 1],
                millis[millis.length - 1], maxNodes, cut);
    }

    /**
     * Every position of two documented games, as the referee meets them: Galvin's Progressive win with
     * White (turns of up to eleven moves) and Boniface's Italian Progressive win, which ends in an
     * Italian mate the search must prove (no complete turn although escapes exist). Row "moves" 0: mixed.
     */
    static List<Position> documented() {
        List<Position> out = new ArrayList<>();
        replay("progressive", GALVIN, out);
        replay("italian-progressive", BONIFACE, out);
        return out;
    }

    private static final List<String> GALVIN = List.of("d4", "c5, cxd4", "e4, e5, f4", "e6, d3, dxc2, cxd1=Q",
            "Kxd1, f5, fxe6, e7, exd8=Q", "Kxd8, d6, dxe5, b5, Kc7, Bg4", "Be2, Bxg4, Bf3, Bxa8, Ke2, Nc3, Nd5",
            "Kd7, Nf6, Bb4, Rc8, Rxc1, Rxa1, Nxd5, Nf4", "Kf3, a3, axb4, b3, Ne2, Nxf4, Nh3, Rxa1, Rxa7",
            "Ke6, Kf5, Nc6, Nxa7, Nc8, Nb6, Nxa8, Nb6, h6, e4", "Ke3, Nf2, Nxe4, Nc3, Na4, Nxb6, Na4, Nc3, Ne2, Kf3, h3");
    private static final List<String> BONIFACE = List.of("d4", "c5, cxd4", "e4, e5, Na3", "e6, Qg5, Qxc1, Qxd1",
            "Rxd1, Rxd4, Bb5, Rc4, Rxc8", "Ke7, Nc6, Rxc8, Nd4, Nxb5, Nxa3", "c4, Kd2, Kc3, Kb4, Nf3, Rd1, Rxd7");

    private static void replay(String key, List<String> turns, List<Position> out) {
        Position p = Position.start(Ruleset.of(VariantCatalog.find(key).orElseThrow(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
        for (String t : turns) {
            Verdict v = Referee.judge(p, t);
            if (!(v instanceof Verdict.Accepted a)) {
                throw new IllegalStateException(key + ": " + t + " refused: " + v);
            }
            p = a.position();
            out.add(p.isOver() ? p.withOutcome(null) : p);
        }
    }

    /** Positions before each turn of games played to their 10-move turns (or their end), turn by turn through the referee. */
    static List<Position> samples(Variant v, int games) {
        Ruleset rules = Ruleset.of(v, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        List<Position> out = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            Position p = Position.start(rules);
            while (!p.isOver() && p.movesThisTurn() <= 10) {
                out.add(p);
                TurnSearch.Result found = TurnSearch.run(p, 1000L * g + p.turnNumber() * 2L + p.sideToMove().ordinal());
                if (!found.found() || found.turn().isEmpty()) {
                    break;
                }
                Verdict verdict = Referee.judge(p, written(p, found.turn()));
                if (!(verdict instanceof Verdict.Accepted a)) {
                    throw new IllegalStateException("the referee refused a turn the search found: " + verdict);
                }
                p = a.position();
            }
        }
        return out;
    }

    private static String written(Position p, List<Integer> moves) {
        StringBuilder sb = new StringBuilder();
        Position q = p;
        for (int m : moves) {
            Move move = Move.of(m, q.rules());
            sb.append(sb.length() == 0 ? "" : ", ").append(SanWriter.longForm(q, move));
            q = q.play(move);
        }
        return sb.toString();
    }
}
