package org.epistle.core.rules.variant;

/** How the documents write a turn of this variant, which the notation writer follows. */
public enum NotationStyle {
    /** Standard algebraic, one move: {@code Nf3}, {@code exd5}, {@code O-O}. */
    SAN(" "),
    /** Standard algebraic, the moves of a turn joined by a slash: {@code Nf3/e4}. */
    SAN_SLASHED("/"),
    /**
     * Long algebraic events in the order they were resolved, army pieces by Betza in parentheses,
     * {@code :} for a capture and {@code e6-e6} for a stop: {@code e4-e6, (HFD)f1-e2} (Momentum Chess).
     */
    EVENTS(", ");

    private final String joiner;

    NotationStyle(String joiner) {
        this.joiner = joiner;
    }

    public String joiner() {
        return joiner;
    }
}
