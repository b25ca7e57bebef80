package org.epistle.core.games;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code address add <address>}: a player asks that mail from another address of theirs may move their
 * games. It comes in a mail with a seat's secret from one of the player's addresses, like a turn.
 */
public record AddressCommand(String address) {
    private static final Pattern LINE = Pattern.compile("(?i)address\\s+add\\s+(\\S+?)[.]?");

    /** The command in the first non-blank line, or empty when that line is not one. */
    public static Optional<AddressCommand> parse(List<String> commandLines) {
        String first = commandLines.stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
        Matcher m = LINE.matcher(first);
        return m.matches() ? Optional.of(new AddressCommand(m.group(1).replaceAll("^<|>$", ""))) : Optional.empty();
    }
}
