package org.epistle.web.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.TurnSearch;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.momentum.Momentum;
import org.epistle.core.rules.physics.quest.Quest;
import org.epistle.core.rules.physics.realm.Part;
import org.epistle.core.rules.physics.realm.RealmChess;
import org.epistle.core.rules.physics.realm.RealmSearch;
import org.epistle.core.rules.physics.travel.LeneHau;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/**
 * The end-of-game searches: after every turn the referee asks whether the next player can play a
 * whole turn (mate, stalemate, "cannot complete a turn"). Per family, positions reached by seeded
 * random play from the start (every position after a turn, to the games' ends: captures, checks,
 * few men left) plus every position of the family's documented games (and, in Realm, the positions
 * where no standard move exists that RealmBench times); on each, the search as it was (with its old
 * budget, "before") and as it is ("after") in the same run, timed one by one. Target: p99 under
 * 50 ms and never cut short; "changed" counts answers that differ from the old ones, which only a
 * cut-short old search may (the digest is of the answers, position by position).
 */
public final class TurnSearchBench {
    private TurnSearchBench() {
    }

    /** The searching thread's own CPU time, which a busy machine (other processes, the collector) disturbs less than the wall clock. */
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** One row: a family's search, before or after, in milliseconds. */
    public record Row(String family, String search, int searches, double p50Millis, double p99Millis, double maxMillis,
                      double cpuP99Millis, int cutShort, int noTurn, int changed, String digest) {
    }

    /** What one search said about one position. */
    record Answer(boolean turnExists, boolean cutShort) {
    }

    /** A family: its variant, the search before and after, and a random turn for the sample games. */
    private record Family(String key, String before, Search old, Search exact, Player player, List<String> records) {
    }

    private interface Search {
        Answer ask(Position p);
    }

    private interface Player {
        /** The position after a random turn, or empty when the generator finds none. */
        Optional<Position> play(Position p, SplittableRandom random);
    }

    /** Not a record: the positions of RealmBench where no standard move exists, read as FENs in every form of Realm. */
    private static final String NO_STANDARD_MOVE = "realm positions with no standard move";
    private static final List<String> NO_STANDARD_MOVE_FENS = List.of(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "k3r3/8/b7/5R2/7b/2N5/3P4/3RK3 w - - 0 1",
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "6k1/8/7Q/6QQ/5QQ1/2n5/PP6/Kq6 w - - 0 1");

    private static List<Family> families() {
        List<Family> out = new ArrayList<>();
        for (String key : List.of("progressive", "italian-progressive", "english-progressive")) {
            out.add(new Family(key, "budget " + TurnSearch.FORMER_BUDGET,
                    p -> turnSearch(TurnSearch.within(p, TurnSearch.FORMER_BUDGET)), p -> turnSearch(TurnSearch.run(p)),
                    TurnSearchBench::multiMoveTurn,
                    switch (key) {
                        case "progressive" -> List.of("progressive-1996-email.txt", "progressive-galvin-black.txt",
                                "progressive-galvin-white.txt");
                        case "italian-progressive" -> List.of("italian-progressive-boniface.txt");
                        default -> List.of();
                    }));
        }
        for (String key : List.of("realm", "power-realm", "free-realm")) {
            out.add(new Family(key, "budget " + RealmSearch.FORMER_BUDGET,
                    p -> realm(RealmSearch.findWithin(p, rule(p), RealmSearch.FORMER_BUDGET)),
                    p -> realm(RealmSearch.find(p, rule(p))), TurnSearchBench::realmTurn, List.of("realm-sample.txt", NO_STANDARD_MOVE)));
        }
        out.add(new Family("quest", "one look", TurnSearchBench::questHasMove, TurnSearchBench::questHasMove,
                TurnSearchBench::questMail, List.of("quest-en-passant-mate.txt", "quest-sample-by-mail.txt", "quest-sample.txt")));
        out.add(new Family("lene-hau", "one look", p -> leneHau(LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET)),
                p -> leneHau(LeneHau.wholeTurn(p, LeneHau.EXACT)), TurnSearchBench::leneHauTurn,
                List.of("lene-hau/double-arrival.txt", "lene-hau/en-passant-after-arrival.txt", "lene-hau/forced-pass.txt",
                        "lene-hau/g7-g5-saves-the-pawn.txt", "lene-hau/h7-h5-and-qxh5.txt", "lene-hau/timing-rook-and-queen.txt",
                        "lene-hau/two-ranks.txt")));
        out.add(new Family("progressive-lene-hau", "budget " + LeneHau.FORMER_BUDGET,
                p -> leneHau(LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET)), p -> leneHau(LeneHau.wholeTurn(p, LeneHau.EXACT)),
                TurnSearchBench::leneHauTurn, List.of("lene-hau/progressive-opening.txt")));
        out.add(new Family("momentum", "no budget", p -> new Answer(Momentum.hasEscape(p), false),
                p -> new Answer(Momentum.hasEscape(p), false), TurnSearchBench::momentumTurn,
                List.of("momentum-betza-neto-3.txt", "momentum-neto-betza-1.txt", "momentum-neto-betza-2.txt")));
        return out;
    }

    /** Runs every family on {@code positions} random positions (plus its documented games) and prints the table. */
    public static List<Row> run(int positions, long seed, PrintWriter out) {
        return run(positions, seed, f -> true, out);
    }

    static List<Row> run(int positions, long seed, Predicate<String> familyWanted, PrintWriter out) {
        out.printf("%-36s %9s %9s %9s %10s %9s %9s %8s %8s  %s%n", "end-of-game searches, milliseconds", "searches", "p50", "p99",
                "max", "cpu p99", "cut short", "no turn", "changed", "digest of the answers");
        List<Row> rows = new ArrayList<>();
        for (Family f : families()) {
            if (!familyWanted.test(f.key())) {
                continue;
            }
            List<Position> asked = samples(f, positions, seed);
            asked.addAll(documented(f));
            // warm the JIT up on the same positions, then time each search on its own
            for (Position p : asked) {
                f.old().ask(p);
                f.exact().ask(p);
            }
            Answer[] before = new Answer[asked.size()];
            Row old = measure(f, f.key() + ", " + f.before(), f.old(), asked, before, null);
            Row exact = measure(f, f.key() + ", after", f.exact(), asked, new Answer[asked.size()], before);
            for (Row r : List.of(old, exact)) {
                out.printf("%-36s %9d %9.3f %9.3f %10.3f %9.3f %9d %8d %8d  %s%n", r.search(), r.searches(), r.p50Millis(),
                        r.p99Millis(), r.maxMillis(), r.cpuP99Millis(), r.cutShort(), r.noTurn(), r.changed(), r.digest());
            }
            out.flush();
            rows.add(old);
            rows.add(exact);
        }
        List<Row> after = rows.stream().filter(r -> r.search().endsWith(", after")).toList();
        out.printf("after: p99 < 50 ms in every family: %s (cpu p99: %s); cut short: %d before, %d after%n",
                after.stream().allMatch(r -> r.p99Millis() < 50) ? "yes" : "no",
                after.stream().allMatch(r -> r.cpuP99Millis() < 50) ? "yes" : "no",
                rows.stream().filter(r -> !r.search().endsWith(", after")).mapToInt(Row::cutShort).sum(),
                after.stream().mapToInt(Row::cutShort).sum());
        out.flush();
        return rows;
    }

    /**
     * Times the search on every position; {@code changed} counts answers that differ from
     * {@code before}'s (only where that one was cut short may they).
     */
    private static Row measure(Family f, String label, Search search, List<Position> asked, Answer[] answers, Answer[] before) {
        long[] nanos = new long[asked.size()];
        long[] cpu = new long[asked.size()];
        int cut = 0;
        int none = 0;
        int changed = 0;
        long digest = 0xcbf29ce484222325L;
        for (int i = 0; i < nanos.length; i++) {
            long c0 = THREADS.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            Answer a = search.ask(asked.get(i));
            nanos[i] = System.nanoTime() - t0;
            cpu[i] = THREADS.getCurrentThreadCpuTime() - c0;
            answers[i] = a;
            cut += a.cutShort() ? 1 : 0;
            none += a.turnExists() ? 0 : 1;
            changed += before != null && before[i].turnExists() != a.turnExists() ? 1 : 0;
            digest = (digest ^ (a.cutShort() ? 2 : a.turnExists() ? 1 : 0)) * 0x100000001b3L;
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        int n = nanos.length;
        return new Row(f.key(), label, n, Samples.micros(nanos, 0.50) / 1e3, Samples.micros(nanos, 0.99) / 1e3,
                n == 0 ? 0 : nanos[n - 1] / 1e6, Samples.micros(cpu, 0.99) / 1e3, cut, none, changed, String.format("%016x", digest));
    }

    /**
     * Positions reached by random play from the start, seeded: every position after a turn, game
     * after game (each to its end or 120 turns), until there are {@code count}.
     */
    static List<Position> samples(Family f, int count, long seed) {
        Variant v = VariantCatalog.find(f.key()).orElseThrow();
        Ruleset rules = Ruleset.of(v, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        List<Position> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed ^ f.key().hashCode());
        for (int game = 0; out.size() < count && game < count; game++) {
            Position p = Position.start(rules);
            for (int turn = 0; turn < 120 && !p.isOver() && out.size() < count; turn++) {
                Optional<Position> next = f.player().play(p, random);
                if (next.isEmpty()) {
                    break;
                }
                p = next.get();
                out.add(p.isOver() ? p.withOutcome(null) : p);
            }
        }
        return out;
    }

    /** Every position after a turn of the family's documented games, as the referee met them. */
    static List<Position> documented(Family f) {
        List<Position> out = new ArrayList<>();
        Variant v = VariantCatalog.find(f.key()).orElseThrow();
        for (String resource : f.records()) {
            if (resource.equals(NO_STANDARD_MOVE)) {
                NO_STANDARD_MOVE_FENS.forEach(fen -> out.add(Fen.read(Ruleset.of(v, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), fen)));
                continue;
            }
            GameRecord record = record(resource);
            Ruleset rules = Ruleset.of(v, record.header("WhiteArmy").flatMap(Armies::byName).orElse(Armies.FABULOUS_FIDES),
                    record.header("BlackArmy").flatMap(Armies::byName).orElse(Armies.FABULOUS_FIDES));
            Position start = record.header("FEN").map(fen -> Fen.read(rules, fen)).orElse(Position.start(rules));
            for (Replay.TurnReport t : Replay.run(start, record.turns(), false).turns()) {
                if (t.verdict() instanceof Verdict.Accepted) {
                    Position p = t.after();
                    out.add(p.isOver() ? p.withOutcome(null) : p);
                }
            }
        }
        return out;
    }

    private static GameRecord record(String resource) {
        try (InputStream in = TurnSearchBench.class.getResourceAsStream("/records/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("documented game not on the class path: records/" + resource);
            }
            return GameRecord.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Answer turnSearch(TurnSearch.Result r) {
        return new Answer(r.found(), r.cutShort());
    }

    private static RealmChess rule(Position p) {
        return p.rules().variant().physics(RealmChess.class).orElseThrow();
    }

    private static Answer realm(Optional<RealmSearch.Found> found) {
        return new Answer(found.isPresent(), found.map(RealmSearch.Found::cutShort).orElse(false));
    }

    private static Answer leneHau(LeneHau.SearchAnswer a) {
        return new Answer(a.exists(), a.cutShort());
    }

    /** Quest-Chess has no search: a turn may stop after its first move, so one look at the legal moves decides. */
    private static Answer questHasMove(Position p) {
        return new Answer(!p.legalMoves().isEmpty(), false);
    }

    private static Optional<Position> accepted(Position p, String text) {
        return Referee.judge(p, text) instanceof Verdict.Accepted a ? Optional.of(a.position()) : Optional.empty();
    }

    /** A whole turn of a Progressive game: the first the search finds with its moves tried in a shuffled order. */
    private static Optional<Position> multiMoveTurn(Position p, SplittableRandom random) {
        TurnSearch.Result found = TurnSearch.run(p, random.nextLong());
        if (!found.found() || found.turn().isEmpty()) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder();
        Position q = p;
        for (int m : found.turn()) {
            Move move = Move.of(m, q.rules());
            sb.append(sb.length() == 0 ? "" : ", ").append(SanWriter.longForm(q, move));
            q = q.play(move);
        }
        return accepted(p, sb.toString());
    }

    /** One turn in three a concentration, dispersal or rearrangement, else a standard move. */
    private static Optional<Position> realmTurn(Position p, SplittableRandom random) {
        if (random.nextInt(3) == 0) {
            Optional<List<Part>> several = RealmSearch.multiPartTurn(p, rule(p), random.nextInt(40));
            if (several.isPresent()) {
                Optional<Position> next = accepted(p, String.join(", ", several.get().stream().map(Part::written).toList()));
                if (next.isPresent()) {
                    return next;
                }
            }
        }
        List<Move> moves = p.legalMoves();
        return moves.isEmpty() ? Optional.empty() : accepted(p, SanWriter.write(p, moves.get(random.nextInt(moves.size()))));
    }

    /** A Quest-Chess mail: the turn player's segment (each man once, up to a capture or check), or the opponent's answer. */
    private static Optional<Position> questMail(Position p, SplittableRandom random) {
        Quest quest = Quest.RULE;
        if (quest.awaitsAnswer(p)) {
            List<Move> moves = p.legalMoves();
            return accepted(p, moves.isEmpty() || random.nextInt(3) == 0 ? "decline"
                    : SanWriter.write(p, moves.get(random.nextInt(moves.size()))));
        }
        int room = quest.request(p).map(TurnRule.Request::moves).orElse(1);
        List<String> written = new ArrayList<>();
        Set<Square> moved = new HashSet<>();
        Position scratch = p;
        int wanted = 1 + random.nextInt(Math.max(1, room));
        while (written.size() < wanted) {
            List<Move> fresh = scratch.legalMoves().stream().filter(m -> !moved.contains(m.from())).toList();
            if (fresh.isEmpty()) {
                break;
            }
            Move m = fresh.get(random.nextInt(fresh.size()));
            boolean capture = scratch.pieceAt(m.to()).isPresent() || m.kind() == Move.Kind.EN_PASSANT;
            written.add(SanWriter.write(scratch, m));
            scratch = scratch.play(m);
            moved.add(m.to());
            if (capture || scratch.isCheck(p.sideToMove().opponent()) || m.kind() == Move.Kind.DOUBLE_STEP) {
                break;
            }
        }
        if (written.isEmpty()) {
            return Optional.empty();
        }
        Optional<Position> next = accepted(p, String.join(", ", written));
        return next.isPresent() || written.size() == 1 ? next : accepted(p, written.get(0));
    }

    /** A Lene Hau turn from the rule's own choices, move after move in a Progressive turn; a pass when there is none. */
    private static Optional<Position> leneHauTurn(Position p, SplittableRandom random) {
        List<String> written = new ArrayList<>();
        for (int i = 0; i < p.movesThisTurn(); i++) {
            var choice = LeneHau.RULE.randomChoice(p, written, random);
            if (choice.isEmpty()) {
                break;
            }
            written.add(choice.get().written());
        }
        return accepted(p, written.isEmpty() ? "pass" : String.join(", ", written));
    }

    /**
     * A Momentum turn: the mover's pieces in motion go on in a shuffled order, and one action (a start
     * anywhere among them, or one of them stopped); when the referee refuses it, other draws, then
     * every piece stopped in turn.
     */
    private static Optional<Position> momentumTurn(Position p, SplittableRandom random) {
        List<String> goOn = new ArrayList<>();
        List<String> stops = new ArrayList<>();
        // in the squares' order: the physics' map iterates in an order that changes from JVM to JVM
        java.util.Map<Square, org.epistle.core.rules.position.Physics.Motion> motions = new java.util.TreeMap<>(
                java.util.Comparator.comparing(Square::name));
        motions.putAll(p.physics().motions());
        motions.forEach((sq, m) -> {
            if (p.pieceAt(sq).map(pc -> pc.side() == p.sideToMove()).orElse(false)) {
                int file = sq.file() + m.dx();
                int rank = sq.rank() + m.dy();
                boolean onBoard = file >= 0 && rank >= 0 && file < p.geometry().files() && rank < p.geometry().ranks();
                goOn.add(sq.name() + (m.capturing() ? ":" : "-") + (onBoard ? new Square(file, rank).name() : "z9"));
                stops.add(sq.name() + "-" + sq.name());
            }
        });
        List<Move> starts = p.legalMoves();
        for (int attempt = 0; attempt < 12; attempt++) {
            List<String> events = new ArrayList<>(goOn);
            for (int i = events.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                events.set(i, events.set(j, events.get(i)));
            }
            if (!starts.isEmpty() && (stops.isEmpty() || random.nextInt(4) > 0)) {
                events.add(random.nextInt(events.size() + 1), SanWriter.betzaForm(p, starts.get(random.nextInt(starts.size()))));
            } else if (!stops.isEmpty()) {
                int k = random.nextInt(stops.size());
                events.remove(goOn.get(k));
                events.add(stops.get(k));
            }
            if (!events.isEmpty()) {
                Optional<Position> next = accepted(p, String.join(", ", events));
                if (next.isPresent()) {
                    return next;
                }
            }
        }
        for (int k = 0; k < stops.size(); k++) {
            List<String> events = new ArrayList<>(goOn);
            events.set(k, stops.get(k));
            Optional<Position> next = accepted(p, String.join(", ", events));
            if (next.isPresent()) {
                return next;
            }
        }
        return goOn.isEmpty() ? Optional.empty() : accepted(p, String.join(", ", goOn));
    }
}
