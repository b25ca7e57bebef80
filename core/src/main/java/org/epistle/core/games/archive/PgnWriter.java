package org.epistle.core.games.archive;

import java.util.List;
import java.util.Map;

/**
 * Writes a {@link PgnGame} in PGN's export form: the Seven Tag Roster first and in order, the other tags after
 * it, a blank line, the movetext wrapped before 80 columns, the closing comment, and the result.
 */
public final class PgnWriter {
    private static final int WIDTH = 79;

    private PgnWriter() {
    }

    public static String write(PgnGame game) {
        StringBuilder sb = new StringBuilder();
        for (String name : PgnGame.ROSTER) {
            tag(sb, name, name.equals("Result") ? game.result() : game.tags().getOrDefault(name, "?"));
        }
        for (Map.Entry<String, String> t : game.tags().entrySet()) {
            if (!PgnGame.ROSTER.contains(t.getKey())) {
                tag(sb, t.getKey(), t.getValue());
            }
        }
        sb.append('\n');
        List<String> tokens = new java.util.ArrayList<>(game.movetext());
        game.closingComment().filter(c -> !c.isBlank()).ifPresent(c -> {
            // braces inside would end the comment early; its words wrap like the moves'
            String[] words = c.replace("}", ")").replace("{", "(").strip().split("\\s+");
            words[0] = "{" + words[0];
            words[words.length - 1] = words[words.length - 1] + "}";
            tokens.addAll(List.of(words));
        });
        tokens.add(game.result());
        wrap(sb, tokens);
        return sb.toString();
    }

    /** Writes many games, a blank line between them, as a PGN file holds them. */
    public static String writeAll(List<PgnGame> games) {
        StringBuilder sb = new StringBuilder();
        for (PgnGame g : games) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(write(g));
        }
        return sb.toString();
    }

    private static void tag(StringBuilder sb, String name, String value) {
        // a tag value is one line: a line break in a name would end the tag section early
        String oneLine = value.replaceAll("[\\r\\n\\t]+", " ");
        sb.append('[').append(name).append(" \"").append(oneLine.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }

    /** Words are never split; a word longer than a line (a long multi-move turn) gets a line of its own. */
    private static void wrap(StringBuilder sb, List<String> tokens) {
        int column = 0;
        for (String token : tokens) {
            if (column > 0 && column + 1 + token.length() > WIDTH) {
                sb.append('\n');
                column = 0;
            } else if (column > 0) {
                sb.append(' ');
                column++;
            }
            sb.append(token);
            column += token.length();
        }
        sb.append('\n');
    }
}
