package org.epistle.core.games.archive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * One game as PGN holds it: its tags in order, its turns in the game's own notation, the result and a closing
 * comment saying how it ended. {@link PgnWriter} writes it; the tags of the Seven Tag Roster always come first.
 */
public record PgnGame(Map<String, String> tags, List<Turn> turns, String result, Optional<String> closingComment) {
    /** The Seven Tag Roster, in the standard's order. */
    public static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    /** One turn: its number, whose it is, and what the game's notation writes for it ({@code Nf3}, {@code e4/d4}). */
    public record Turn(int number, Side side, String notation) {
    }

    public PgnGame {
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        turns = List.copyOf(turns);
    }

    /** A builder-like start: the roster's tags, each "?" until set, and no turns. */
    public static Map<String, String> roster() {
        Map<String, String> tags = new LinkedHashMap<>();
        for (String name : ROSTER) {
            tags.put(name, "?");
        }
        return tags;
    }

    /** The same game's turns written as tokens: {@code 1.}, {@code e4}, {@code 1...} where Black's turn opens a line. */
    List<String> movetext() {
        List<String> tokens = new ArrayList<>();
        Side expected = Side.WHITE;
        // Quest-Chess answers ("[Nxe5]") are segments of their own: each gets its number, or a reader cannot tell whose it is
        boolean numberEvery = turns.stream().anyMatch(t -> t.notation().startsWith("["));
        for (Turn t : turns) {
            if (t.side() == Side.WHITE) {
                tokens.add(t.number() + ".");
            } else if (numberEvery || expected != Side.BLACK || tokens.isEmpty()) {
                tokens.add(t.number() + "...");
            }
            tokens.add(t.notation());
            expected = t.side().opponent();
        }
        return tokens;
    }
}
