package org.epistle.core.rules.physics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Variant;

/**
 * The referee's one call into physics: after a move is played, the variant's after-move rules act
 * in order, their effects are applied, and the position rules (KO) have their say. A variant
 * without physics passes through untouched.
 */
public final class AfterMove {
    private AfterMove() {
    }

    /**
     * Exactly one of {@code position} and {@code refusal} is set.
     *
     * @param suffix what the move's canonical notation gains ("=Q"), or ""
     */
    public record Result(Position position, String suffix, Illegality refusal) {
        public boolean isRefused() {
            return refusal != null;
        }
    }

    /** Whether a choice written after a move that is no promotion ("Rg1=Q") means something in this variant. */
    public static boolean readsChoice(Variant variant) {
        for (Rule r : variant.physics()) {
            if (r instanceof AfterMoveRule a && a.readsChoice()) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param before  the position the move was played from
     * @param played  the position right after the move
     * @param text    the move as the player wrote it
     * @param index   the move's place in the turn, for the refusal
     * @param written the move in canonical notation, without marks
     */
    public static Result play(Position before, Move move, Position played, MoveText text, int index, String written) {
        Variant variant = before.rules().variant();
        if (variant.physics().isEmpty()) {
            return new Result(played, "", null);
        }
        Optional<String> choice = move.kind() == Move.Kind.PROMOTION ? Optional.empty() : text.promotion();
        boolean keepEnPassant = variant.physics(NoEnPassant.class).isEmpty();
        List<String> told = new ArrayList<>(before.movesPlayed() == 0 ? List.of() : before.physics().aftermath());
        StringBuilder suffix = new StringBuilder();
        Position current = played;
        boolean acted = false;
        for (Rule rule : variant.physics()) {
            if (!(rule instanceof AfterMoveRule r)) {
                continue;
            }
            Consequence c = r.after(new MoveContext(before, move, current, choice, written));
            if (c instanceof Consequence.Forbidden f) {
                return refused(f.why(), index, text);
            }
            Consequence.Effects e = (Consequence.Effects) c;
            current = Effects.apply(current, e.effects(), keepEnPassant);
            acted = true;
            suffix.append(e.suffix());
            for (Effect effect : e.effects()) {
                told.add(written + " " + effect.describe());
            }
        }
        if (!acted && !keepEnPassant) {
            current = Effects.apply(current, List.of(), false);
        }
        if (choice.isPresent() && suffix.isEmpty()) {
            return refused(Illegality.of(Reason.PROMOTION_NOT_POSSIBLE).fact("named", choice.get()), index, text);
        }
        for (Rule rule : variant.physics()) {
            if (rule instanceof PositionRule r) {
                Optional<Illegality.Builder> why = r.forbid(before, current);
                if (why.isPresent()) {
                    return refused(why.get(), index, text);
                }
            }
        }
        current = current.withPhysics(current.physics().withAftermath(told));
        return new Result(current, suffix.toString(), null);
    }

    private static Result refused(Illegality.Builder why, int index, String text) {
        return new Result(null, "", why.move(index, text).build());
    }

    private static Result refused(Illegality.Builder why, int index, MoveText text) {
        return refused(why, index, text.text());
    }
}
