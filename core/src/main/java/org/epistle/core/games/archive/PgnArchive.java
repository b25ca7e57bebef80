package org.epistle.core.games.archive;

import java.util.ArrayList;
import java.util.List;

/**
 * A PGN file split into its games. A game is its tag section and the movetext after it; the next tag line
 * after movetext starts the next game. Lines starting with {@code %} are the standard's escape lines and are
 * skipped; lines starting with {@code #} (the remarks of the documents' records) belong to the game that follows
 * or goes on, never start one; a byte-order mark and any line-end convention are accepted.
 */
public final class PgnArchive {
    /** A game's text, and the line of the file it starts on (counted from 1), for messages. */
    public record Entry(int line, String text) {
    }

    private PgnArchive() {
    }

    public static List<Entry> games(String file) {
        String text = file.startsWith("\uFEFF") ? file.substring(1) : file;
        String[] lines = text.split("\\r\\n|\\r|\\n", -1);
        List<Entry> games = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int start = 0;
        // remarks after a game's moves: they open the next game if tags follow, else they close this one
        StringBuilder remarks = new StringBuilder();
        int remarksStart = 0;
        boolean inMovetext = false;
        int braceDepth = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (braceDepth == 0 && trimmed.startsWith("%")) {
                continue;
            }
            boolean tag = braceDepth == 0 && trimmed.startsWith("[") && trimmed.endsWith("]");
            boolean remark = braceDepth == 0 && trimmed.startsWith("#");
            if (inMovetext && remark) {
                if (remarks.length() == 0) {
                    remarksStart = i + 1;
                }
                remarks.append(line).append('\n');
                continue;
            }
            if (tag && inMovetext) {
                add(games, start, current);
                current.setLength(0);
                inMovetext = false;
                if (remarks.length() > 0) {
                    current.append(remarks);
                    start = remarksStart;
                    remarks.setLength(0);
                }
            } else if (remarks.length() > 0 && !trimmed.isEmpty()) {
                current.append(remarks);
                remarks.setLength(0);
            }
            if (current.length() == 0 && !trimmed.isEmpty()) {
                start = i + 1;
            }
            if (!tag && !remark && !trimmed.isEmpty()) {
                inMovetext = true;
                braceDepth = depthAfter(trimmed, braceDepth);
            }
            if (current.length() > 0 || !trimmed.isEmpty()) {
                current.append(line).append('\n');
            }
        }
        current.append(remarks);
        add(games, start, current);
        return games;
    }

    private static void add(List<Entry> games, int line, StringBuilder text) {
        if (!text.toString().isBlank()) {
            games.add(new Entry(line, text.toString()));
        }
    }

    /** Comments in braces may run over lines, and a line inside one that looks like a tag is not a tag. */
    private static int depthAfter(String line, int depth) {
        int d = depth;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '{') {
                d++;
            } else if (c == '}' && d > 0) {
                d--;
            } else if (c == ';' && d == 0) {
                break; // a rest-of-line comment
            }
        }
        return d;
    }
}
