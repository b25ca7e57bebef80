package org.epistle.core.games;

import java.util.OptionalInt;

/**
 * What a player asks for in a mail. Every command answers {@link #accept} with the case made for
 * it, so whoever handles commands handles all of them (the compiler sees to it).
 */
public sealed interface Command permits Command.Move, Command.Resign, Command.OfferDraw, Command.AcceptDraw,
        Command.DeclineDraw, Command.ClaimDraw, Command.ShowBoard, Command.ShowHistory, Command.Help,
        Command.Conditional {

    <R> R accept(Cases<R> cases);

    /** One method per command. */
    interface Cases<R> {
        R move(Move move);

        R resign();

        R offerDraw();

        R acceptDraw();

        R declineDraw();

        R claimDraw();

        R showBoard();

        R showHistory();

        R help();

        R conditional(Conditional line);
    }

    /**
     * A turn in the game's notation; {@code turnNumber} is the turn it answers when the player
     * named one ({@code #12}), otherwise the current turn is meant. {@code offersDraw}: the player
     * offers a draw with the turn ({@code Nf3 draw}); the offer stands once the turn is played.
     */
    record Move(String text, OptionalInt turnNumber, boolean offersDraw) implements Command {
        public Move {
            text = text.strip();
        }

        public Move(String text, OptionalInt turnNumber) {
            this(text, turnNumber, false);
        }

        public Move(String text) {
            this(text, OptionalInt.empty());
        }

        /** The same turn, with a draw offer. */
        public Move offeringDraw() {
            return new Move(text, turnNumber, true);
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.move(this);
        }
    }

    record Resign() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.resign();
        }
    }

    record OfferDraw() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.offerDraw();
        }
    }

    record AcceptDraw() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.acceptDraw();
        }
    }

    record DeclineDraw() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.declineDraw();
        }
    }

    /** A draw the rules let a player claim without the opponent's consent (Italian Progressive's quiet turns). */
    record ClaimDraw() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.claimDraw();
        }
    }

    record ShowBoard() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.showBoard();
        }
    }

    record ShowHistory() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.showHistory();
        }
    }

    record Help() implements Command {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.help();
        }
    }

    /**
     * A conditional line as the player wrote it ({@code if Nf3 then Nc6 if Bb5 then a6}, or {@code if cancel}):
     * replies queued for the opponent's expected turns. Read and judged when it is handled.
     */
    record Conditional(String text) implements Command {
        public Conditional {
            text = text.strip();
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.conditional(this);
        }
    }
}
