package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.notation.MoveReader;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.NotationException;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.AfterMove;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.position.Position;

/**
 * Plays a recorded game through the referee turn by turn. By default it stops at the first
 * refused turn; "as played" reports the refusal and then makes the turn's moves anyway, each as
 * an ordinary move of the piece, so the rest of a historical record can still be checked.
 */
public final class Replay {

    /** What happened to one recorded turn. */
    public record TurnReport(GameRecord.Turn turn, Verdict verdict, Position after, boolean forced) {
    }

    /** The whole replay: every turn reached, the last position, and why it stopped early if it did. */
    public record Report(List<TurnReport> turns, Position last, Optional<String> stoppedBecause) {
        public boolean allAccepted() {
            return turns.stream().allMatch(t -> t.verdict().isAccepted());
        }

        /** "1-0", "0-1", "1/2-1/2" when the rules ended the game, otherwise the record's result or "*". */
        public String result(Optional<String> recorded) {
            return last.outcome().map(o -> o.result().notation()).orElse(recorded.orElse("*"));
        }

        public String termination(Optional<String> recorded) {
            if (last.outcome().isPresent()) {
                return last.outcome().get().termination().text();
            }
            if (stoppedBecause.isPresent()) {
                return stoppedBecause.get();
            }
            return recorded.map(r -> r.equals("*") ? "unfinished" : "as recorded (resignation or agreement)").orElse("unfinished");
        }
    }

    private Replay() {
    }

    public static Report run(Position start, List<GameRecord.Turn> turns, boolean asPlayed) {
        List<TurnReport> reports = new ArrayList<>();
        Position p = start;
        for (GameRecord.Turn turn : turns) {
            if (p.isOver()) {
                return new Report(reports, p, Optional.of("the game was already over before turn " + label(turn)));
            }
            if (turn.side() != p.sideToMove()) {
                return new Report(reports, p, Optional.of("the record gives turn " + label(turn) + " to "
                        + turn.side().label() + " but " + p.sideToMove().label() + " is to move"));
            }
            Verdict v = Referee.judge(p, turn.text());
            if (v instanceof Verdict.Accepted a) {
                reports.add(new TurnReport(turn, v, a.position(), false));
                p = a.position();
                continue;
            }
            if (!asPlayed) {
                reports.add(new TurnReport(turn, v, p, false));
                return new Report(reports, p, Optional.of("turn " + label(turn) + " was refused"));
            }
            Optional<Position> forced = force(p, turn.text());
            if (forced.isEmpty()) {
                reports.add(new TurnReport(turn, v, p, false));
                return new Report(reports, p, Optional.of("turn " + label(turn) + " could not be made even as played"));
            }
            reports.add(new TurnReport(turn, v, forced.get(), true));
            p = forced.get();
        }
        return new Report(reports, p, Optional.empty());
    }

    static String label(GameRecord.Turn t) {
        return t.number() + (t.side() == Side.WHITE ? "" : "...");
    }

    /**
     * Makes each move of the turn as an ordinary move of the piece named, ignoring the rules of
     * check and of the turn; a move that no piece can make at all still fails.
     */
    static Optional<Position> force(Position start, String text) {
        List<MoveText> moves;
        try {
            moves = MoveReader.turn(text);
        } catch (NotationException e) {
            return Optional.empty();
        }
        Optional<TurnRule> ownTurns = start.rules().variant().physics(TurnRule.class);
        if (ownTurns.isPresent()) {
            return ownTurns.get().asPlayed(start, moves) instanceof Verdict.Accepted a ? Optional.of(a.position()) : Optional.empty();
        }
        Position p = start;
        for (MoveText mt : moves) {
            if (mt.placement()) {
                return Optional.empty();  // only a turn rule that reads placements can make them
            }
            Optional<Move> m = anyMove(p, mt);
            if (m.isEmpty()) {
                return Optional.empty();
            }
            Position next = p.play(m.get());
            // the variant's physics still acts on a move made as played; a move it forbids is made without it
            AfterMove.Result physics = AfterMove.play(p, m.get(), next, mt, 0, SanWriter.write(p, m.get()));
            p = physics.isRefused() ? next : physics.position();
        }
        return Optional.of(p.endTurn());
    }

    private static Optional<Move> anyMove(Position p, MoveText mt) {
        return Optional.ofNullable(new MoveResolver(p, mt, 0, false, true).resolve().move());
    }
}
