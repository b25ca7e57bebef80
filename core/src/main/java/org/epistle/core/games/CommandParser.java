package org.epistle.core.games;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.conditional.LineText;

/**
 * Reads the command in the first non-blank line a player wrote. A line that is one of the
 * keywords (in any case, with a trailing full stop or similar allowed) is that command; any other
 * line is a turn. A turn may name the turn it answers as {@code #12}, before or after the moves,
 * as pbmserv does. A first line that begins with {@code if} or {@code conditional} starts a conditional
 * line, which may go on over the following lines that begin with {@code if}.
 */
public final class CommandParser {
    private static final Map<String, Command> KEYWORDS = Map.ofEntries(
            Map.entry("resign", new Command.Resign()),
            Map.entry("resigns", new Command.Resign()),
            Map.entry("i resign", new Command.Resign()),
            Map.entry("draw", new Command.OfferDraw()),
            Map.entry("offer draw", new Command.OfferDraw()),
            Map.entry("offer a draw", new Command.OfferDraw()),
            Map.entry("draw offer", new Command.OfferDraw()),
            Map.entry("accept", new Command.AcceptDraw()),
            Map.entry("accept draw", new Command.AcceptDraw()),
            Map.entry("accept the draw", new Command.AcceptDraw()),
            Map.entry("decline", new Command.DeclineDraw()),
            Map.entry("decline draw", new Command.DeclineDraw()),
            Map.entry("decline the draw", new Command.DeclineDraw()),
            Map.entry("claim", new Command.ClaimDraw()),
            Map.entry("claim draw", new Command.ClaimDraw()),
            Map.entry("claim a draw", new Command.ClaimDraw()),
            Map.entry("claim the draw", new Command.ClaimDraw()),
            Map.entry("board", new Command.ShowBoard()),
            Map.entry("show board", new Command.ShowBoard()),
            Map.entry("history", new Command.ShowHistory()),
            Map.entry("show history", new Command.ShowHistory()),
            Map.entry("help", new Command.Help()));
    private static final Pattern TURN_NUMBER = Pattern.compile("(?:^|\\s)#\\s?(\\d{1,5})(?=\\s|$)");
    /** A draw offered with the turn, written after it: {@code Nf3 draw}, {@code e4/d4 #3 draw}, {@code Nf3, offer draw}. */
    private static final Pattern DRAW_WITH_TURN = Pattern.compile("(?i)[\\s,;]+(?:and\\s+)?(?:offer\\s+(?:a\\s+)?)?draw[.!]*$");
    private static final Pattern TRAILING_MARKS = Pattern.compile("[.!?]+$");
    private static final Pattern DIRECT = Pattern.compile("(?i)move\\s+#?(\\d{1,18})\\s+(\\S+)\\s+(.+)");

    private CommandParser() {
    }

    /** The command in the first non-blank line; no line at all is an empty turn, which the referee explains. */
    public static Command parse(List<String> commandLines) {
        List<String> lines = commandLines.stream().filter(l -> !l.isBlank()).map(String::strip).toList();
        if (!lines.isEmpty() && LineText.starts(lines.get(0))) {
            // a conditional line may be written one pair a line: every line that goes on with "if" is part of it
            return new Command.Conditional(String.join(" ", lines.stream().takeWhile(LineText::starts).toList()));
        }
        return parse(firstLine(commandLines));
    }

    /** The command in one line. */
    public static Command parse(String line) {
        String text = line.strip();
        String keyword = TRAILING_MARKS.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replaceAll("\\s+", " ");
        Command command = KEYWORDS.get(keyword);
        if (command != null) {
            return command;
        }
        if (LineText.starts(text)) {
            return new Command.Conditional(text);
        }
        Matcher offer = DRAW_WITH_TURN.matcher(text);
        if (offer.find() && offer.start() > 0) {
            Command turn = parse(text.substring(0, offer.start()));
            if (turn instanceof Command.Move move && !move.text().isEmpty()) {
                return move.offeringDraw();
            }
        }
        Matcher m = TURN_NUMBER.matcher(text);
        if (m.find()) {
            int number = Integer.parseInt(m.group(1));
            String moves = (text.substring(0, m.start()) + " " + text.substring(m.end())).strip();
            return new Command.Move(moves, OptionalInt.of(number));
        }
        return new Command.Move(text);
    }

    /**
     * A pbmserv command with its own credentials in the first non-blank line,
     * {@code move <game> <token> <turn or command>}, or empty when the line is not one.
     */
    public static Optional<DirectCommand> parseDirect(List<String> commandLines) {
        Matcher m = DIRECT.matcher(firstLine(commandLines));
        if (!m.matches()) {
            return Optional.empty();
        }
        Credentials credentials = new Credentials(Long.parseLong(m.group(1)), m.group(2));
        return Optional.of(new DirectCommand(credentials, parse(m.group(3))));
    }

    private static String firstLine(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
    }
}
