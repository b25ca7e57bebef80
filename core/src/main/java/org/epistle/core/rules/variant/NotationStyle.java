package org.epistle.core.rules.variant;

/** How the documents write a turn of this variant, which the notation writer follows. */
public enum NotationStyle {
    /** Standard algebraic, one move: {@code Nf3}, {@code exd5}, {@code O-O}. */
    SAN(" "),
    /** Standard algebraic, the moves of a turn joined by a slash: {@code Nf3/e4}. */
    SAN_SLASHED("/"),
    /** Standard algebraic, the moves of a turn joined by commas, as the Progressive records write them: {@code d5, Bg4, Bxd1, Kd7}. */
    SAN_COMMAS(", ");

    private final String joiner;

    NotationStyle(String joiner) {
        this.joiner = joiner;
    }

    public String joiner() {
        return joiner;
    }
}
