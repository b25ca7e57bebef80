package org.epistle.core.games;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.variant.Variant;

/** How to answer a mail, in the words the mails use. */
final class Instructions {
    private Instructions() {
    }

    static String forRecipient(Game game, Side recipient) {
        if (!game.row().isActive()) {
            return "The game is over. You may still reply with board or history.";
        }
        Side toMove = game.position().sideToMove();
        String draw = game.row().drawOfferedBy() == recipient.opponent()
                ? recipient.opponent().label() + " offers a draw: reply accept or decline. " : "";
        java.util.Optional<TurnRule.Request> asked = game.variant().physics(TurnRule.class).flatMap(r -> r.request(game.position()));
        if (asked.isPresent()) {
            // a turn of more shapes than "your turn" (Quest-Chess: answer a capture, go on, get out of check)
            return draw + (toMove == recipient
                    ? asked.get().toMover() + " Put it on the first line; to make sure it answers this moment of the game, add #"
                    + game.position().turnNumber() + ". Other commands: resign, draw, board, history, help."
                    : asked.get().toOther() + " Meanwhile you may reply with draw, resign, board, history or help.");
        }
        if (toMove == recipient) {
            return draw + "Reply to this mail with your turn on the first line, e.g. " + example(game.variant())
                    + ". To make sure it answers this turn, add #" + game.position().turnNumber()
                    + ". Other commands: resign, draw, board, history, help.";
        }
        return draw + "It is " + toMove.label() + "'s turn; you will get a mail when it is played. Meanwhile you may reply "
                + "with draw, resign, board, history or help.";
    }

    static String example(Variant variant) {
        return variant.notation().example();
    }

    static String notation(Variant variant) {
        String moves = "Write each move in algebraic notation: e4, Nf3, exd5, O-O, e8=Q; the long form Ng1-f3 or e2-e4 is read too. "
                + "A piece of a Different Army is written with the letter of the piece it stands in for (R, N, B, Q), "
                + "or by its Betza definition in parentheses: (fhNrlbK)c8-d6.";
        if (org.epistle.core.rules.physics.AfterMove.readsChoice(variant)) {
            moves += " Where the rules leave you a choice that your move sets off, write it after the move, as the rules show"
                    + " (Rg8=Q, Bxd4=R, Nf3(RAAR)).";
        }
        if (variant.physics(org.epistle.core.rules.physics.TurnRule.class).map(r -> r.allowsPass()).orElse(false)) {
            moves += " When you have no legal move but pieces on their way, write pass.";
        }
        if (!variant.notation().turnHelp().isEmpty()) {
            moves += " " + variant.notation().turnHelp();
        }
        if (variant.isMultiMove()) {
            // the check rule differs between the multi-move games: say it only where it is Marseillais'
            moves += variant.checkPolicy() == org.epistle.core.rules.variant.CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN
                    ? " A check ends the turn, so a turn may be one checking move: Qh5+."
                    : " How many moves a turn has, and what a check does to it, is in the rules: reply help.";
        }
        return moves + " To answer a particular turn, add its number: #12 " + variant.notation().example() + ".";
    }
}
