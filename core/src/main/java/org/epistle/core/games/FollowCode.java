package org.epistle.core.games;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret in the mail that asks an address to confirm it wants to follow a game: in the reply address
 * ({@code moves+follow.<code>@…}) and at the end of the subject ({@code [follow.<code>]}), which a reply keeps.
 * Only the code's hash is stored, as for {@link AddressCode}.
 */
public record FollowCode(String code) {
    static final int LENGTH = 20;
    private static final Pattern TAG = Pattern.compile(
            "(?:\\+|\\[)follow\\.([a-z2-7]{" + LENGTH + "})(?=@|])", Pattern.CASE_INSENSITIVE);

    public FollowCode {
        code = code.strip().toLowerCase(Locale.ROOT);
    }

    static FollowCode fresh() {
        return new FollowCode(Secrets.base32(Secrets.random(15)).substring(0, LENGTH));
    }

    /** The code in an address or a subject, if there is one. */
    public static Optional<FollowCode> parse(String addressOrSubject) {
        if (addressOrSubject == null) {
            return Optional.empty();
        }
        Matcher m = TAG.matcher(addressOrSubject);
        return m.find() ? Optional.of(new FollowCode(m.group(1))) : Optional.empty();
    }

    String tag() {
        return "follow." + code;
    }

    String hash() {
        return Secrets.sha256Hex(code);
    }

    @Override
    public String toString() {
        return "FollowCode[hidden]";
    }
}
