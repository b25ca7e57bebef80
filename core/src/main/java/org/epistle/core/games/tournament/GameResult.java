package org.epistle.core.games.tournament;

/** One game of a tournament as the standings see it: its round, who had which colour, and how it stands. */
public record GameResult(int round, Pairing pairing, Outcome outcome) {
    public GameResult {
        if (round < 1) {
            throw new IllegalArgumentException("rounds are numbered from 1");
        }
    }

    public static GameResult of(int round, int white, int black, Outcome outcome) {
        return new GameResult(round, new Pairing(white, black), outcome);
    }

    public boolean involves(int player) {
        return pairing.includes(player);
    }

    public int opponentOf(int player) {
        return pairing.opponentOf(player);
    }

    /** The share of the game {@code player} took (1, ½, 0); only for decided games. */
    public double shareOf(int player) {
        double white = outcome.whiteShare();
        return pairing.white() == player ? white : 1 - white;
    }

    public boolean isWonBy(int player) {
        return outcome.isDecided() && shareOf(player) == 1;
    }

    public GameResult with(Outcome other) {
        return new GameResult(round, pairing, other);
    }
}
