package org.epistle.mailer.inbound;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A mail address as read from a received header, with its display name if it had one. Both are
 * free of line breaks and other control characters, so they can be logged or put into an outgoing
 * header without opening a header injection.
 *
 * @param email the address, {@code local@domain}, as written by the sender (case kept)
 * @param name  the display name, decoded from RFC 2047 encoded words
 */
public record Address(String email, Optional<String> name) {

    public Address {
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(name, "name");
        if (email.isBlank() || email.indexOf('@') < 1 || email.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("not a mail address: " + email);
        }
        name = name.filter(n -> !n.isBlank());
    }

    public String localPart() {
        return email.substring(0, email.lastIndexOf('@'));
    }

    public String domain() {
        return email.substring(email.lastIndexOf('@') + 1);
    }

    /**
     * Whether this is {@code other} or a plus-address of it ({@code moves+12.x@host} is
     * {@code moves@host}); case-insensitive, as every provider treats it.
     */
    public boolean isSameMailboxAs(String other) {
        int at = other.lastIndexOf('@');
        if (at < 1) return false;
        String local = localPart().toLowerCase(Locale.ROOT);
        String otherLocal = other.substring(0, at).toLowerCase(Locale.ROOT);
        int plus = local.indexOf('+');
        String base = plus > 0 ? local.substring(0, plus) : local;
        return domain().equalsIgnoreCase(other.substring(at + 1)) && (local.equals(otherLocal) || base.equals(otherLocal));
    }

    @Override public String toString() {
        return name.map(n -> '"' + n + "\" <" + email + '>').orElse(email);
    }
}
