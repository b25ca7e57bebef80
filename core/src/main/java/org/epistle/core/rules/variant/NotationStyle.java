package org.epistle.core.rules.variant;

/** How the documents write a turn of this variant, which the notation writer follows. */
public enum NotationStyle {
    /** Standard algebraic, one move: {@code Nf3}, {@code exd5}, {@code O-O}. */
    SAN(" ", "Nf3", ""),
    /** Standard algebraic, the moves of a turn joined by a slash: {@code Nf3/e4}. */
    SAN_SLASHED("/", "Nf3/e4",
            "A turn is its moves joined by a slash: Nf3/e4. A check ends the turn, so a turn may be one checking move: Qh5+."),
    /**
     * Long algebraic events in the order they were resolved, army pieces by Betza in parentheses,
     * {@code :} for a capture and {@code e6-e6} for a stop: {@code e4-e6, (HFD)f1-e2} (Momentum Chess).
     */
    EVENTS(", ", "e4-e6, Nb1-c3",
            "A turn is its events in the order they happen, separated by commas: each of your pieces in motion going "
            + "on (e4-e6), and your one start (Nb1-c3) or stop (a move to the same square, d3-d3). Pieces that cannot "
            + "go on stop by themselves and need not be written.");

    private final String joiner;
    private final String example;
    private final String turnHelp;

    NotationStyle(String joiner, String example, String turnHelp) {
        this.joiner = joiner;
        this.example = example;
        this.turnHelp = turnHelp;
    }

    /** A turn written in this style, for "e.g." in instructions and refusals. */
    public String example() {
        return example;
    }

    /** How a turn of several moves or events is put together, in one or two sentences; "" for one move. */
    public String turnHelp() {
        return turnHelp;
    }

    public String joiner() {
        return joiner;
    }
}
