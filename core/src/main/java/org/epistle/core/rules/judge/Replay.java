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

    /**
     * What happened to one recorded turn.
     *
     * @param notes where the record and the replay part: an ambiguous move and the reading chosen, a mark
     *              that disagrees with what the field did, a slip the record marks
     */
    public record TurnReport(GameRecord.Turn turn, Verdict verdict, Position after, boolean forced, List<String> notes) {
        public TurnReport {
            notes = List.copyOf(notes);
        }

        public TurnReport(GameRecord.Turn turn, Verdict verdict, Position after, boolean forced) {
            this(turn, verdict, after, forced, List.of());
        }
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
        return run(start, turns, asPlayed, RecordNotes.countsFieldEffects(turns));
    }

    private static Report run(Position start, List<GameRecord.Turn> turns, boolean asPlayed, boolean countsFieldEffects) {
        List<TurnReport> reports = new ArrayList<>();
        Position p = start;
        for (int i = 0; i < turns.size(); i++) {
            GameRecord.Turn turn = turns.get(i);
            if (p.isOver()) {
                return new Report(reports, p, Optional.of("the game was already over before turn " + label(turn)));
            }
            if (turn.side() != p.sideToMove()) {
                return new Report(reports, p, Optional.of("the record gives turn " + label(turn) + " to "
                        + turn.side().label() + " but " + p.sideToMove().label() + " is to move"));
            }
            Verdict v = Referee.judge(p, turn.text());
            List<String> notes = new ArrayList<>();
            if (v instanceof Verdict.Rejected r && r.why().reason() == Reason.AMBIGUOUS) {
                Optional<Reading> reading = bestReading(p, turns, i, r.why(), countsFieldEffects);
                if (reading.isPresent()) {
                    v = reading.get().verdict();
                    notes.add(reading.get().note());
                }
            }
            if (v instanceof Verdict.Accepted a) {
                Position after = a.position();
                notes.addAll(RecordNotes.disagreements(turn, after, countsFieldEffects));
                for (GameRecord.Slip slip : turn.slips()) {
                    Optional<Position> left = asLeft(after, slip);
                    if (left.isEmpty()) {
                        reports.add(new TurnReport(turn, v, after, false, notes));
                        return new Report(reports, after, Optional.of("the slip " + slip + " marked after turn " + label(turn)
                                + " does not fit the position: " + slip.from() + " is empty or " + slip.to() + " is taken"));
                    }
                    after = left.get();
                    notes.add("the players went on with the piece on " + slip.from() + " standing on " + slip.to()
                            + ", where the rules had not put it; so does the replay");
                }
                reports.add(new TurnReport(turn, v, after, false, notes));
                p = after;
                continue;
            }
            if (!asPlayed && !turn.markedAsPlayed()) {
                reports.add(new TurnReport(turn, v, p, false));
                return new Report(reports, p, Optional.of("turn " + label(turn) + " was refused"));
            }
            Optional<Position> forced = force(p, turn.text());
            if (forced.isEmpty()) {
                reports.add(new TurnReport(turn, v, p, false));
                return new Report(reports, p, Optional.of("turn " + label(turn) + " could not be made even as played"));
            }
            if (turn.markedAsPlayed()) {
                notes.add("the record marks this turn as played against the rules; the replay refuses it and makes it as written");
            }
            reports.add(new TurnReport(turn, v, forced.get(), true, notes));
            p = forced.get();
        }
        return new Report(reports, p, Optional.empty());
    }

    /** An ambiguous move read one way, and what the replay says about the choice. */
    private record Reading(Verdict verdict, String note) {
    }

    /**
     * A historical record cannot be asked which piece it meant, so each piece that fits is tried and the
     * reading under which the rest of the record replays furthest is taken, with a note that says which.
     * When another reading goes as far, the record does not tell them apart and the move stays refused.
     */
    private static Optional<Reading> bestReading(Position p, List<GameRecord.Turn> turns, int index, Illegality why,
                                                 boolean countsFieldEffects) {
        String candidates = why.facts().get("candidates");
        List<String> moves;
        try {
            moves = MoveReader.tokens(turns.get(index).text());
        } catch (NotationException e) {
            return Optional.empty();
        }
        if (candidates == null || why.moveIndex() < 0 || why.moveIndex() >= moves.size()) {
            return Optional.empty();
        }
        MoveText written = MoveReader.move(moves.get(why.moveIndex()));
        Verdict best = null;
        String bestMove = null;
        int bestReach = -1;
        int tied = 0;
        for (String candidate : candidates.split(",\\s*")) {
            String meant = candidate + (written.promotion().isPresent() && !candidate.contains("=") ? "=" + written.promotion().get() : "");
            List<String> reread = new ArrayList<>(moves);
            reread.set(why.moveIndex(), meant);
            Verdict v = Referee.judge(p, String.join(" ", reread));
            if (!(v instanceof Verdict.Accepted a)) {
                continue;
            }
            List<GameRecord.Turn> rest = turns.subList(index + 1, turns.size());
            Report onwards = run(a.position(), rest, false, countsFieldEffects);
            int reach = (int) onwards.turns().stream().filter(t -> t.verdict().isAccepted()).count();
            if (reach > bestReach) {
                best = v;
                bestMove = meant;
                bestReach = reach;
                tied = 0;
            } else if (reach == bestReach) {
                tied++;
            }
        }
        if (best == null || tied > 0) {
            return Optional.empty();  // the record does not tell the readings apart: it stays ambiguous
        }
        int restSize = turns.size() - index - 1;
        String how = bestReach == restSize ? ", the only reading under which the rest of the record replays"
                : ", under which the rest of the record replays furthest";
        return Optional.of(new Reading(best, "\"" + written.text() + "\" fits more than one piece (" + candidates
                + "); read as " + bestMove + how));
    }

    /** The position with one piece standing where the players left it. */
    private static Optional<Position> asLeft(Position p, GameRecord.Slip slip) {
        int from = p.geometry().index(slip.from());
        int to = p.geometry().index(slip.to());
        if (p.code(from) == 0 || p.code(to) != 0) {
            return Optional.empty();
        }
        int[] cells = new int[p.geometry().size()];
        for (int sq = 0; sq < cells.length; sq++) {
            cells[sq] = p.code(sq);
        }
        cells[to] = cells[from];
        cells[from] = 0;
        return Optional.of(p.rearranged(cells, p.castlingRights(), false));
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
