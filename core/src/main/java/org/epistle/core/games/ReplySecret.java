package org.epistle.core.games;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One kind of secret that a mail asks its reader to send back: written into the reply address
 * ({@code moves+<word>.<code>@…}) and at the end of the subject ({@code [<word>.<code>]}), so that whichever a
 * mail client keeps in a reply brings it home. Only its hash is stored. {@link AddressCode} and {@link FollowCode}
 * are two such kinds; they stay separate types so that one can never be taken for the other.
 */
final class ReplySecret {
    static final int LENGTH = 20;

    private final String word;
    private final Pattern tag;

    ReplySecret(String word) {
        this.word = word;
        this.tag = Pattern.compile("(?:\\+|\\[)" + Pattern.quote(word) + "\\.([a-z2-7]{" + LENGTH + "})(?=@|])",
                Pattern.CASE_INSENSITIVE);
    }

    /** Codes compare as the base32 alphabet writes them: case and surrounding space do not matter. */
    static String normal(String code) {
        return code.strip().toLowerCase(Locale.ROOT);
    }

    static String hash(String code) {
        return Secrets.sha256Hex(code);
    }

    /** A new code of 100 random bits. */
    String fresh() {
        return Secrets.base32(Secrets.random(15)).substring(0, LENGTH);
    }

    /** The code of this kind in an address or a subject, if there is one. */
    Optional<String> find(String addressOrSubject) {
        if (addressOrSubject == null) {
            return Optional.empty();
        }
        Matcher m = tag.matcher(addressOrSubject);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    String tag(String code) {
        return word + "." + code;
    }
}
