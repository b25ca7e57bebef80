package org.epistle.mailer;

import java.time.Duration;

/**
 * Told of every mail the server receives and of what became of it. The web module counts with it for
 * {@code /metrics}; the mailer knows no metrics library.
 */
public interface MailMeter {

    /** Counts nothing. */
    MailMeter NONE = new MailMeter() {
        @Override public void received() {
        }

        @Override public void handled(MailOutcome outcome, Duration took) {
        }
    };

    /** A mail was stored for the first time (a second copy of it is not received again). */
    void received();

    /** A mail was handled, in {@code took}. */
    void handled(MailOutcome outcome, Duration took);
}
