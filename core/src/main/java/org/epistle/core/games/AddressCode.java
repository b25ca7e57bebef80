package org.epistle.core.games;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret in a mail that asks an address to confirm it belongs to a player: in the reply address
 * ({@code moves+confirm.<code>@…}) and at the end of the subject ({@code [confirm.<code>]}), which a reply
 * keeps. Only the code's hash is stored.
 */
public record AddressCode(String code) {
    static final int LENGTH = 20;
    private static final Pattern TAG = Pattern.compile(
            "(?:\\+|\\[)confirm\\.([a-z2-7]{" + LENGTH + "})(?=@|])", Pattern.CASE_INSENSITIVE);

    public AddressCode {
        code = code.strip().toLowerCase(Locale.ROOT);
    }

    static AddressCode fresh() {
        return new AddressCode(Secrets.base32(Secrets.random(15)).substring(0, LENGTH));
    }

    /** The code in an address or a subject, if there is one. */
    public static Optional<AddressCode> parse(String addressOrSubject) {
        if (addressOrSubject == null) {
            return Optional.empty();
        }
        Matcher m = TAG.matcher(addressOrSubject);
        return m.find() ? Optional.of(new AddressCode(m.group(1))) : Optional.empty();
    }

    String tag() {
        return "confirm." + code;
    }

    String hash() {
        return Secrets.sha256Hex(code);
    }

    @Override
    public String toString() {
        return "AddressCode[hidden]";
    }
}
