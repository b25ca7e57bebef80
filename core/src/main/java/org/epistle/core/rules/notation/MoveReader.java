package org.epistle.core.rules.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.rules.board.Square;

/**
 * Reads every move notation found in the documents: SAN ({@code Nf3}, {@code exd5},
 * {@code e8=Q}, {@code O-O}, {@code 0-0-0}), long algebraic with {@code -}, {@code x} or {@code :}
 * ({@code e2-e4}, {@code Nf3xe5}, {@code Bb5:e8}, {@code K:f2}, {@code f:g4}), pieces named by
 * Betza in parentheses ({@code (fhNrlbK)c8-d6}), stop orders ({@code (HFD)e2-e2}) and promotions
 * written {@code =Q}, {@code (Q)} or {@code Q}, and men put on a square rather than moved there
 * ({@code Ke1=f1}, a Realm Chess rearrangement). A turn is several moves separated by commas,
 * slashes or spaces, with move numbers and annotation marks left out.
 */
public final class MoveReader {
    private static final String SQUARE_FILE = "[a-p]";
    private static final String SQUARE_RANK = "(?:1[0-6]|[1-9])";
    private static final Pattern MOVE = Pattern.compile(
            "(?:\\((?<betza>[A-Za-z0-9]+)\\)|(?<letter>[KQRBNP]))?"
            + "(?<ff>" + SQUARE_FILE + ")?(?<fr>" + SQUARE_RANK + ")?"
            + "(?<sep>[-x:=])?"
            + "(?<tf>" + SQUARE_FILE + ")(?<tr>" + SQUARE_RANK + ")"
            + "(?:=(?<p1>[QRBN])|=?\\((?<p2>[A-Za-z0-9]+)\\)|(?<p3>[QRBN]))?");
    private static final Pattern CASTLING = Pattern.compile("(?i)([O0])-\\1(-\\1)?");
    private static final Pattern MOVE_NUMBER = Pattern.compile("\\d+(\\.+|…)?|\\.+|…");
    private static final Pattern MARKS = Pattern.compile("(?:[+#!?]|e\\.p\\.|ep)+$");
    /** The same marks and the field's pushes ({@code -}), which only ever follow a complete move. */
    private static final Pattern MARKS_AFTER_MOVE = Pattern.compile("(?:[+#!?\\-]|\\(!\\)|e\\.p\\.|ep)+$");
    /** A pawn capture that names the files and leaves the rank to the position: {@code exd}, {@code ed}, {@code exd=Q}. */
    private static final Pattern FILE_CAPTURE = Pattern.compile("(?<ff>" + SQUARE_FILE + ")[x:]?(?<tf>" + SQUARE_FILE + ")(?:=?(?<p>[QRBN]))?");

    private MoveReader() {
    }

    /** Reads one move. */
    public static MoveText move(String written) {
        String whole = strip(written);
        int and = whole.indexOf('&');
        if (and >= 0) {
            // a united move of Brick Chess: the man whose power is used, then the man it carries
            MoveText carrier = single(whole.substring(0, and));
            MoveText passenger = single(whole.substring(and + 1));
            if (carrier.from().isEmpty() || passenger.from().isEmpty() || carrier.isCastling() || passenger.isCastling()) {
                throw new NotationException(whole, 0, "A united move names both men's squares: Ra1-a4&Nb1-b4.");
            }
            return carrier.carrying(passenger, whole);
        }
        return single(whole);
    }

    private static MoveText single(String written) {
        String text = strip(written);
        if (text.isEmpty()) {
            throw new NotationException(written, 0, "There is no move here.");
        }
        if (text.equalsIgnoreCase(MoveText.PASS)) {
            return MoveText.pass();
        }
        if (CASTLING.matcher(text).matches()) {
            String kind = text.length() > 3 ? "O-O-O" : "O-O";
            return new MoveText(kind, 'K', Optional.empty(), -1, -1, Optional.empty(), false, Optional.empty(), Optional.of(kind));
        }
        Matcher m = MOVE.matcher(text);
        Matcher files = FILE_CAPTURE.matcher(text);
        if (!m.matches() && files.matches() && files.group("ff").charAt(0) != files.group("tf").charAt(0)) {
            return MoveText.fileCapture(text, files.group("ff").charAt(0) - 'a', files.group("tf").charAt(0) - 'a',
                    Optional.ofNullable(files.group("p")));
        }
        if (!m.matches()) {
            int spot = firstUnreadable(text);
            throw new NotationException(text, spot, spot >= text.length()
                    ? "\"" + text + "\" stops before the move is complete: a move ends with the square it goes to."
                    : "\"" + text + "\" cannot be read as a move from the '" + text.charAt(spot) + "' at character " + (spot + 1) + " on.");
        }
        char letter = m.group("letter") == null ? 0 : m.group("letter").charAt(0);
        int ff = m.group("ff") == null ? -1 : m.group("ff").charAt(0) - 'a';
        int fr = m.group("fr") == null ? -1 : Integer.parseInt(m.group("fr")) - 1;
        Square to = new Square(m.group("tf").charAt(0) - 'a', Integer.parseInt(m.group("tr")) - 1);
        String sep = m.group("sep");
        String promo = m.group("p1") != null ? m.group("p1") : m.group("p2") != null ? m.group("p2") : m.group("p3");
        if ("=".equals(sep)) {
            // a man put on a square (Ke1=f1): it names where he stands, and nothing comes after the square
            if (ff < 0 || fr < 0 || promo != null) {
                throw new NotationException(text, 0, "\"" + text + "\" puts a man on a square: write the square he stands on, "
                        + "=, and the square he is put on, as in Ke1=f1.");
            }
            return new MoveText(text, letter, Optional.ofNullable(m.group("betza")), ff, fr, Optional.of(to), false,
                    Optional.empty(), Optional.empty()).asPlacement();
        }
        return new MoveText(text, letter, Optional.ofNullable(m.group("betza")), ff, fr, Optional.of(to),
                sep != null && !sep.equals("-"), Optional.ofNullable(promo), Optional.empty());
    }

    /** Reads the moves of one turn, in the order written. */
    public static List<MoveText> turn(String written) {
        List<MoveText> moves = new ArrayList<>();
        for (String token : tokens(written)) {
            moves.add(move(token));
        }
        if (moves.isEmpty()) {
            throw new NotationException(written, 0, "There is no move in \"" + written.trim() + "\".");
        }
        return moves;
    }

    /**
     * The move tokens of a turn: separators, move numbers, result marks, comments and notes removed; a
     * promotion the field caused, noted apart ({@code Nxc2+ (c8=Q)}), becomes the move's choice ({@code Nxc2=Q}).
     */
    public static List<String> tokens(String written) {
        List<String> out = new ArrayList<>();
        // the Momentum document ends each turn of its examples with a semicolon: "3...Qd7,c5,d4; which is obviously hopeless"
        for (String raw : Remarks.tokens(Remarks.blankComments(written.replace('\u00a0', ' ')).replaceAll("[,/;]", " "))) {
            String t = raw.trim();
            if (t.isEmpty() || MOVE_NUMBER.matcher(t).matches() || t.equals("*")) {
                continue;
            }
            Optional<String> promoted = Remarks.promotionNoted(t);
            if (promoted.isPresent() && !out.isEmpty()) {
                int last = out.size() - 1;
                out.set(last, strip(out.get(last)) + "=" + promoted.get());
                continue;
            }
            if (Remarks.isNote(t)) {
                continue;
            }
            // "12.e4" and "4...Bxe2": a number glued to the move
            t = t.replaceFirst("^\\d+(\\.+|…)", "");
            if (!t.isEmpty() && !strip(t).isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Drops a sentence's full stop and annotation marks: + ++ # ! ? !? ?? ??? (!), a trailing e.p., and the field's marks (+ and -,
     * {@code Bxf5+--}) once what stands before them is a whole move.
     */
    static String strip(String move) {
        String t = move.trim();
        if (t.endsWith(".") && !t.endsWith("e.p.") && t.length() > 1) {
            t = t.substring(0, t.length() - 1);  // the full stop of a sentence the move ends: "… then 5 Qh5-h7."
        }
        String bare = MARKS.matcher(t).replaceFirst("");
        String withoutField = MARKS_AFTER_MOVE.matcher(t).replaceFirst("");
        if (!withoutField.equals(bare) && !withoutField.isEmpty()
                && (MOVE.matcher(withoutField).matches() || CASTLING.matcher(withoutField).matches()
                || FILE_CAPTURE.matcher(withoutField).matches())) {
            return withoutField;
        }
        return bare;
    }

    private static int firstUnreadable(String text) {
        for (int i = text.length(); i >= 0; i--) {
            Matcher m = MOVE.matcher(text.substring(0, i));
            if (m.matches() || m.hitEnd()) {
                return i;
            }
        }
        return 0;
    }
}
