package org.epistle.core.games.tournament;

/**
 * How a tournament game stands. Forfeits are games not played out (a withdrawal) that still give
 * points; annulled games are struck out as if never paired; unfinished games count for nothing yet.
 */
public enum Outcome {
    WHITE_WINS("1-0"),
    DRAW("½-½"),
    BLACK_WINS("0-1"),
    WHITE_WINS_BY_FORFEIT("+/−"),
    BLACK_WINS_BY_FORFEIT("−/+"),
    ANNULLED("annulled"),
    UNFINISHED("*");

    private final String mark;

    Outcome(String mark) {
        this.mark = mark;
    }

    /** The result as a crosstable or a PGN header reads it. */
    public String mark() {
        return mark;
    }

    /** Finished and counted: gives points to someone. */
    public boolean isDecided() {
        return this != ANNULLED && this != UNFINISHED;
    }

    public boolean isForfeit() {
        return this == WHITE_WINS_BY_FORFEIT || this == BLACK_WINS_BY_FORFEIT;
    }

    /** Played out over the board to a result. */
    public boolean isPlayed() {
        return this == WHITE_WINS || this == DRAW || this == BLACK_WINS;
    }

    /** The share of the game White took: 1, ½ or 0; only for decided games. */
    public double whiteShare() {
        return switch (this) {
            case WHITE_WINS, WHITE_WINS_BY_FORFEIT -> 1;
            case DRAW -> 0.5;
            case BLACK_WINS, BLACK_WINS_BY_FORFEIT -> 0;
            case ANNULLED, UNFINISHED -> throw new IllegalStateException(this + " gives no share");
        };
    }

    /** The forfeit that gives the game to whoever is not {@code withdrawnIsWhite}'s side. */
    public static Outcome forfeitAgainst(boolean withdrawnIsWhite) {
        return withdrawnIsWhite ? BLACK_WINS_BY_FORFEIT : WHITE_WINS_BY_FORFEIT;
    }
}
