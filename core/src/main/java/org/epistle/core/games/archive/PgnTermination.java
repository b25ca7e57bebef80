package org.epistle.core.games.archive;

import java.util.Locale;
import java.util.Optional;

/**
 * The PGN standard's Termination values (section 9.8.1), and how the endings Epistle records map onto them.
 * The standard's words are coarse on purpose: "normal" covers mate, resignation, agreement and every draw the
 * rules give, so the exact ending goes into the closing comment, and an importer reads it back from the
 * final position where it can.
 */
public enum PgnTermination {
    NORMAL("normal"),
    TIME_FORFEIT("time forfeit"),
    ADJUDICATION("adjudication"),
    ABANDONED("abandoned"),
    RULES_INFRACTION("rules infraction"),
    UNTERMINATED("unterminated");

    /** Epistle's own words for endings that are not "normal". */
    public static final String TIME_FORFEIT_TEXT = "time forfeit";
    public static final String ADJUDICATION_TEXT = "adjudication";
    public static final String ABORTED_TEXT = "aborted by the admin";
    /** A tournament's forfeit of a withdrawn player's unfinished game. */
    public static final String FORFEIT_TEXT = "forfeit";
    /** An imported record that stops before the game ended. */
    public static final String UNFINISHED_TEXT = "unfinished when imported";

    private final String word;

    PgnTermination(String word) {
        this.word = word;
    }

    /** As the tag writes it. */
    public String word() {
        return word;
    }

    /**
     * The value for a game that ended (or not) with Epistle's {@code termination}.
     *
     * @param over whether the game has ended, with a result or stopped
     */
    public static PgnTermination of(boolean over, Optional<String> termination) {
        if (!over) {
            return UNTERMINATED;
        }
        String t = termination.orElse("").strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case TIME_FORFEIT_TEXT -> TIME_FORFEIT;
            case ADJUDICATION_TEXT -> ADJUDICATION;
            case ABORTED_TEXT -> ABANDONED;
            case FORFEIT_TEXT -> RULES_INFRACTION;
            case UNFINISHED_TEXT, "" -> UNTERMINATED;
            default -> NORMAL;
        };
    }

    /** Reads a tag's value, in any case; empty for a word the standard does not have. */
    public static Optional<PgnTermination> read(String value) {
        String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        for (PgnTermination t : values()) {
            if (t.word.equals(v)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
