package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.notation.Remarks;
import org.epistle.core.rules.physics.Effect;
import org.epistle.core.rules.position.Position;

/**
 * What a record's notes claim about a turn, held against what the referee made of it. A historical
 * record is not judged by its notes: where one disagrees with the position, the replay says so and
 * goes on.
 */
final class RecordNotes {
    private RecordNotes() {
    }

    /**
     * Whether the record counts the field's work after its moves ({@code c4 +}, {@code Bxf5+--}). A run
     * with a {@code -} in it is never a check mark, so one such run makes every run of the record a
     * count; elsewhere a {@code +} is the usual check.
     */
    static boolean countsFieldEffects(List<GameRecord.Turn> turns) {
        for (GameRecord.Turn t : turns) {
            List<String> tokens = Remarks.tokens(t.text());
            for (int i = 0; i < tokens.size(); i++) {
                Optional<String> next = i + 1 < tokens.size() ? Optional.of(tokens.get(i + 1)) : Optional.empty();
                if (Remarks.fieldMarks(tokens.get(i), next).filter(m -> m.pushed() > 0).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The notes of one accepted single-move turn that disagree with what happened, in words. */
    static List<String> disagreements(GameRecord.Turn turn, Position after, boolean countsFieldEffects) {
        List<String> out = new ArrayList<>();
        List<String> tokens = Remarks.tokens(turn.text());
        if (tokens.isEmpty()) {
            return out;
        }
        String move = tokens.get(0);
        if (countsFieldEffects) {
            Optional<Remarks.FieldMarks> marks = Remarks.fieldMarks(move, tokens.size() > 1 ? Optional.of(tokens.get(1)) : Optional.empty());
            Remarks.FieldMarks done = fieldWork(after);
            Remarks.FieldMarks written = marks.orElse(new Remarks.FieldMarks(0, 0));
            if (!written.equals(done)) {
                out.add("the record marks " + bare(move) + (written.written().isEmpty() ? " with no field effect" : " " + written.written())
                        + ", but the field " + Effect.Displace.PULLED + " " + done.pulled() + " and " + Effect.Displace.PUSHED
                        + " " + done.pushed() + (after.physics().aftermath().isEmpty() ? ""
                        : " (" + String.join("; ", after.physics().aftermath()) + ")"));
            }
        }
        for (String token : tokens) {
            Optional<String> square = Remarks.promotionSquare(token);
            if (square.isPresent()) {
                Optional<Piece> there = after.pieceAt(Square.of(square.get()));
                char piece = token.charAt(token.length() - 2);
                if (there.isEmpty() || there.get().type().letter() != piece) {
                    out.add("the record notes " + token + ", but no " + piece + " stands on " + square.get() + " after " + bare(move));
                }
            }
        }
        return out;
    }

    /** How many pieces the last move's field pulled and pushed. */
    private static Remarks.FieldMarks fieldWork(Position after) {
        int pulled = 0;
        int pushed = 0;
        for (String told : after.physics().aftermath()) {
            pulled += told.contains(" " + Effect.Displace.PULLED + " ") ? 1 : 0;
            pushed += told.contains(" " + Effect.Displace.PUSHED + " ") ? 1 : 0;
        }
        return new Remarks.FieldMarks(pulled, pushed);
    }

    private static String bare(String move) {
        return move.replaceAll("[+\\-#!?]+$", "");
    }
}
