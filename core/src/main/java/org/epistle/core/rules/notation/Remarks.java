package org.epistle.core.rules.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the documents write around their moves, told apart from the moves. Comments: {@code (* … *)},
 * {@code { … }}, and {@code ( … )} standing apart from a move; a group glued to a move belongs to it
 * ({@code (fhNrlbK)c8-d6}, {@code b1(Q)}, {@code Nf3(RAAR)}). Notes about the move before them: runs of
 * marks ({@code !}, {@code ??}, {@code +}, {@code ++--}: the Anti-magnetic records count the pieces the
 * field pulled and pushed that way), {@code (!)}, {@code (ch)}, {@code (double ch)}, the word {@code mate},
 * and a promotion the field caused, {@code (c8=Q)}.
 */
public final class Remarks {
    /** A run of marks after a move, glued to it or standing alone. */
    static final Pattern MARK_RUN = Pattern.compile("(?:[+#!?\\-]|e\\.p\\.|ep)+");
    private static final Pattern NOTE_WORD = Pattern.compile("(?i)mate\\.?|:|\\(!\\)|\\(\\?\\)|\\(!\\?\\)|\\(\\?!\\)|\\((double )?ch\\)");
    /** A piece chosen for a promotion the field caused, in its own parentheses: {@code (c8=Q)}, {@code (Q)}. */
    private static final Pattern PROMOTION_NOTE = Pattern.compile("\\((?:(?<square>[a-p](?:1[0-6]|[1-9]))=)?(?<piece>[QRBN])\\)");
    /** A token of a turn: parenthesised groups are kept whole, a stray parenthesis is a token of its own. */
    private static final Pattern TOKEN = Pattern.compile("(?:\\([^()\\n]*\\)|[^\\s()])+|[()]");
    /** The field's marks, as the Anti-magnetic records write them: + a piece pulled, - a piece pushed. */
    private static final Pattern FIELD_MARKS = Pattern.compile("[+\\-]+$");

    private Remarks() {
    }

    /**
     * The text with every comment replaced by one space and the line breaks it held, so that lines still
     * line up (a comment leaves no gap that could pass for the space between two columns); notes about a
     * move stay. A comment may run over several lines and hold groups of its own.
     */
    public static String blankComments(String text) {
        StringBuilder out = new StringBuilder();
        int copied = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int end = -1;
            if (c == '{') {
                end = text.indexOf('}', i);
            } else if (c == '(' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*)", i + 2);
                end = close < 0 ? -1 : close + 1;
            } else if (c == '(' && standsApart(text, i)) {
                end = closing(text, i);
                if (end >= 0 && (gluedAfter(text, end) || isNote(text.substring(i, end + 1)))) {
                    end = -1;
                }
            }
            if (end < 0) {
                i++;
                continue;
            }
            out.append(text, copied, i);
            boolean spaced = out.length() == 0 || Character.isWhitespace(out.charAt(out.length() - 1));
            text.substring(i, end + 1).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
            copied = end + 1;
            if (spaced) {
                // "0-0 (a remark) 4 Bb3" becomes "0-0 4 Bb3": one space, as between any two moves
                while (copied < text.length() && text.charAt(copied) == ' ') {
                    copied++;
                }
            } else {
                out.append(' ');
            }
            i = end + 1;
        }
        return out.append(text.substring(copied)).toString();
    }

    /** The tokens of a turn as written: groups kept whole ({@code (double ch)}), separators left on the tokens. */
    public static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** Whether the token is a note about the move before it, not a move: {@code ++--}, {@code (ch)}, {@code (c8=Q)}, {@code mate}. */
    public static boolean isNote(String token) {
        return MARK_RUN.matcher(token).matches() || NOTE_WORD.matcher(token).matches() || PROMOTION_NOTE.matcher(token).matches();
    }

    /** The piece a standalone promotion note names, {@code Q} of {@code (c8=Q)}. */
    static Optional<String> promotionNoted(String token) {
        Matcher m = PROMOTION_NOTE.matcher(token);
        return m.matches() ? Optional.of(m.group("piece")) : Optional.empty();
    }

    /** The square a promotion note names, {@code c8} of {@code (c8=Q)}, if it names one. */
    public static Optional<String> promotionSquare(String token) {
        Matcher m = PROMOTION_NOTE.matcher(token);
        return m.matches() ? Optional.ofNullable(m.group("square")) : Optional.empty();
    }

    /**
     * The field's marks written after a move, glued ({@code Bxf5+--}) or apart ({@code Nd5 ++--}), or
     * empty when the move carries none. Both the move and the token after it are given, since a record
     * writes either.
     */
    public static Optional<FieldMarks> fieldMarks(String move, Optional<String> next) {
        String glued = move.replaceAll("[!?]+$", "");
        Matcher g = FIELD_MARKS.matcher(glued);
        String run = g.find() ? g.group() : "";
        if (next.isPresent() && MARK_RUN.matcher(next.get()).matches() && next.get().matches("[+\\-]+")) {
            run += next.get();
        }
        return run.isEmpty() ? Optional.empty() : Optional.of(FieldMarks.of(run));
    }

    /** How many pieces the marks say the field pulled ({@code +}) and pushed ({@code -}). */
    public record FieldMarks(int pulled, int pushed) {
        static FieldMarks of(String run) {
            return new FieldMarks((int) run.chars().filter(c -> c == '+').count(), (int) run.chars().filter(c -> c == '-').count());
        }

        public String written() {
            return "+".repeat(pulled) + "-".repeat(pushed);
        }
    }

    private static boolean standsApart(String text, int open) {
        return open == 0 || Character.isWhitespace(text.charAt(open - 1)) || ",/".indexOf(text.charAt(open - 1)) >= 0;
    }

    private static boolean gluedAfter(String text, int close) {
        return close + 1 < text.length() && !Character.isWhitespace(text.charAt(close + 1)) && ",/:".indexOf(text.charAt(close + 1)) < 0;
    }

    /** The matching parenthesis, groups inside counted; -1 when it never closes. */
    private static int closing(String text, int open) {
        int depth = 0;
        for (int k = open; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }
}
