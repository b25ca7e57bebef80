package org.epistle.core.games.desk;

import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a player command from the first non-blank line of a mail; any other line is no player command. */
public final class PlayerCommands {
    /** When a digest goes if the player names no time: early in the European morning, late in the American evening. */
    public static final LocalTime DEFAULT_DIGEST_TIME = LocalTime.of(7, 0);
    private static final Pattern DIGEST = Pattern.compile("digest(?:\\s+(.*))?");
    private static final Pattern ON_AT = Pattern.compile("on(?:\\s+(?:at\\s+)?(\\d{1,2})(?::(\\d{2}))?(?:\\s*utc)?)?");
    private static final Pattern TRAILING_MARKS = Pattern.compile("[.!]+$");

    private PlayerCommands() {
    }

    public static Optional<PlayerCommand> parse(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank()).findFirst().flatMap(PlayerCommands::parse);
    }

    public static Optional<PlayerCommand> parse(String line) {
        String text = TRAILING_MARKS.matcher(line.strip().toLowerCase(Locale.ROOT)).replaceAll("").replaceAll("\\s+", " ");
        if (text.equals("games") || text.equals("my games") || text.equals("desk")) {
            return Optional.of(new PlayerCommand.ListGames());
        }
        Matcher digest = DIGEST.matcher(text);
        if (!digest.matches()) {
            return Optional.empty();
        }
        String rest = digest.group(1) == null ? "" : digest.group(1).strip();
        if (rest.equals("off")) {
            return Optional.of(new PlayerCommand.DigestOff());
        }
        Matcher on = ON_AT.matcher(rest);
        if (!on.matches()) {
            return Optional.of(new PlayerCommand.DigestUnclear(line.strip(), rest.isEmpty()
                    ? "\"digest\" alone does not say whether to switch the daily digest on or off."
                    : "\"" + rest + "\" is neither on nor off."));
        }
        if (on.group(1) == null) {
            return Optional.of(new PlayerCommand.DigestOn(DEFAULT_DIGEST_TIME));
        }
        int hour = Integer.parseInt(on.group(1));
        int minute = on.group(2) == null ? 0 : Integer.parseInt(on.group(2));
        if (hour > 23 || minute > 59) {
            return Optional.of(new PlayerCommand.DigestUnclear(line.strip(),
                    "\"" + rest.substring(3) + "\" is not a time of day; write it as 00:00 to 23:59 (UTC)."));
        }
        return Optional.of(new PlayerCommand.DigestOn(LocalTime.of(hour, minute)));
    }
}
