package org.epistle.core.rules.variant;

/** How the documents write a turn of this variant, which the notation writer follows. */
public enum NotationStyle {
    /** Standard algebraic, one move: {@code Nf3}, {@code exd5}, {@code O-O}. */
    SAN(" ", "Nf3", ""),
    /** Standard algebraic, the moves of a turn joined by a slash: {@code Nf3/e4}. */
    SAN_SLASHED("/", "Nf3/e4", "A turn is its moves joined by a slash: Nf3/e4."),
    /** Standard algebraic, the moves of a turn joined by commas, as the Progressive records write them: {@code d5, Bg4, Bxd1, Kd7}. */
    SAN_COMMAS(", ", "Nf3, e4", "A turn is its moves joined by commas: Nf3, e4."),
    /**
     * Long algebraic events in the order they were resolved, army pieces by Betza in parentheses,
     * {@code :} for a capture and {@code e6-e6} for a stop: {@code e4-e6, (HFD)f1-e2} (Momentum Chess).
     */
    EVENTS(", ", "e4-e6, Nb1-c3",
            "A turn is its events in the order they happen, separated by commas: each of your pieces in motion going "
            + "on (e4-e6), and your one start (Nb1-c3) or stop (a move to the same square, d3-d3). A piece in motion "
            + "you leave out goes on by itself after the events you write, or stops by itself if it cannot go on."),
    /**
     * Realm Chess: one move in SAN or long algebraic; the men of a concentration or dispersal each with
     * the square he leaves, joined by commas ({@code Nb1-c3, d2-d4}); men put on squares by a
     * rearrangement written {@code Ke1=f1, Bf1=e1}.
     */
    REALM(", ", "Nb1-c3, d2-d4",
            "A turn is one move (e4, Nxf7, O-O); or the moves of a concentration or dispersal joined by commas, each man "
            + "with the square he leaves (Nb1-c3, d2-d4); or a rearrangement, each man's square, =, and the square he is "
            + "put on (Ke1=f1, Bf1=e1).");

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

    /**
     * A move in SAN written the way this style's documents write promotions: the multi-move records
     * put the new piece in parentheses ({@code b1(Q)}, {@code cxd1(Q)+}, {@code bxa8(B)}); chess keeps {@code =Q}.
     */
    public String promotionStyled(String san) {
        if (this == SAN_SLASHED || this == SAN_COMMAS) {
            return san.replaceFirst("=([A-Z])$", "($1)");
        }
        return san;
    }
}
