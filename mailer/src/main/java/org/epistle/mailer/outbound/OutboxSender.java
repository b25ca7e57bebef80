package org.epistle.mailer.outbound;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.OutboxSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the outbox over SMTP: takes the mails that are due, composes and sends each, and records
 * the outcome. A mail that cannot be sent stays in the outbox and is tried again after a delay that
 * doubles with every failed attempt ({@link #backoff}), so an SMTP outage delays mail and loses none.
 *
 * <p>Each mail keeps its Message-ID across attempts, so a receiver can recognise a retry. A mail whose
 * send succeeded is never sent again by this sender, even when recording the success fails: the
 * sender remembers it and records it on its next run instead of sending it a second time.
 *
 * <p>Use {@link #runOnce} directly (tests, a scheduler of your own), or {@link #start()} the sender's
 * own thread, which runs every {@code pollInterval} and at once after {@link #wake()}.
 */
public final class OutboxSender implements AutoCloseable {

    /** The first retry delay; each further failed attempt doubles it. */
    public static final Duration FIRST_RETRY = Duration.ofSeconds(5);
    /** The longest retry delay. */
    public static final Duration MAX_RETRY = Duration.ofMinutes(15);

    private static final Logger log = LoggerFactory.getLogger(OutboxSender.class);
    private static final int MAX_ERROR_LENGTH = 1000;

    private final OutboxSource source;
    private final MailComposer composer;
    private final SmtpSettings smtp;
    private final Session session;
    private final String fromAddress;
    private final String fromName;
    private final Clock clock;
    private final int batchSize;
    private final Duration pollInterval;

    /** Mails sent whose {@code markSent} failed: id -> when they were sent. Guarded by {@code this}. */
    private final Map<Long, Instant> sentNotRecorded = new LinkedHashMap<>();

    private final Object signal = new Object();
    private boolean woken;          // guarded by signal
    private volatile boolean running;
    private Thread thread;          // guarded by this

    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp,
                        String fromAddress, String fromName) {
        this(source, composer, smtp, fromAddress, fromName, Clock.systemUTC(), 50, Duration.ofSeconds(2));
    }

    /**
     * @param batchSize    how many due mails one run takes at most
     * @param pollInterval how long the thread waits between runs when nobody calls {@link #wake()}
     */
    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp,
                        String fromAddress, String fromName, Clock clock, int batchSize, Duration pollInterval) {
        this.source = Objects.requireNonNull(source, "source");
        this.composer = Objects.requireNonNull(composer, "composer");
        this.smtp = Objects.requireNonNull(smtp, "smtp");
        this.fromAddress = Objects.requireNonNull(fromAddress, "fromAddress");
        this.fromName = fromName;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be positive: " + batchSize);
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive: " + pollInterval);
        }
        this.batchSize = batchSize;
        this.session = smtp.session();
    }

    /**
     * The delay before the next attempt of a mail that has failed {@code attempts} times before this
     * failure: 5 s, 10 s, 20 s, 40 s … and never more than 15 minutes.
     */
    public static Duration backoff(int attempts) {
        int doublings = Math.max(0, attempts);
        long max = MAX_RETRY.toMillis();
        long delay = FIRST_RETRY.toMillis();
        for (int i = 0; i < doublings && delay < max; i++) {
            delay *= 2;
        }
        return Duration.ofMillis(Math.min(delay, max));
    }

    /** What one run did. */
    public record Run(int sent, int failed) {
        public int total() {
            return sent + failed;
        }
    }

    /**
     * Sends every mail due at {@code now} (at most one batch) over one SMTP connection.
     * Never throws for a mail or SMTP problem: each is logged and recorded with {@code markFailed}.
     */
    public synchronized Run runOnce(Instant now) {
        Objects.requireNonNull(now, "now");
        recordPendingSuccesses();
        List<OutboxMail> due = source.due(now, batchSize);
        if (due.isEmpty()) {
            return new Run(0, 0);
        }
        int sent = 0;
        int failed = 0;
        Transport transport = null;
        Exception connectError = null;
        try {
            for (OutboxMail mail : due) {
                if (sentNotRecorded.containsKey(mail.id())) {
                    continue;                                   // sent already; only the record is missing
                }
                MimeMessage message;
                Address[] recipients;
                try {
                    message = composer.compose(mail, session, fromAddress, fromName);
                    recipients = message.getRecipients(MimeMessage.RecipientType.TO);
                } catch (MessagingException | RuntimeException e) {
                    // The model or an address is wrong: a bug upstream. Keep the mail; a fix and a retry will send it.
                    log.error("Outbox mail {} ({}, game {}) cannot be composed", mail.id(), mail.kind(), mail.gameId(), e);
                    fail(mail, e, now);
                    failed++;
                    continue;
                }
                if (connectError != null) {
                    // The server cannot be reached: do not wait for a timeout once per mail.
                    fail(mail, connectError, now);
                    failed++;
                    continue;
                }
                try {
                    if (transport == null) {
                        try {
                            transport = connect();
                        } catch (MessagingException | RuntimeException e) {
                            log.warn("SMTP server {}:{} unreachable: {}", smtp.host(), smtp.port(), e.toString());
                            connectError = e;
                            throw e;
                        }
                    }
                    // Only the To address is a recipient, whatever the headers say.
                    transport.sendMessage(message, recipients);
                } catch (MessagingException | RuntimeException e) {
                    // The connection may be broken: open a new one for the next mail of the batch.
                    close(transport);
                    transport = null;
                    log.warn("Outbox mail {} ({}, game {}) to {} not sent (attempt {}): {}",
                            mail.id(), mail.kind(), mail.gameId(), mail.toAddress(), mail.attempts() + 1, e.toString());
                    fail(mail, e, now);
                    failed++;
                    continue;
                }
                sent++;
                log.info("Sent outbox mail {} ({}, game {}) to {} as {}",
                        mail.id(), mail.kind(), mail.gameId(), mail.toAddress(), mail.messageId());
                sentNotRecorded.put(mail.id(), now);
                recordSuccess(mail.id(), now);
            }
        } finally {
            close(transport);
        }
        return new Run(sent, failed);
    }

    /** Starts the sender's own thread; it runs until {@link #stop()}. Calling it twice does nothing. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::loop, "epistle-outbox-sender");
        thread.setDaemon(true);
        thread.start();
    }

    /** Asks the thread to run now, for example right after a transaction wrote to the outbox. */
    public void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    /** Stops the thread, waiting for a send in progress to finish. */
    public void stop() {
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        running = false;
        wake();
        if (t != null) {
            try {
                t.join(smtp.timeout().multipliedBy(3).toMillis() + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void loop() {
        log.info("Outbox sender started: {} every {}", smtp, pollInterval);
        while (running) {
            Run run;
            try {
                run = runOnce(clock.instant());
            } catch (RuntimeException e) {
                // The outbox store itself failed (for example the database is unreachable): try again later.
                log.error("Outbox run failed", e);
                run = new Run(0, 0);
            }
            if (run.sent() == batchSize) {
                continue;                                       // probably more waiting
            }
            synchronized (signal) {
                long deadline = System.nanoTime() + pollInterval.toNanos();
                while (running && !woken) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    try {
                        signal.wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        running = false;
                        Thread.currentThread().interrupt();
                    }
                }
                woken = false;
            }
        }
        log.info("Outbox sender stopped");
    }

    private Transport connect() throws MessagingException {
        Transport transport = session.getTransport(smtp.protocol());
        if (smtp.hasLogin()) {
            transport.connect(smtp.host(), smtp.port(), smtp.user(), smtp.password());
        } else {
            transport.connect();
        }
        return transport;
    }

    private void fail(OutboxMail mail, Exception e, Instant now) {
        Instant retryAt = now.plus(backoff(mail.attempts()));
        String error = e.toString();
        if (error.length() > MAX_ERROR_LENGTH) {
            error = error.substring(0, MAX_ERROR_LENGTH);
        }
        try {
            source.markFailed(mail.id(), error, retryAt);
        } catch (RuntimeException recordError) {
            // The mail stays due in the store; it is simply tried again on the next run.
            log.error("Could not record the failure of outbox mail {}", mail.id(), recordError);
        }
    }

    private void recordPendingSuccesses() {
        for (var it = sentNotRecorded.entrySet().iterator(); it.hasNext(); ) {
            var entry = it.next();
            try {
                source.markSent(entry.getKey(), entry.getValue());
                it.remove();
            } catch (RuntimeException e) {
                log.error("Outbox mail {} was sent but still cannot be recorded as sent", entry.getKey(), e);
                return;
            }
        }
    }

    private void recordSuccess(long id, Instant at) {
        try {
            source.markSent(id, at);
            sentNotRecorded.remove(id);
        } catch (RuntimeException e) {
            log.error("Outbox mail {} was sent but cannot be recorded as sent yet; it will not be sent again", id, e);
        }
    }

    private static void close(Transport transport) {
        if (transport == null) {
            return;
        }
        try {
            transport.close();
        } catch (MessagingException e) {
            log.debug("Closing the SMTP connection failed", e);
        }
    }
}
