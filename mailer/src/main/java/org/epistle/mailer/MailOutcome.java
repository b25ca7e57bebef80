package org.epistle.mailer;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.epistle.core.games.Refusal;
import org.epistle.core.games.Result;

/**
 * What became of one handled mail, for the log line and the metrics: acted on, refused (the sender was answered
 * or could not be), ignored (an auto-reply, a bounce, our own mail), or a second copy of a mail handled before.
 *
 * @param reason a short kebab-case code: the referee's or the service's reason for a refusal, the classification
 *               for an ignored mail, the effect for an accepted one; never free text from the mail
 * @param game   the game the mail was about, when it named one
 */
public record MailOutcome(Kind kind, String reason, Optional<Long> game) {

    public enum Kind {
        ACCEPTED, REFUSED, IGNORED, DUPLICATE;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public MailOutcome {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(game, "game");
    }

    static MailOutcome refused(String reason, Optional<Long> game) {
        return new MailOutcome(Kind.REFUSED, reason, game);
    }

    static MailOutcome ignored(String reason) {
        return new MailOutcome(Kind.IGNORED, reason, Optional.empty());
    }

    static MailOutcome duplicate(Optional<Long> game) {
        return new MailOutcome(Kind.DUPLICATE, "handled-before", game);
    }

    /**
     * The outcome of a command the game service handled. A refusal without a reason code of its own (a command
     * that does not apply, an address not added) is counted under {@code fallback}.
     */
    static MailOutcome of(Result result, String fallback, Optional<Long> game) {
        return switch (result.effect()) {
            case TURN_REFUSED, REFUSED -> refused(result.refusal().map(Refusal::reason).orElse(fallback), game);
            case ALREADY_HANDLED -> duplicate(game);
            default -> new MailOutcome(Kind.ACCEPTED, kebab(result.effect().name()), game);
        };
    }

    static String kebab(String constant) {
        return constant.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
