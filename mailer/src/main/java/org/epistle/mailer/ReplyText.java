package org.epistle.mailer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what a player actually wrote in the plain-text body of a reply: the lines that are not
 * quoted, not the quoted mail's header and not the signature. Deciding which of those lines is a
 * turn is the command parser's job, not this class's.
 *
 * <p>The work is a table of named rules, tried in order. {@code DROP} rules remove what they match
 * (quoted lines, and an attribution line directly above a quote, so a reply written below the quote
 * survives); {@code CUT} rules end the text where the first of them matches (signatures, and the
 * forwarded original that Outlook and others do not mark with {@code >}).
 */
public final class ReplyText {

    private enum Action { DROP, CUT }

    /** CR LF or a lone CR, as every reply's text is read: compiled once. */
    private static final Pattern LINE_END = Pattern.compile("\r\n?");

    private record Rule(String name, Action action, Pattern pattern) {
        Rule(String name, Action action, String regex) {
            // MULTILINE: ^ and $ are line ends; the rules see the whole body so they can span two lines.
            this(name, action, Pattern.compile(regex, Pattern.MULTILINE | Pattern.CASE_INSENSITIVE
                    | Pattern.UNICODE_CASE));
        }
    }

    // "On <date>, <name> wrote:", "Am <date> schrieb <name>:", "Le <date>, <name> a écrit :".
    // Gmail wraps a long attribution onto a second line, hence the optional (\n.*)? ; \h also covers the
    // no-break spaces French clients put before the colon.
    private static final String ATTRIBUTION = "^(?:"
            + "On\\h.*(?:\\n.*)?\\swrote:"
            + "|Am\\h.*(?:\\n.*)?\\sschrieb(?:\\h.*)?(?:\\n.*)?:"
            + "|Le\\h.*(?:\\n.*)?\\sa[\\s\\h]+écrit\\h*:"
            + ")\\h*$";

    private static final List<Rule> RULES = List.of(
            // A reply written below the quote (Thunderbird's default) must survive: when a quote follows
            // the attribution, drop only the attribution line and let quoted-line remove the quote.
            new Rule("attribution-above-quote", Action.DROP, ATTRIBUTION + "(?=(?:\\n\\h*)*\\n\\h*>)"),
            new Rule("quoted-line", Action.DROP, "^\\h*>.*(?:\\n|\\z)"),
            new Rule("signature", Action.CUT, "^-- ?$"),
            new Rule("mobile-signature", Action.CUT,
                    "^(?:Sent from my\\h.*|Von meinem\\h.*\\hgesendet|Envoyé de mon\\h.*|Get Outlook for\\h.*)$"),
            // An attribution with no quote after it: the original follows unmarked, cut it all.
            new Rule("attribution", Action.CUT, ATTRIBUTION),
            new Rule("original-message", Action.CUT,
                    "^\\h*-{3,}\\h*(?:Original Message|Ursprüngliche Nachricht|Message d'origine)\\h*-{3,}\\h*$"),
            // Outlook's header block: an optional line of underscores, then From: and a second header line.
            new Rule("header-block", Action.CUT, "^(?:_{10,}\\h*\\n)?(?:From|Von|De)\\h*:.*\\n"
                    + "(?:Sent|Date|To|Subject|Gesendet|Datum|An|Betreff|Envoyé|À|Objet)\\h*:"));

    private ReplyText() {}

    /**
     * The lines the player wrote, in order, with trailing spaces removed and without leading or
     * trailing blank lines; empty if the reply holds nothing of the player's own.
     */
    public static List<String> commandLines(String body) {
        String text = Objects.requireNonNull(body, "body").replace("\uFEFF", "");
        text = LINE_END.matcher(text).replaceAll("\n");

        for (Rule rule : RULES) {
            if (rule.action() == Action.DROP) text = rule.pattern().matcher(text).replaceAll("");
        }
        int end = text.length();
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(text);
            if (rule.action() == Action.CUT && m.find()) end = Math.min(end, m.start());
        }

        var lines = new ArrayList<String>();
        for (String line : text.substring(0, end).split("\n", -1)) lines.add(line.stripTrailing());
        int from = 0;
        int to = lines.size();
        while (from < to && lines.get(from).isEmpty()) from++;
        while (to > from && lines.get(to - 1).isEmpty()) to--;
        return List.copyOf(lines.subList(from, to));
    }
}
