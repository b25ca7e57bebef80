package org.epistle.core.games.tournament;

/** One board of a round: the player with White against the player with Black, by pairing number (from 1). */
public record Pairing(int white, int black) {
    public Pairing {
        if (white < 1 || black < 1 || white == black) {
            throw new IllegalArgumentException("a pairing needs two different players numbered from 1, not "
                    + white + "-" + black);
        }
    }

    public boolean includes(int player) {
        return white == player || black == player;
    }

    public int opponentOf(int player) {
        if (!includes(player)) {
            throw new IllegalArgumentException("player " + player + " is not in " + this);
        }
        return white == player ? black : white;
    }

    /** The same two players with colours exchanged: the second cycle of a double round robin. */
    public Pairing reversed() {
        return new Pairing(black, white);
    }

    @Override
    public String toString() {
        return white + "-" + black;
    }
}
