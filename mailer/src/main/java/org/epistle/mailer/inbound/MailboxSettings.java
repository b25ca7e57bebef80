package org.epistle.mailer.inbound;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.epistle.mailer.TrustedCertificates;

/**
 * How the {@link MailboxReader} reaches the server's mailbox. Start from {@link #of} and change what differs.
 *
 * @param host            the IMAP server
 * @param port            its port (143 plain, 993 TLS; Greenmail's embedded default is in the config module)
 * @param user            the login
 * @param password        the password (masked in {@link #toString()})
 * @param tls             implicit TLS ({@code imaps}) with the server's host name checked; false is plain IMAP
 * @param folder          the folder read, {@code INBOX}
 * @param processedFolder where handled mail is moved, if that folder exists on the server and it supports MOVE;
 *                        handled mail is flagged \Seen either way
 * @param idle            use IMAP IDLE when the server offers it; false always polls
 * @param pollInterval    how often to look when polling; with IDLE, the longest an IDLE lasts before a full look,
 *                        which is also when a message answered {@link Disposition#RETRY_LATER} is tried again
 * @param maxAttempts     failed deliveries in a row (the sink threw, or the fetch failed) after which a message is
 *                        flagged \Seen unhandled, so one bad message cannot block the mailbox
 * @param connectTimeout  connect timeout (also used for writes)
 * @param initialBackoff  the first wait before reconnecting after the connection failed; it doubles on each failure
 * @param maxBackoff      the longest wait before reconnecting
 * @param trusted         the only certificates trusted for TLS, if not the JDK's authorities
 */
public record MailboxSettings(String host, int port, String user, String password, boolean tls, String folder,
                              Optional<String> processedFolder, boolean idle, Duration pollInterval, int maxAttempts,
                              Duration connectTimeout, Duration initialBackoff, Duration maxBackoff,
                              Optional<TrustedCertificates> trusted) {

    public MailboxSettings {
        Objects.requireNonNull(trusted, "trusted");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(processedFolder, "processedFolder");
        if (port < 1 || port > 65535) throw new IllegalArgumentException("port out of range: " + port);
        if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        positive(pollInterval, "pollInterval");
        positive(connectTimeout, "connectTimeout");
        positive(initialBackoff, "initialBackoff");
        positive(maxBackoff, "maxBackoff");
    }

    /**
     * INBOX, moving handled mail to {@code Processed} if it exists, IDLE, a look every minute, 5 attempts,
     * 10 s connect timeout, reconnecting after 1 s doubling up to 10 s. The cap is short because one reconnect is a
     * single refused connect while the server is down, and players' mail should be read within seconds of its return
     * (with a 1 min cap, an outage just past a minute left mail unread for up to another minute); the sender retries
     * an unreachable server on the same 10 s bound.
     */
    public static MailboxSettings of(String host, int port, String user, String password, boolean tls) {
        return new MailboxSettings(host, port, user, password, tls, "INBOX", Optional.of("Processed"), true,
                Duration.ofMinutes(1), 5, Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(10));
    }

    /** Trusting the JDK's certificate authorities. */
    public MailboxSettings(String host, int port, String user, String password, boolean tls, String folder,
                           Optional<String> processedFolder, boolean idle, Duration pollInterval, int maxAttempts,
                           Duration connectTimeout, Duration initialBackoff, Duration maxBackoff) {
        this(host, port, user, password, tls, folder, processedFolder, idle, pollInterval, maxAttempts,
                connectTimeout, initialBackoff, maxBackoff, Optional.empty());
    }

    /** The same mailbox, trusting only {@code trusted} for TLS. */
    public MailboxSettings withTrusted(Optional<TrustedCertificates> trusted) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withFolder(String folder) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withProcessedFolder(Optional<String> processedFolder) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withIdle(boolean idle) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withPollInterval(Duration pollInterval) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withMaxAttempts(int maxAttempts) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withConnectTimeout(Duration connectTimeout) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    public MailboxSettings withBackoff(Duration initialBackoff, Duration maxBackoff) {
        return new MailboxSettings(host, port, user, password, tls, folder, processedFolder, idle, pollInterval,
                maxAttempts, connectTimeout, initialBackoff, maxBackoff, trusted);
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) throw new IllegalArgumentException(name + " must be positive: " + d);
    }

    // Settings end up in start-up logs; the password must not.
    @Override public String toString() {
        return "MailboxSettings[" + (tls ? "imaps" : "imap") + "://" + user + "@" + host + ":" + port + "/" + folder
                + ", processedFolder=" + processedFolder.orElse("-") + ", idle=" + idle + ", pollInterval=" + pollInterval
                + ", maxAttempts=" + maxAttempts + ", connectTimeout=" + connectTimeout
                + ", backoff=" + initialBackoff + ".." + maxBackoff + trusted.map(t -> ", trusted=" + t).orElse("") + ", password=" + (password.isEmpty() ? "" : "***") + "]";
    }
}
