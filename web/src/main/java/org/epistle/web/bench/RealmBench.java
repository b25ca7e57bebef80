package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.realm.Part;
import org.epistle.core.rules.physics.realm.RealmChess;
import org.epistle.core.rules.physics.realm.RealmSearch;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.RealmVariants;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;

/**
 * Realm Chess, Power Realm and Free Realm: how long the referee takes to judge a turn in random
 * games (two turns in three a concentration, dispersal or rearrangement, written as a player
 * would), and how long the end-of-game search takes where no standard move exists — a rearrangement
 * that gets out (Fool's mate), a concentration that answers a double check, and Scholar's mate,
 * where every kind of turn must be tried before the game ends.
 */
public final class RealmBench {
    private RealmBench() {
    }

    /** Microseconds; {@code cutShort} counts searches that used their whole budget. */
    public record Figures(String what, int runs, double p50, double p99, double max, int cutShort) {
    }

    /** The positions with no standard move: the variant, a FEN, and what the search meets there. */
    private record Sample(Variant variant, String label, String fen) {
    }

    private static final String SCHOLAR = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    private static final List<Sample> SAMPLES = List.of(
            new Sample(RealmVariants.REALM, "realm: Fool's mate, rearrangement gets out",
                    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
            new Sample(RealmVariants.REALM, "realm: double check, a concentration answers", "k3r3/8/b7/5R2/7b/2N5/3P4/3RK3 w - - 0 1"),
            new Sample(RealmVariants.REALM, "realm: Scholar's mate, nothing gets out", SCHOLAR),
            new Sample(RealmVariants.POWER_REALM, "power-realm: Scholar's mate, nothing gets out", SCHOLAR),
            new Sample(RealmVariants.FREE_REALM, "free-realm: Scholar's mate, a rearrangement gets out", SCHOLAR),
            new Sample(RealmVariants.POWER_REALM, "power-realm: mate beside five idle queens", "6k1/8/7Q/6QQ/5QQ1/2n5/PP6/Kq6 w - - 0 1"));

    public static List<Figures> run(int games, int turnsPerGame, long seed) {
        List<Variant> variants = RealmVariants.ALL;
        for (int round = 0; round < 2; round++) {
            for (Variant v : variants) {
                judging(v, Math.max(1, games / 2), turnsPerGame, seed + 100 + round); // warm the JIT up first
            }
            for (Sample s : SAMPLES) {
                searching(s, 20);
            }
        }
        List<Figures> out = new ArrayList<>();
        for (Variant v : variants) {
            out.add(judging(v, games, turnsPerGame, seed));
        }
        for (Sample s : SAMPLES) {
            out.add(searching(s, 50));
        }
        return out;
    }

    public static void print(List<Figures> figures, PrintWriter out) {
        out.printf("%-56s %6s %9s %9s %9s %9s%n", "realm turns and end-of-game search, microseconds", "runs", "p50", "p99", "max",
                "cut short");
        for (Figures f : figures) {
            out.printf("%-56s %6d %9.1f %9.1f %9.1f %9d%n", f.what(), f.runs(), f.p50(), f.p99(), f.max(), f.cutShort());
        }
        out.flush();
    }

    /**
     * Plays the random games first, keeping each position and the turn sent from it, then times the
     * referee on them in a second pass, so the garbage of choosing turns does not land in the timings.
     */
    private static Figures judging(Variant variant, int games, int turnsPerGame, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Ruleset rules = Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        RealmChess rule = variant.physics(RealmChess.class).orElseThrow();
        List<Position> positions = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            Position p = Position.start(rules);
            for (int t = 0; t < turnsPerGame && !p.isOver(); t++) {
                Optional<List<Part>> several = random.nextInt(3) > 0 ? RealmSearch.multiPartTurn(p, rule, random.nextInt(200))
                        : Optional.empty();
                String text;
                if (several.isPresent()) {
                    text = String.join(", ", several.get().stream().map(Part::written).toList());
                } else {
                    List<Move> moves = p.legalMoves();
                    if (moves.isEmpty()) {
                        break;
                    }
                    text = SanWriter.write(p, moves.get(random.nextInt(moves.size())));
                }
                positions.add(p);
                texts.add(text);
                if (Referee.judge(p, text) instanceof Verdict.Accepted a) {
                    p = a.position();
                }
            }
        }
        long[] nanos = new long[texts.size()];
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            Referee.judge(positions.get(i), texts.get(i));
            nanos[i] = System.nanoTime() - t0;
        }
        return figures(variant.key() + ": judging one turn", nanos, 0);
    }

    private static Figures searching(Sample s, int runs) {
        Position p = Fen.read(Ruleset.of(s.variant(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), s.fen());
        RealmChess rule = s.variant().physics(RealmChess.class).orElseThrow();
        long[] nanos = new long[runs];
        int cut = 0;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Optional<RealmSearch.Found> found = RealmSearch.find(p, rule);
            nanos[i] = System.nanoTime() - t0;
            cut += found.map(RealmSearch.Found::cutShort).orElse(false) ? 1 : 0;
        }
        return figures(s.label(), nanos, cut);
    }

    private static Figures figures(String what, long[] nanos, int cutShort) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return new Figures(what, n, Samples.micros(sorted, 0.50), Samples.micros(sorted, 0.99), n == 0 ? 0 : sorted[n - 1] / 1e3, cutShort);
    }
}
