package org.epistle.core.games;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a mail offers as proof that it comes from a seat: the game and the seat's token. Every
 * mail from the server carries them twice: in the reply address ({@code moves+g12.<token>@…},
 * with plus addressing) and at the end of the subject ({@code [g12.<token>]}), which a reply
 * keeps. Finding them proves nothing; {@link GameService#seat} checks the token.
 */
public record Credentials(long gameId, String token) {
    private static final Pattern TAG = Pattern.compile(
            "(?:\\+|\\[)g(\\d{1,18})\\.([a-z2-7]{" + SeatTokens.LENGTH + "})(?=@|])", Pattern.CASE_INSENSITIVE);

    public Credentials {
        token = token.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * The credentials in an address ({@code moves+g12.abc…@host}, also inside {@code Name <…>})
     * or in a subject ({@code Re: [Epistle] Game 12 … [g12.abc…]}); the last one wins when there
     * are several.
     */
    public static Optional<Credentials> parse(String addressOrSubject) {
        if (addressOrSubject == null) {
            return Optional.empty();
        }
        Matcher m = TAG.matcher(addressOrSubject);
        Credentials found = null;
        while (m.find()) {
            found = new Credentials(Long.parseLong(m.group(1)), m.group(2));
        }
        return Optional.ofNullable(found);
    }

    /** {@code g12.<token>}, the part of the reply address after the plus. */
    public String tag() {
        return "g" + gameId + "." + token;
    }

    /** {@code [g12.<token>]}, the end of every subject. */
    public String subjectTag() {
        return "[" + tag() + "]";
    }

    @Override
    public String toString() {
        return "Credentials[game " + gameId + ", token hidden]";
    }
}
