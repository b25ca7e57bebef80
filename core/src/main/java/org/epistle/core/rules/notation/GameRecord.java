package org.epistle.core.rules.notation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;

/**
 * A game record as the documents print it, split into turns. Three layouts are read: White's and
 * Black's turns side by side in two columns ({@code 12. Ke2      (fbNF)c6-d4,(fhNrlbK)e6-f4}),
 * one turn per line ({@code 4...Bxe2/Bxf1}), and plain movetext ({@code 1 d4 Nf6/d5 2 Nc3/Nf3}); in
 * plain movetext the numbers may count every turn, as Progressive records do ({@code 1 d4 2 c5, cxd4}).
 * Lines starting with {@code #} are comments; PGN tags and "White: name (army)" lines are headers.
 */
public record GameRecord(Map<String, String> headers, List<Turn> turns, Optional<String> result) {

    /**
     * One turn as written, with the number and side the record gives it, its notes ({@code ++--},
     * {@code (ch)}, {@code (c8=Q)}) left in the text, and the slips a record marks after it.
     */
    public record Turn(int number, Side side, String text, int line, List<Slip> slips, boolean markedAsPlayed) {
        public Turn {
            slips = List.copyOf(slips);
        }

        public Turn(int number, Side side, String text, int line) {
            this(number, side, text, line, List.of(), false);
        }

        Turn noted(String note) {
            return new Turn(number, side, text + " " + note, line, slips, markedAsPlayed);
        }

        Turn slipped(Slip slip) {
            List<Slip> more = new ArrayList<>(slips);
            more.add(slip);
            return new Turn(number, side, text, line, more, markedAsPlayed);
        }

        /**
         * The record marks this turn, {@code {as played: …}}, as one the players made although the rules
         * forbid it (the document says so): a replay reports the refusal and makes the turn as written.
         */
        Turn asPlayed() {
            return new Turn(number, side, text, line, slips, true);
        }
    }

    /**
     * An over-the-board slip a record marks after a turn, {@code {slip: g2-h2 …}}: the players went on
     * with the piece on {@code from} standing on {@code to}, where the rules had not put it. Replaying the
     * record puts it there too, and says so, so that the rest of the game can be followed as it was played.
     */
    public record Slip(Square from, Square to) {
        @Override
        public String toString() {
            return from + "-" + to;
        }
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
    private static final Pattern SLIP_COMMENT = Pattern.compile("\\{slip:\\s*([a-p](?:1[0-6]|[1-9]))-([a-p](?:1[0-6]|[1-9]))[^}]*}");
    private static final String SLIP_TOKEN = "@slip:";
    private static final Pattern AS_PLAYED_COMMENT = Pattern.compile("\\{as played:[^}]*}");
    private static final String AS_PLAYED_TOKEN = "@asplayed";
    private static final Pattern ELLIPSIS = Pattern.compile("\\.{2,}|…");
    /** A side line: what might have been played, not the game. */
    private static final Pattern SIDE_LINE = Pattern.compile("(?i)^if\\s.*");
    /** A quoted mail in a record ("} -I thought 11...g6:h5 was the most difficult"): the correspondents' talk. */
    private static final Pattern QUOTED = Pattern.compile("^[}>].*");

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
        // the documents set their columns with no-break spaces as often as with spaces
        String[] lines = text.replace("\r", "").replace('\u00a0', ' ').split("\n", -1);
        String[] movetextLines2 = withoutComments(lines);
        for (int i = 0; i < lines.length; i++) {
            String line = isHeader(lines[i]) ? lines[i] : movetextLines2[i];
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
            if (QUOTED.matcher(trimmed).matches() || SIDE_LINE.matcher(trimmed).matches() || isProse(trimmed)) {
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
        // a result the prose gives ("Black soon resigned") stands in a Result tag, as in PGN
        return new GameRecord(headers, turns, Optional.ofNullable(result[0]).or(() -> Optional.ofNullable(headers.get("Result"))));
    }

    /**
     * Every line with its comments taken out (they may run over lines), header lines blanked whole so
     * that a player's army in parentheses is not read as a comment; a slip's mark becomes a token.
     */
    private static String[] withoutComments(String[] lines) {
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(isHeader(line) ? " ".repeat(line.length()) : line).append('\n');
        }
        Matcher slip = SLIP_COMMENT.matcher(text);
        StringBuilder marked = new StringBuilder();
        while (slip.find()) {
            String token = SLIP_TOKEN + slip.group(1) + "-" + slip.group(2);
            String lineBreaks = slip.group().replaceAll("[^\\n]", "");
            slip.appendReplacement(marked, Matcher.quoteReplacement(" " + token + " " + lineBreaks));
        }
        slip.appendTail(marked);
        Matcher asPlayed = AS_PLAYED_COMMENT.matcher(marked.toString());
        StringBuilder markedAgain = new StringBuilder();
        while (asPlayed.find()) {
            String lineBreaks = asPlayed.group().replaceAll("[^\\n]", "");
            // no spaces added: in a record of two columns a wider gap would read as the next column
            asPlayed.appendReplacement(markedAgain, Matcher.quoteReplacement(AS_PLAYED_TOKEN + lineBreaks));
        }
        asPlayed.appendTail(markedAgain);
        return Remarks.blankComments(markedAgain.toString()).replaceAll("\\$\\d+", " ").split("\n", -1);
    }

    private static boolean isHeader(String line) {
        String t = line.trim();
        return t.startsWith("#") || TAG.matcher(t).matches() || PLAYER.matcher(t).matches();
    }

    /** A line of words in a record, with no move, number or result in it: the author talking. */
    private static boolean isProse(String line) {
        if (Character.isDigit(line.charAt(0))) {
            return false;
        }
        for (String token : line.split("[\\s,/]+")) {
            String t = token.replaceAll("[,/.;]+$", "");
            if (t.isEmpty() || RESULT.matcher(t).matches() || isMark(t)) {
                return false;
            }
            try {
                // two letters read as an abbreviated capture ("of", "in"), so prose is told by its other words
                if (!MoveReader.move(t).isFileCapture()) {
                    return false;
                }
            } catch (NotationException notAMove) {
                // a word: read on
            }
        }
        return true;
    }

    private static void addTurn(List<Turn> turns, String[] result, int number, Side side, String text, int line) {
        String t = text.trim();
        Matcher last = Pattern.compile("^(.*\\S)\\s+(" + RESULT.pattern() + ")$").matcher(t);
        if (last.matches()) {
            // "resign  1-0" in a column: the result closes the record
            result[0] = last.group(2).replace("½-½", "1/2-1/2");
            t = last.group(1).trim();
            if (RESIGN.matcher(t).matches()) {
                return;
            }
        }
        if (isMark(t) || Remarks.isNote(t)) {
            attach(turns, t);
            return;
        }
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
        List<String> parts = Remarks.tokens(t);
        StringBuilder moves = new StringBuilder();
        List<String> slips = new ArrayList<>();
        for (String part : parts) {
            if (isMark(part)) {
                slips.add(part);
            } else {
                moves.append(moves.length() == 0 ? "" : " ").append(part);
            }
        }
        turns.add(new Turn(number, side, slips.isEmpty() ? t : moves.toString(), line));
        slips.forEach(slip -> attach(turns, slip));
    }

    /** A correction the record marks: a slip, or a turn made against the rules. */
    private static boolean isMark(String token) {
        return token.startsWith(SLIP_TOKEN) || token.equals(AS_PLAYED_TOKEN);
    }

    /** A note or a mark belongs to the turn before it. */
    private static void attach(List<Turn> turns, String token) {
        if (turns.isEmpty()) {
            return;
        }
        Turn last = turns.remove(turns.size() - 1);
        if (token.equals(AS_PLAYED_TOKEN)) {
            turns.add(last.asPlayed());
        } else if (token.startsWith(SLIP_TOKEN)) {
            String[] squares = token.substring(SLIP_TOKEN.length()).split("-");
            turns.add(last.slipped(new Slip(Square.of(squares[0]), Square.of(squares[1]))));
        } else {
            turns.add(last.noted(token));
        }
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
        List<String> tokens = Remarks.tokens(movetext.toString());
        StringBuilder current = new StringBuilder();
        // Progressive records number every turn, both sides' alike: 1 d4 2 c5, cxd4 3 e4, e5, Na3
        boolean countsTurns = false;
        int lastWritten = 0;
        for (int k = 0; k < tokens.size(); k++) {
            String token = tokens.get(k);
            if (ELLIPSIS.matcher(token).matches()) {
                continue;  // "4. Bg5 ..." and, after a diagram, "4... Bxd4": the turn goes on below
            }
            if (current.length() == 0 && (Remarks.isNote(token) || isMark(token))) {
                attach(turns, token);  // "c4 +", "Qg6 +- (ch)", "Nxc2+ (c8=Q)": about the move before
                continue;
            }
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
