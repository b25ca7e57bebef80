package org.epistle.core.games.conditional;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a conditional line as a player writes it: pairs {@code if <their turn> then <my reply>}, one after
 * another on a line or one a line ({@code if Nf3 then Nc6 if Bb5 then a6}); {@code if cancel} or
 * {@code conditional cancel} clears the line. Only the shape is read here; the turns are judged by
 * {@link Conditionals} in the position they would arise in.
 */
public final class LineText {
    private static final Pattern CANCEL = Pattern.compile("(?i)(if|conditional|conditionals)\\s+(cancel|clear|none)[.!]*");
    /** Whether a line of a mail starts a conditional line (or carries its next pair). */
    private static final Pattern STARTS = Pattern.compile("(?i)(if|conditional)(\\s.*)?");
    private static final Pattern PAIR = Pattern.compile("(?i)\\bif\\s+(.+?)\\s+then\\s+(.+?)(?=\\s+if\\b|$)");
    private static final int MAX_PAIRS = 20;

    private LineText() {
    }

    /** What the player wrote. */
    public sealed interface Reading {
        record Written(List<ConditionalLine.Pair> pairs) implements Reading {
            public Written {
                pairs = List.copyOf(pairs);
            }
        }

        record Cancel() implements Reading {
        }

        /** Not the shape of a line: why, in one sentence. */
        record Unreadable(String explanation) implements Reading {
        }
    }

    /** Whether a line of a mail belongs to a conditional line: it begins with {@code if} or {@code conditional}. */
    public static boolean starts(String line) {
        return STARTS.matcher(line.strip()).matches();
    }

    public static Reading read(String text) {
        String t = text.strip().replaceAll("\\s+", " ");
        if (CANCEL.matcher(t).matches()) {
            return new Reading.Cancel();
        }
        String body = t.replaceFirst("(?i)^conditionals?\\s*:?\\s*", "");
        Matcher m = PAIR.matcher(body);
        List<ConditionalLine.Pair> pairs = new ArrayList<>();
        int end = 0;
        while (m.find()) {
            if (!body.substring(end, m.start()).isBlank()) {
                return unreadable(body.substring(end, m.start()).strip());
            }
            pairs.add(new ConditionalLine.Pair(m.group(1), trimmed(m.group(2))));
            end = m.end();
        }
        if (pairs.isEmpty() || !body.substring(end).isBlank()) {
            return unreadable(pairs.isEmpty() ? body : body.substring(end).strip());
        }
        if (pairs.size() > MAX_PAIRS) {
            return new Reading.Unreadable("A conditional line may hold " + MAX_PAIRS + " pairs at most; yours has " + pairs.size() + ".");
        }
        return new Reading.Written(pairs);
    }

    private static String trimmed(String reply) {
        return reply.replaceAll("[.;,]+$", "").strip();
    }

    private static Reading unreadable(String part) {
        String shown = part.length() > 60 ? part.substring(0, 60) + "…" : part;
        return new Reading.Unreadable("\"" + shown + "\" is not a pair of the form if <their turn> then <your reply>"
                + (part.toLowerCase(Locale.ROOT).contains("then") ? "." : ": the word then is missing."));
    }
}
