package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.quest.Quest;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.MultiMoveVariants;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Quest-Chess: how long the referee takes to judge what one mail brings, in random games. A turn
 * player's mail is a segment of up to ten moves (drawn at random, each man once, up to the first
 * capture or check, where the turn stops for an answer); the opponent's mail is an answer (a move,
 * or decline). Each judgement includes the look at whether the game is over.
 */
public final class QuestBench {
    private QuestBench() {
    }

    /** Microseconds, by what the mail held. */
    public record Figures(String what, int runs, double p50, double p99, double max) {
    }

    public static List<Figures> run(int games, int mailsPerGame, long seed) {
        play(games, mailsPerGame, seed + 100);   // warm the JIT up as long as we measure: with less, the p99 is the compiler's
        return play(games, mailsPerGame, seed);
    }

    public static void print(List<Figures> figures, PrintWriter out) {
        out.printf("%-56s %6s %9s %9s %9s%n", "quest mails judged, microseconds", "runs", "p50", "p99", "max");
        for (Figures f : figures) {
            out.printf("%-56s %6d %9.1f %9.1f %9.1f%n", f.what(), f.runs(), f.p50(), f.p99(), f.max());
        }
        out.flush();
    }

    private static List<Figures> play(int games, int mailsPerGame, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Ruleset rules = Ruleset.of(MultiMoveVariants.QUEST, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Quest quest = Quest.RULE;
        List<Long> few = new ArrayList<>();
        List<Long> many = new ArrayList<>();
        List<Long> answers = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            Position p = Position.start(rules);
            for (int mail = 0; mail < mailsPerGame && !p.isOver(); mail++) {
                int room = quest.request(p).map(TurnRule.Request::moves).orElse(1);
                boolean answer = quest.awaitsAnswer(p);
                List<String> segment = answer ? answer(p, random) : segment(p, room, random);
                if (segment.isEmpty()) {
                    break;
                }
                long t0 = System.nanoTime();
                Verdict v = Referee.judge(p, String.join(", ", segment));
                long took = System.nanoTime() - t0;
                (answer ? answers : segment.size() >= 5 ? many : few).add(took);
                if (v instanceof Verdict.Accepted a) {
                    p = a.position();
                } else if (!answer && segment.size() > 1) {
                    // refused (a man moving twice after a promotion, a move after the stop): send the first move alone
                    if (Referee.judge(p, segment.get(0)) instanceof Verdict.Accepted a) {
                        p = a.position();
                    }
                }
            }
        }
        return List.of(figures("quest: a turn player's mail of 1-4 moves", few),
                figures("quest: a turn player's mail of 5-10 moves", many),
                figures("quest: an answer (a move or decline)", answers));
    }

    /** Random moves for the turn player: each man once, stopping at a capture or a check, where an answer is due. */
    private static List<String> segment(Position p, int room, SplittableRandom random) {
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
        return written;
    }

    /** The opponent's answer: decline now and then, otherwise a random legal move (the referee says which moves answer). */
    private static List<String> answer(Position p, SplittableRandom random) {
        List<Move> moves = p.legalMoves();
        if (moves.isEmpty() || random.nextInt(3) == 0) {
            return List.of("decline");
        }
        return List.of(SanWriter.write(p, moves.get(random.nextInt(moves.size()))));
    }

    private static Figures figures(String what, List<Long> nanos) {
        long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        return new Figures(what, sorted.length, Samples.micros(sorted, 0.50), Samples.micros(sorted, 0.99),
                sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e3);
    }
}
