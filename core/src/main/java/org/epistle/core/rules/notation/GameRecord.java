package org.epistle.core.rules.notation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.rules.board.Side;

/**
 * A game record as the documents print it, split into turns. Three layouts are read: White's and
 * Black's turns side by side in two columns ({@code 12. Ke2      (fbNF)c6-d4,(fhNrlbK)e6-f4}),
 * one turn per line ({@code 4...Bxe2/Bxf1}), and plain movetext ({@code 1 d4 Nf6/d5 2 Nc3/Nf3}); in
 * plain movetext the numbers may count every turn, as Progressive records do ({@code 1 d4 2 c5, cxd4}).
 * Lines starting with {@code #} are comments; PGN tags and "White: name (army)" lines are headers.
 */
public record GameRecord(Map<String, String> headers, List<Turn> turns, Optional<String> result) {

    /** One turn as written, with the number and side the record gives it. */
    public record Turn(int number, Side side, String text, int line) {
    }

    private static final Pattern TAG = Pattern.compile("^\\[(\\w+)\\s+\"(.*)\"]\\s*$");
    private static final Pattern PLAYER = Pattern.compile("^(White|Black)\\s*:\\s*(.*?)\\s*(?:\\((.+)\\))?\\s*$");
    private static final Pattern COLUMNS = Pattern.compile("^\\s*(\\d+)\\.?\\s+(\\S.*?)\\s{2,}(\\S.*?)\\s*$");
    private static final Pattern NUMBER = Pattern.compile("^(\\d+)(\\.{3}|…|\\.{1,2})?(.*)$");
    private static final Pattern RESULT = Pattern.compile("1-0|0-1|1/2-1/2|½-½|\\*");
    /** Castling written with zeros ("0-0") starts with a digit but is a move, not a move number. */
    private static final Pattern CASTLING = Pattern.compile("^0-0(-0)?[+#!?]*$");
    private static final Pattern ANSWER = Pattern.compile("\\[[^\\]]*]");
    private static final Pattern RESIGN = Pattern.compile("(?i)resigns?|resigned");

    public GameRecord {
        headers = Map.copyOf(headers);
        turns = List.copyOf(turns);
    }

    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name));
    }

    public static GameRecord read(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        List<Turn> turns = new ArrayList<>();
        String[] result = {null};
        StringBuilder movetext = new StringBuilder();
        List<Integer> movetextLines = new ArrayList<>();
        String[] lines = text.replace("\r", "").split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = stripComments(lines[i]);
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            Matcher tag = TAG.matcher(trimmed);
            if (tag.matches()) {
                headers.put(tag.group(1), tag.group(2));
                continue;
            }
            Matcher player = PLAYER.matcher(trimmed);
            if (player.matches()) {
                headers.put(player.group(1), player.group(2));
                if (player.group(3) != null) {
                    headers.put(player.group(1) + "Army", player.group(3));
                }
                continue;
            }
            Matcher columns = COLUMNS.matcher(line);
            if (columns.matches() && !line.trim().matches(".*\\d+\\.\\s.*\\d+\\..*")) {
                flush(movetext, movetextLines, turns, result);
                int number = Integer.parseInt(columns.group(1));
                addTurn(turns, result, number, Side.WHITE, columns.group(2), i + 1);
                addTurn(turns, result, number, Side.BLACK, columns.group(3), i + 1);
                continue;
            }
            movetext.append(trimmed).append('\n');
            movetextLines.add(i + 1);
        }
        flush(movetext, movetextLines, turns, result);
        return new GameRecord(headers, turns, Optional.ofNullable(result[0]));
    }

    private static String stripComments(String line) {
        return line.replaceAll("\\{[^}]*}", " ").replaceAll("\\$\\d+", " ");
    }

    private static void addTurn(List<Turn> turns, String[] result, int number, Side side, String text, int line) {
        String t = text.trim();
        if (RESULT.matcher(t).matches()) {
            result[0] = t.replace("½-½", "1/2-1/2");
            return;
        }
        if (RESIGN.matcher(t).matches()) {
            result[0] = side == Side.WHITE ? "0-1" : "1-0";
            return;
        }
        if (t.indexOf('[') > 0 || t.indexOf('[') == 0 && t.indexOf(']') < t.length() - 1) {
            // Quest-Chess: the opponent's answers stand in square brackets inside the turn they interrupt,
            // "3. Nxd5 [exd5] Nc3"; each part is a segment of its own, the bracketed ones the opponent's
            Matcher answer = ANSWER.matcher(t);
            int at = 0;
            while (answer.find()) {
                addSegment(turns, number, side, t.substring(at, answer.start()), line);
                addSegment(turns, number, side.opponent(), answer.group(), line);
                at = answer.end();
            }
            addSegment(turns, number, side, t.substring(at), line);
            return;
        }
        turns.add(new Turn(number, side, t, line));
    }

    private static void addSegment(List<Turn> turns, int number, Side side, String text, int line) {
        String t = text.replaceAll("^[,/\\s]+|[,/\\s]+$", "");
        if (!t.isEmpty()) {
            turns.add(new Turn(number, side, t, line));
        }
    }

    /** Plain movetext: numbers mark turns; a token ending in a comma continues the same turn. */
    private static void flush(StringBuilder movetext, List<Integer> lines, List<Turn> turns, String[] result) {
        if (movetext.length() == 0) {
            return;
        }
        int line = lines.get(0);
        int number = turns.isEmpty() ? 1 : turns.get(turns.size() - 1).number();
        Side side = turns.isEmpty() ? Side.WHITE : turns.get(turns.size() - 1).side().opponent();
        if (!turns.isEmpty() && side == Side.WHITE) {
            number++;
        }
        List<String> tokens = new ArrayList<>(List.of(movetext.toString().trim().split("\\s+")));
        StringBuilder current = new StringBuilder();
        // Progressive records number every turn, both sides' alike: 1 d4 2 c5, cxd4 3 e4, e5, Na3
        boolean countsTurns = false;
        int lastWritten = 0;
        for (int k = 0; k < tokens.size(); k++) {
            String token = tokens.get(k);
            Matcher num = NUMBER.matcher(token);
            boolean bareNumber = num.matches() && num.group(3).isEmpty() && !RESULT.matcher(token).matches();
            if (current.length() > 0 && bareNumber) {
                // a turn written with a trailing comma, then the next turn's number: "Bxh1, 7 e4"
                addTurn(turns, result, number, side, current.toString().replaceAll("[,/]+$", ""), line);
                current.setLength(0);
                if (side == Side.BLACK) {
                    number++;
                }
                side = side.opponent();
            }
            if (current.length() == 0 && num.matches() && !RESULT.matcher(token).matches() && !CASTLING.matcher(token).matches()) {
                int n = Integer.parseInt(num.group(1));
                boolean dots = num.group(2) != null && (num.group(2).equals("...") || num.group(2).equals("…"));
                if (!countsTurns && !dots && side == Side.BLACK && lastWritten > 0 && n == lastWritten + 1) {
                    countsTurns = true;
                }
                lastWritten = n;
                if (countsTurns) {
                    number = (n + 1) / 2;
                    side = n % 2 == 1 ? Side.WHITE : Side.BLACK;
                } else {
                    number = n;
                    side = dots ? Side.BLACK : Side.WHITE;
                }
                token = num.group(3);
                if (token.isEmpty()) {
                    continue;
                }
            }
            if (current.length() == 0 && (RESULT.matcher(token).matches() || RESIGN.matcher(token).matches())) {
                addTurn(turns, result, number, side, token, line);
                continue;
            }
            current.append(current.length() == 0 ? "" : " ").append(token);
            boolean resultNext = k + 1 < tokens.size() && RESULT.matcher(tokens.get(k + 1)).matches();
            boolean continues = token.endsWith(",") || token.endsWith("/") || token.endsWith("]") && !resultNext
                    || (k + 1 < tokens.size() && (tokens.get(k + 1).startsWith(",") || tokens.get(k + 1).startsWith("/")
                    || tokens.get(k + 1).startsWith("[")));
            if (!continues) {
                addTurn(turns, result, number, side, current.toString(), line);
                current.setLength(0);
                if (side == Side.BLACK) {
                    number++;
                }
                side = side.opponent();
            }
        }
        if (current.length() > 0) {
            addTurn(turns, result, number, side, current.toString(), line);
        }
        movetext.setLength(0);
        lines.clear();
    }
}
