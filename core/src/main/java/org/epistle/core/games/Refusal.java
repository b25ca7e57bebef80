package org.epistle.core.games;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.position.Position;

/**
 * Why a turn or command is not acted on, in our own words: a code for the templates, one plain
 * sentence, and what the player may do instead. The words depend on where the player wrote: a mail
 * is answered about "your mail" and its {@code #12}, the web form about the page.
 *
 * @param notAccepted the exact part of the turn that was not accepted ("" when it is the turn as a whole)
 * @param marked      the squares the explanation is about
 */
public record Refusal(String reason, String explanation, String hint, String notAccepted, List<Square> marked) {

    public Refusal {
        marked = List.copyOf(marked);
    }

    Refusal(String reason, String explanation, String hint) {
        this(reason, explanation, hint, "", List.of());
    }

    /** The referee's refusal of a turn. */
    static Refusal of(Illegality why) {
        return new Refusal(why.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'), why.explanation(), why.hint(),
                why.moveIndex() >= 0 ? why.moveText() : "", why.marked());
    }

    /** Whether a turn sent by this side, answering this turn number, may be judged at all. */
    static Optional<Refusal> ofTurn(Game game, Side side, OptionalInt answers, boolean byMail) {
        if (!game.row().isActive()) {
            return Optional.of(gameOver(game, byMail));
        }
        Position p = game.position();
        int now = p.turnNumber();
        Side toMove = p.sideToMove();
        boolean playedAlready = answers.isPresent()
                && (answers.getAsInt() < now || answers.getAsInt() == now && side == Side.WHITE && toMove == Side.BLACK);
        if (answers.isPresent() && (answers.getAsInt() != now || side != toMove) && (side == toMove || playedAlready)) {
            if (!byMail) {
                return Optional.of(new Refusal("stale-turn-number",
                        "Your turn was sent from the page of turn " + answers.getAsInt() + ", but the game is now at turn " + now
                                + ", " + toMove.label() + " to move, so it was not played.",
                        side == toMove ? "The position has changed since you opened the page: look at the board before you choose "
                                + "your turn " + now + "." : waitFor(toMove)));
            }
            return Optional.of(new Refusal("stale-turn-number",
                    "Your mail answers turn " + answers.getAsInt() + ", an earlier position: the game is now at turn " + now
                            + ", " + toMove.label() + " to move, so your turn was not played.",
                    side == toMove ? "The board below shows the game as it is now, at turn " + now
                            + ": choose your turn for this position and reply with it."
                            : waitFor(toMove)));
        }
        if (side != toMove) {
            return Optional.of(new Refusal("not-your-turn",
                    "It is " + toMove.label() + "'s turn (turn " + now + "), not yours.", waitFor(toMove)));
        }
        return Optional.empty();
    }

    /** Another submission for the same game was applied while this one was being judged. */
    static Refusal crossed(Game game, Side side, boolean byMail) {
        if (!game.row().isActive()) {
            return gameOver(game, byMail);
        }
        Side toMove = game.position().sideToMove();
        return new Refusal("crossed",
                "Another turn of this game was played while yours was being read, so yours was not applied; the game is now at turn "
                        + game.position().turnNumber() + ", " + toMove.label() + " to move.",
                side == toMove ? "Look at the new position below before you choose your turn." : waitFor(toMove));
    }

    static Refusal gameOver(Game game, boolean byMail) {
        String how = game.row().result() == null ? "it was stopped (" + game.row().termination() + ")"
                : game.row().result() + " (" + game.row().termination() + ")";
        return new Refusal("game-over", "The game is over: " + how + ".",
                byMail ? "You may still reply with board or history." : "");
    }

    static Refusal noDrawOffer(Side side, String verb, boolean byMail) {
        return new Refusal("no-draw-offer", "There is no draw offer from " + side.opponent().label() + " to " + verb + ".",
                byMail ? "You may offer a draw yourself: reply draw." : "You may offer a draw yourself.");
    }

    static Refusal noDrawToClaim(String why) {
        return new Refusal("no-draw-to-claim", "There is no draw to claim: " + why + ".",
                "You may offer a draw instead: reply draw.");
    }

    static Refusal drawAlreadyOffered(Side side) {
        return new Refusal("draw-already-offered",
                "You have offered a draw already; it stands until " + side.opponent().label() + " answers it or plays a turn.", "");
    }

    private static String waitFor(Side toMove) {
        return "You will get a mail when " + toMove.label() + " has played.";
    }

    /** The line for the inbound ledger. */
    public String summary() {
        return reason + ": " + explanation;
    }
}
