package org.epistle.core.games;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A player's name and address as given when a game is created. The address is kept in lower
 * case; a name may hold any printable text but no line breaks or other control characters,
 * since it ends up in mail headers.
 */
public record Contact(String name, String email) {
    private static final Pattern ADDRESS = Pattern.compile(
            "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*");
    static final int MAX_NAME = 100;
    private static final int MAX_ADDRESS = 254;

    public Contact {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a player needs a name");
        }
        name = name.strip();
        if (name.codePoints().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("a player's name cannot contain line breaks or control characters: \"" + name.replaceAll("\\p{Cntrl}", "?") + "\"");
        }
        if (name.length() > MAX_NAME) {
            throw new IllegalArgumentException("a player's name has at most " + MAX_NAME + " characters");
        }
        if (email == null || email.isBlank()) {
            throw new IllegalArgumentException(name + " needs an e-mail address");
        }
        email = email.strip().toLowerCase(Locale.ROOT);
        if (email.length() > MAX_ADDRESS || !ADDRESS.matcher(email).matches()) {
            throw new IllegalArgumentException("\"" + email.replaceAll("\\p{Cntrl}", "?") + "\" is not an e-mail address (for example alice@example.org)");
        }
    }
}
