package org.epistle.web.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.epistle.mailer.inbound.MailboxReader;

/**
 * What the health check knows of the mail reader: whether it holds a connection to the IMAP server, since when,
 * and when it last read the mailbox, with times from the server's clock. The reader is failing once it has been
 * without a connection for longer than the grace (a setting): it reconnects on its own, so a provider's short
 * outage or a dropped connection is not a failure, but a wrong password or a provider gone for good is.
 */
public final class ReaderWatch implements MailboxReader.Listener {

    private record State(boolean connected, Instant since, Optional<Instant> lastRead, String why) {
    }

    private final Clock clock;
    private volatile State state;

    public ReaderWatch(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.state = new State(false, clock.instant(), Optional.empty(), "not connected yet");
    }

    @Override
    public void connected() {
        Instant now = clock.instant();
        state = new State(true, now, Optional.of(now), "");
    }

    @Override
    public void passed() {
        State s = state;
        state = new State(s.connected(), s.since(), Optional.of(clock.instant()), s.why());
    }

    @Override
    public void lost(String why) {
        State s = state;
        // the outage began at the first loss; the reconnects that fail after it do not move it
        state = new State(false, s.connected() ? clock.instant() : s.since(), s.lastRead(), why);
    }

    /** The reader's line in the health report. */
    Health.Part part(Duration grace) {
        State s = state;
        String read = s.lastRead().map(at -> ", last read " + at).orElse("");
        if (s.connected()) {
            return Health.Part.ok("mail-reader", "connected since " + s.since() + read);
        }
        Duration without = Duration.between(s.since(), clock.instant());
        String detail = "no connection since " + s.since() + ": " + s.why() + read;
        return without.compareTo(grace) > 0 ? Health.Part.failing("mail-reader", detail)
                : Health.Part.ok("mail-reader", "reconnecting, " + detail);
    }
}
