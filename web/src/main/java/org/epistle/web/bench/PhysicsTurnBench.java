package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.magnetism.DynamicMagnetism;
import org.epistle.core.rules.physics.travel.LeneHau;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;

/**
 * How long the referee takes to judge one turn of each physics variant: random games from the
 * start (each turn a random move written in the game's notation, as a player would send it), every
 * {@code Referee.judge} call timed, refusals included (a charged square, the KO rule).
 */
public final class PhysicsTurnBench {
    private PhysicsTurnBench() {
    }

    /**
     * The figures of one variant, in microseconds: wall-clock time, and the judging thread's own CPU
     * time at the 99th percentile, which a busy machine (other processes, the collector) disturbs less.
     */
    public record Figures(String variant, int turns, double p50, double p99, double max, double cpuP99, long digest) {
        /** The digest as printed: 16 hex digits, equal from run to run while the referee's answers stay the same. */
        public String digestHex() {
            return String.format("%016x", digest);
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    public static List<Figures> run(List<Variant> variants, int games, int turnsPerGame, long seed) {
        for (int round = 0; round < 2; round++) {
            for (Variant v : variants) {
                measure(v, Math.max(1, games / 2), turnsPerGame, seed + 1000 + round); // warm the JIT up on every variant first
            }
        }
        List<Figures> out = new ArrayList<>();
        for (Variant v : variants) {
            out.add(measure(v, games, turnsPerGame, seed));
        }
        return out;
    }

    public static void print(List<Figures> figures, PrintWriter out) {
        out.printf("%-48s %8s %9s %9s %9s %9s  %s%n", "judging one turn (Referee.judge), microseconds", "turns", "p50", "p99", "max",
                "cpu p99", "digest of the answers");
        for (Figures f : figures) {
            out.printf("%-48s %8d %9.1f %9.1f %9.1f %9.1f  %s%n", f.variant(), f.turns(), f.p50(), f.p99(), f.max(), f.cpuP99(),
                    f.digestHex());
        }
        out.flush();
    }

    public static List<Variant> physicsVariants() {
        return PhysicsVariants.ALL;
    }

    private static Figures measure(Variant variant, int games, int turnsPerGame, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Ruleset rules = Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        boolean namesField = variant.physics(DynamicMagnetism.class)
                .map(d -> d.source() == DynamicMagnetism.Source.MOVER_CHOOSES || d.source() == DynamicMagnetism.Source.OPPONENT_CHOOSES)
                .orElse(false);
        long[] nanos = new long[games * turnsPerGame];
        long[] cpu = new long[games * turnsPerGame];
        int n = 0;
        long digest = 0xcbf29ce484222325L; // FNV-1a over every answer, so a change that should be pure speed can be checked
        for (int g = 0; g < games; g++) {
            Position p = variant == PhysicsVariants.MAGNETIC_RANDOM ? DynamicMagnetism.seededStart(Position.start(rules), seed + g)
                    : Position.start(rules);
            for (int t = 0; t < turnsPerGame && !p.isOver(); t++) {
                String turn;
                if (variant.physics(LeneHau.class).isPresent()) {
                    turn = leneHauTurn(p, random);
                } else {
                    List<Move> moves = p.legalMoves();
                    if (moves.isEmpty()) {
                        break;
                    }
                    Move m = moves.get(random.nextInt(moves.size()));
                    turn = SanWriter.write(p, m) + (namesField ? "(" + CODES[random.nextInt(CODES.length)] + ")" : "");
                }
                long c0 = THREADS.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                Verdict v = Referee.judge(p, turn);
                nanos[n] = System.nanoTime() - t0;
                cpu[n++] = THREADS.getCurrentThreadCpuTime() - c0;
                if (v instanceof Verdict.Accepted a) {
                    p = a.position();
                    digest = fnv(digest, "accepted " + a.notation() + " " + Fen.write(p) + " " + p.outcome());
                } else {
                    Verdict.Rejected r = (Verdict.Rejected) v;
                    digest = fnv(digest, "refused " + r.why().reason() + " " + r.why().moveIndex() + " " + new java.util.TreeMap<>(r.why().facts()));
                }
            }
        }
        long[] taken = Arrays.copyOf(nanos, n);
        Arrays.sort(taken);
        long[] cpuTaken = Arrays.copyOf(cpu, n);
        Arrays.sort(cpuTaken);
        return new Figures(variant.key(), n, Samples.micros(taken, 0.50), Samples.micros(taken, 0.99), n == 0 ? 0 : taken[n - 1] / 1e3,
                Samples.micros(cpuTaken, 0.99), digest);
    }

    private static long fnv(long hash, String answer) {
        for (byte b : answer.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        return hash;
    }

    /**
     * A random turn of Lene Hau Chess from the rule's own choices (the engine's legal moves do not
     * know about travellers), move after move in a Progressive turn; "pass" when there is none.
     */
    private static String leneHauTurn(Position p, SplittableRandom random) {
        List<String> written = new ArrayList<>();
        for (int i = 0; i < p.movesThisTurn(); i++) {
            var choice = LeneHau.RULE.randomChoice(p, written, random);
            if (choice.isEmpty()) {
                break;
            }
            written.add(choice.get().written());
        }
        return written.isEmpty() ? "pass" : String.join(", ", written);
    }

    private static final String[] CODES = {"RAAR", "AAAA", "RRRR", "ARRA", "NNNN", "RNAA"};
}
