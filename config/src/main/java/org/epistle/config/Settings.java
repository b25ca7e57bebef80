package org.epistle.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every setting of the server, grouped by section. Build it with {@link SettingsLoader}; the
 * loader validates each value and names the offending key, so these records only guard against nulls.
 */
public record Settings(Web web, Db db, Mail mail, Server server, Clock clock, Monitoring monitoring, Observers observers) {

    public Settings {
        Objects.requireNonNull(observers, "observers");
        Objects.requireNonNull(monitoring, "monitoring");
        Objects.requireNonNull(web, "web");
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(mail, "mail");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(monitoring, "monitoring");
    }

    /** With the default clock settings. */
    public Settings(Web web, Db db, Mail mail, Server server) {
        this(web, db, mail, server, Clock.DEFAULTS);
    }

    /** With the default monitoring settings and observer delay. */
    public Settings(Web web, Db db, Mail mail, Server server, Clock clock) {
        this(web, db, mail, server, clock, Monitoring.DEFAULTS, Observers.DEFAULTS);
    }

    /** With the default observer delay. */
    public Settings(Web web, Db db, Mail mail, Server server, Clock clock, Monitoring monitoring) {
        this(web, db, mail, server, clock, monitoring, Observers.DEFAULTS);
    }

    /** With the default monitoring settings. */
    public Settings(Web web, Db db, Mail mail, Server server, Clock clock, Observers observers) {
        this(web, db, mail, server, clock, Monitoring.DEFAULTS, observers);
    }

    /** The settings a laptop runs with: no file, no environment. */
    public static Settings defaults() {
        return new SettingsLoader(Map.of()).load().settings();
    }

    /** Where the web app listens. */
    public record Web(String host, int port) {
        public Web {
            Objects.requireNonNull(host, "host");
        }
    }

    /**
     * The JDBC connection.
     *
     * @param poolSize how many connections the server holds open at most ({@code db.pool-size})
     */
    public record Db(String url, String user, String password, int poolSize) {
        /** The pool's size when the settings name none. */
        public static final int DEFAULT_POOL_SIZE = 16;

        public Db {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
        }

        public Db(String url, String user, String password) {
            this(url, user, password, DEFAULT_POOL_SIZE);
        }

        // Settings end up in start-up logs; the password must not.
        @Override public String toString() {
            return "Db[url=" + url + ", user=" + user + ", password=" + masked(password) + ", poolSize=" + poolSize + "]";
        }
    }

    /** Embedded runs Greenmail inside the server on 127.0.0.1; external talks to a real mail provider. */
    public enum MailMode { EMBEDDED, EXTERNAL }

    /** How SMTP is protected when {@code mail.tls} is on: upgraded with STARTTLS (port 587) or TLS from the first byte (465). */
    public enum SmtpTls { STARTTLS, IMPLICIT }

    /**
     * Mail in and out.
     *
     * @param address        the server's own address: players write to it and mails come from it
     * @param tls            TLS for both SMTP and IMAP (IMAP over TLS from the first byte, SMTP as {@code smtpTls} says)
     * @param plusAddressing whether mail to {@code local+tag@domain} arrives in the mailbox of {@code local@domain}
     *                       (true for Gmail, Fastmail, Postfix with recipient_delimiter; false for Greenmail)
     * @param smtpTls        how SMTP uses TLS when {@code tls} is on
     * @param trustedCertificates a PEM file whose certificates are the only ones trusted for TLS, in place of the
     *                       JDK's authorities (a provider with its own certificate); empty: the JDK's authorities
     * @param keepRawDays    how many days a handled mail's bytes stay in the database (for an operator to look at);
     *                       then only its key and outcome stay. 0: none past handling
     */
    public record Mail(MailMode mode, String address,
                       String smtpHost, int smtpPort, String imapHost, int imapPort, boolean tls,
                       String user, String password, Duration pollInterval, boolean plusAddressing,
                       SmtpTls smtpTls, Optional<Path> trustedCertificates, int keepRawDays) {
        /** How long a handled mail's bytes are kept unless the settings say otherwise. */
        public static final int DEFAULT_KEEP_RAW_DAYS = 30;

        /** Settings with a handled mail's bytes kept {@link #DEFAULT_KEEP_RAW_DAYS} days. */
        public Mail(MailMode mode, String address, String smtpHost, int smtpPort, String imapHost, int imapPort, boolean tls,
                    String user, String password, Duration pollInterval, boolean plusAddressing, SmtpTls smtpTls,
                    Optional<Path> trustedCertificates) {
            this(mode, address, smtpHost, smtpPort, imapHost, imapPort, tls, user, password, pollInterval, plusAddressing,
                    smtpTls, trustedCertificates, DEFAULT_KEEP_RAW_DAYS);
        }

        public Mail {
            if (keepRawDays < 0) throw new IllegalArgumentException("keepRawDays cannot be negative: " + keepRawDays);
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(smtpTls, "smtpTls");
            Objects.requireNonNull(trustedCertificates, "trustedCertificates");
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(smtpHost, "smtpHost");
            Objects.requireNonNull(imapHost, "imapHost");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(pollInterval, "pollInterval");
        }

        public boolean isEmbedded() { return mode == MailMode.EMBEDDED; }

        /** How long a handled mail's bytes stay in the database. */
        public Duration keepRaw() { return Duration.ofDays(keepRawDays); }

        // Settings end up in start-up logs; the password must not.
        @Override public String toString() {
            return "Mail[mode=" + mode + ", address=" + address
                    + ", smtp=" + smtpHost + ":" + smtpPort + ", imap=" + imapHost + ":" + imapPort
                    + ", tls=" + tls + ", user=" + user + ", password=" + masked(password)
                    + ", pollInterval=" + pollInterval + ", plusAddressing=" + plusAddressing
                    + ", smtpTls=" + smtpTls + ", trustedCertificates=" + trustedCertificates.map(Path::toString).orElse("")
                    + ", keepRawDays=" + keepRawDays + "]";
        }
    }

    /**
     * @param publicBaseUrl how players reach the web app, used in links in mails; never ends in a slash
     * @param daysPerMove   how many days a player has for a turn, shown as a date in mails and pages; 0: no deadline
     * @param deskLinkDays  how many days a desk link mailed to a player opens their desk
     * @param keyFile       the server key, which the seats' tokens are derived from: every instance that serves
     *                      one database must read the same key, or a token mailed by one is refused by another
     */
    public record Server(URI publicBaseUrl, int daysPerMove, int deskLinkDays, Path keyFile) {
        /** A desk link lasts a week unless the settings say otherwise. */
        public static final int DEFAULT_DESK_LINK_DAYS = 7;
        /** Where the key is kept unless a setting says otherwise: beside the default H2 file. */
        public static final Path DEFAULT_KEY_FILE = Path.of("data", "server.key");

        public Server {
            Objects.requireNonNull(publicBaseUrl, "publicBaseUrl");
            Objects.requireNonNull(keyFile, "keyFile");
            if (daysPerMove < 0) {
                throw new IllegalArgumentException("daysPerMove must not be negative: " + daysPerMove);
            }
            if (deskLinkDays < 1) {
                throw new IllegalArgumentException("deskLinkDays must be at least 1: " + deskLinkDays);
            }
        }

        /** With the default desk links and key file. */
        public Server(URI publicBaseUrl, int daysPerMove) {
            this(publicBaseUrl, daysPerMove, DEFAULT_DESK_LINK_DAYS, DEFAULT_KEY_FILE);
        }

        /** Without deadlines. */
        public Server(URI publicBaseUrl) {
            this(publicBaseUrl, 0);
        }
    }

    /**
     * Reminders, leave and the scheduler.
     *
     * @param reminderPercentUsed the first reminder goes when this share of the time for a move is used; 0: none
     * @param reminderHoursBefore the second goes this many hours before the deadline; 0: none
     * @param leaveDaysPerYear    days of leave a player may book in each calendar year
     * @param leaveNoticeHours    leave starts at least this many hours after it is asked for
     * @param tick                how often the scheduler looks for due reminders, timeouts and leave notices
     */
    public record Clock(int reminderPercentUsed, int reminderHoursBefore, int leaveDaysPerYear, int leaveNoticeHours,
                        Duration tick) {
        public static final Clock DEFAULTS = new Clock(50, 24, 30, 24, Duration.ofSeconds(60));

        public Clock {
            Objects.requireNonNull(tick, "tick");
        }
    }

    /**
     * What {@code /health} and {@code /metrics} answer.
     *
     * @param readerGrace   how long the mail reader may be without a connection to the IMAP server before
     *                      {@code /health} calls it failing (it reconnects on its own; a short outage is not one)
     * @param outboxMaxAge  the oldest unsent mail may wait this long before {@code /health} calls the sender failing
     * @param metricsPublic whether {@code /metrics} answers anyone; otherwise only requests from the machine itself
     */
    public record Monitoring(Duration readerGrace, Duration outboxMaxAge, boolean metricsPublic) {
        public static final Monitoring DEFAULTS = new Monitoring(Duration.ofMinutes(5), Duration.ofMinutes(15), false);

        public Monitoring {
            Objects.requireNonNull(readerGrace, "readerGrace");
            Objects.requireNonNull(outboxMaxAge, "outboxMaxAge");
        }
    }

    /**
     * People who follow games by mail.
     *
     * @param delayTurns how many turns late observers (and the feeds) see a game that sets no delay of its own,
     *                   nor its tournament; ICCF's custom is 5
     */
    public record Observers(int delayTurns) {
        public static final int MAX_DELAY_TURNS = 100;
        public static final Observers DEFAULTS = new Observers(5);
    }

    private static String masked(String secret) {
        return secret.isEmpty() ? "" : "***";
    }
}
