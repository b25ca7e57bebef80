package org.epistle.mailer.inbound;

import jakarta.mail.AuthenticationFailedException;
import java.time.Duration;

/** How long the mail reader waits before it connects again, after its connection failed or was refused. */
final class ReconnectWait {
    /**
     * The least wait after the server refused the login. A wrong password is not put right within seconds, and many
     * providers lock an account, for longer than the outage itself, after logins that fail in quick succession;
     * while a server that is merely down costs nothing but a refused connect, so that wait stays short.
     */
    static final Duration AFTER_REFUSED_LOGIN = Duration.ofMinutes(1);

    private ReconnectWait() {
    }

    /** The wait after {@code failure}, given the reader's back-off at this point. */
    static Duration after(Throwable failure, Duration backoff) {
        boolean loginRefused = failure instanceof AuthenticationFailedException;
        return loginRefused && backoff.compareTo(AFTER_REFUSED_LOGIN) < 0 ? AFTER_REFUSED_LOGIN : backoff;
    }
}
