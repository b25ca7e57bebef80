package org.epistle.core.rules.physics.travel;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.variant.Ruleset;

/**
 * The king's safety in Lene Hau Chess: a move must be legal as chess on the picture, and a turn
 * must leave the king out of check, also once the opponent's travellers take their next step.
 */
final class Safety {
    private Safety() {
    }

    /**
     * Some move the side may make now: for a one-move turn, a whole turn that leaves its king safe;
     * in the middle of a Progressive turn, a move that leaves the king out of check in the picture.
     */
    static Optional<Order> firstLegal(Scene scene, Side side, int movesThisTurn) {
        List<Trip> older = scene.travelling(side);
        for (Order o : scene.orders(side)) {
            if (chessKingSafety(scene, o, side, false) != null) {
                continue;
            }
            Scene trial = scene.copy();
            trial.play(o, side);
            if (trial.kingTaken[side.opponent().ordinal()]) {
                return Optional.of(o);
            }
            if (movesThisTurn > 1) {
                if (!trial.inCheck(side)) return Optional.of(o);
                continue;
            }
            trial.stepAll(older);
            if (trial.kingTaken[side.opponent().ordinal()] || danger(trial, side) == null) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /**
     * Why the order is no legal chess move on the picture, or null: read as chess, with the piece on
     * its destination at once, it may not leave the king attacked. (That the king is safe once the
     * piece has taken only its first step is asked separately, of the turn's end.)
     */
    static Illegality.Builder chessKingSafety(Scene scene, Order o, Side me, boolean wasInCheck) {
        Scene asChess = scene.asChessMove(o, me);
        int king = asChess.king(me);
        int attacker = king < 0 ? -1 : asChess.attacker(king, me.opponent());
        if (attacker < 0) {
            return null;
        }
        return inCheck(wasInCheck ? Reason.STILL_IN_CHECK : Reason.LEAVES_KING_IN_CHECK, asChess, wasInCheck ? scene.king(me) : king,
                attacker, me.opponent());
    }

    /**
     * Why the side's king is not safe at the end of its turn, or null: in check in the picture; or,
     * once the opponent's travellers step on (before the opponent could be answered), taken by an
     * arrival or in check. "If you are in check but it is your opponent's turn, you have lost."
     */
    static Illegality.Builder danger(Scene scene, Side me) {
        Side opponent = me.opponent();
        int king = scene.king(me);
        if (king < 0) {
            return null;
        }
        int attacker = scene.attacker(king, opponent);
        if (attacker >= 0) {
            return inCheck(Reason.TURN_ENDS_IN_CHECK, scene, king, attacker, opponent);
        }
        Scene next = scene.copy();
        List<Trip> coming = next.travelling(opponent);
        if (coming.isEmpty()) {
            return null;
        }
        next.stepAll(coming);
        Geometry g = scene.g;
        if (next.kingTaken[me.ordinal()]) {
            Trip arriving = coming.stream().filter(t -> t.destination() == king).findFirst().orElseThrow();
            return Illegality.of(Reason.KING_WHERE_TRAVELLER_ARRIVES).fact("king", g.square(king))
                    .fact("traveller", PieceNames.of(scene.rules, arriving.code())).fact("at", g.square(arriving.at()))
                    .mark(g.square(king), g.square(arriving.at()));
        }
        int kingNext = next.king(me);
        int attackerNext = next.attacker(kingNext, opponent);
        if (attackerNext >= 0) {
            return inCheck(Reason.CHECK_AFTER_NEXT_STEP, next, kingNext, attackerNext, opponent).fact("opponent", opponent.label());
        }
        return null;
    }

    static Illegality.Builder inCheck(Reason reason, Scene scene, int king, int attacker, Side by) {
        int code = scene.piecesOn(attacker).stream().filter(c -> Ruleset.sideOf(c) == by).findFirst().orElse(0);
        Geometry g = scene.g;
        return Illegality.of(reason).fact("king", g.square(king))
                .fact("attacker", code == 0 ? "an enemy piece" : PieceNames.of(scene.rules, code)).fact("at", g.square(attacker))
                .mark(g.square(king), g.square(attacker));
    }
}
