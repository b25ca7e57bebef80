package org.epistle.core.rules.board;

/** The two players. White moves towards higher ranks. */
public enum Side {
    WHITE, BLACK;

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** +1 for White (up the board), -1 for Black. */
    public int forward() {
        return this == WHITE ? 1 : -1;
    }

    public String label() {
        return this == WHITE ? "White" : "Black";
    }

    public String key() {
        return this == WHITE ? "white" : "black";
    }
}
