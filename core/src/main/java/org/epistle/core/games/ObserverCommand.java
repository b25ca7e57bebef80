package org.epistle.core.games;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code subscribe <game>} or {@code unsubscribe <game>} on the first line of a mail (or its subject, as the
 * {@code mailto:} of a List-Unsubscribe header writes it): anyone asks to follow a game, or to stop.
 */
public record ObserverCommand(boolean follow, long gameId) {
    private static final Pattern LINE = Pattern.compile(
            "(?i)\\s*(un)?subscribe\\s+(?:(?:to\\s+)?game\\s+)?#?([1-9][0-9]{0,17})[.]?\\s*");

    /** The command in the first non-blank line, or empty when that line is not one. */
    public static Optional<ObserverCommand> parse(List<String> commandLines) {
        String first = commandLines.stream().filter(l -> !l.isBlank()).findFirst().orElse("");
        Matcher m = LINE.matcher(first);
        return m.matches() ? Optional.of(new ObserverCommand(m.group(1) == null, Long.parseLong(m.group(2))))
                : Optional.empty();
    }
}
