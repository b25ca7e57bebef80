package org.epistle.web;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.epistle.config.Settings;
import org.epistle.core.games.AdminSecret;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.InboundHandler;
import org.epistle.mailer.PausePoint;
import org.epistle.mailer.TrustedCertificates;
import org.epistle.mailer.inbound.MailParser;
import org.epistle.mailer.inbound.MailboxReader;
import org.epistle.mailer.inbound.MailboxSettings;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.mailer.outbound.OutboxSender;
import org.epistle.mailer.outbound.SmtpSettings;
import org.epistle.templates.Templates;
import org.epistle.web.monitoring.Health;
import org.epistle.web.monitoring.Metrics;
import org.epistle.web.monitoring.Monitor;
import org.epistle.web.monitoring.ReaderWatch;

/**
 * The running server: storage, the mail loop (mailbox reader and outbox sender) and the web app,
 * started in the order that loses nothing: mail stored before a crash is handled first, then
 * pending notifications are sent, then new mail is read.
 */
public final class Server implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Server.class);
    /**
     * How often the sender looks at the outbox when nobody wakes it: mail written by another process (a game
     * created with {@code epistle game create}) goes out within this. One indexed query a second costs nothing.
     */
    static final java.time.Duration OUTBOX_POLL = java.time.Duration.ofSeconds(1);
    /** How often the digest tick looks for digests due; a digest goes out within this after its time of day. */
    static final java.time.Duration DIGEST_TICK = java.time.Duration.ofMinutes(1);
    private final Installation installation;
    private final EmbeddedMailServer embedded;
    private final OutboxSender sender;
    private final MailboxReader reader;
    private final WebApp web;
    private final DigestTicker digests;
    private final ClockScheduler scheduler;

    private Server(Installation installation, EmbeddedMailServer embedded, OutboxSender sender, MailboxReader reader, WebApp web,
                   DigestTicker digests, ClockScheduler scheduler) {
        this.digests = digests;
        this.installation = installation;
        this.embedded = embedded;
        this.sender = sender;
        this.reader = reader;
        this.web = web;
        this.scheduler = scheduler;
    }

    public static Server start(Installation installation, PrintWriter out) {
        return start(installation, out, installation.settings().web());
    }

    /** @param web where the web app listens, when the command line overrides the settings */
    public static Server start(Installation installation, PrintWriter out, Settings.Web web) {
        Settings settings = installation.settings();
        Settings.Mail mail = settings.mail();
        // Read first, so a broken certificate file stops the start before anything runs, not at every connection.
        Optional<TrustedCertificates> trusted = mail.isEmbedded() ? Optional.empty()
                : mail.trustedCertificates().map(TrustedCertificates::fromPem);
        AdminSecret.ensure(installation.database()).ifPresent(secret -> {
            out.println("Admin secret (shown once, stored hashed): " + secret);
            out.flush();
        });
        String password = mail.password().isEmpty() ? mail.address() : mail.password();
        String login = mail.user().isEmpty() ? mail.address() : mail.user();
        EmbeddedMailServer embedded = null;
        int smtpPort = mail.smtpPort();
        int imapPort = mail.imapPort();
        if (mail.isEmbedded()) {
            embedded = EmbeddedMailServer.start(mail.smtpPort(), mail.imapPort(), mail.address(), password);
            smtpPort = embedded.smtpPort();
            imapPort = embedded.imapPort();
            out.println("Embedded mail server: SMTP 127.0.0.1:" + smtpPort + ", IMAP 127.0.0.1:" + imapPort
                    + " (mailbox " + mail.address() + ")");
        }
        SmtpSettings smtp = mail.isEmbedded() ? SmtpSettings.local("127.0.0.1", smtpPort)
                : new SmtpSettings(mail.smtpHost(), smtpPort, smtpTls(mail),
                        mail.user().isEmpty() ? null : mail.user(), mail.password().isEmpty() ? null : mail.password(),
                        SmtpSettings.DEFAULT_TIMEOUT, trusted);
        Templates templates = new Templates();
        PausePoint pause = PausePoint.fromEnvironment();
        // Under a crash test the process stops at a point such as "committed, sender not woken yet"; a sender that
        // looked at the outbox every second would send during that stop and so close the window being tested.
        java.time.Duration outboxPoll = pause.isAnySet() ? mail.pollInterval() : OUTBOX_POLL;
        OutboxSender sender = new OutboxSender(installation.games().outbox(), new MailComposer(templates), smtp,
                mail.address(), "Epistle", installation.clock(), 50, outboxPoll);
        Metrics metrics = new Metrics(installation.games().outbox()::backlog, installation.clock());
        installation.games().measureJudgingWith(metrics);
        MailParser parser = new MailParser(List.of(mail.address()), MailParser.DEFAULT_MAX_BYTES);
        InboundHandler handler = new InboundHandler(installation.games(), parser, installation.clock(),
                pause, sender::wake, metrics);
        ReaderWatch readerWatch = new ReaderWatch(installation.clock());
        Health health = Health.of(installation.games().outbox()::backlog, installation.database().writes(), readerWatch, sender::reach, installation.clock(),
                settings.monitoring());
        // The web port is taken before any mail moves: a busy port stops the start with nothing read or sent.
        WebApp app;
        try {
            app = WebApp.start(web.host(), web.port(), installation.games(), templates, sender::wake,
                    candidate -> AdminSecret.matches(installation.database(), candidate),
                    new Monitor(health, metrics, settings.monitoring().metricsPublic()));
        } catch (RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
        takeBackLeasesOfEndedProcesses(installation, out);
        int recovered = handler.recover();
        if (recovered > 0) {
            out.println("Handled " + recovered + " mail(s) stored before the last stop.");
        }
        sender.start();
        MailboxSettings mailbox = MailboxSettings.of(mail.isEmbedded() ? "127.0.0.1" : mail.imapHost(), imapPort, login,
                password, mail.tls() && !mail.isEmbedded()).withPollInterval(mail.pollInterval())
                .withProcessedFolder(Optional.of(EmbeddedMailServer.PROCESSED_FOLDER))
                .withTrusted(trusted);
        MailboxReader reader = new MailboxReader(mailbox, handler, MailboxReader.DEFAULT_LANES, readerWatch);
        reader.start();
        ClockScheduler scheduler = new ClockScheduler(installation.games(), sender::wake, settings.clock().tick(),
                settings.mail().keepRaw());
        scheduler.start();
        out.println("Epistle is serving on http://" + web.host() + ":" + app.port() + "/");
        out.flush();
        DigestTicker digests = DigestTicker.start(installation.games(), sender::wake, DIGEST_TICK);
        return new Server(installation, embedded, sender, reader, app, digests, scheduler);
    }

    /**
     * Before this process sends: the mails a sender of this machine leased and then died with (a kill -9) are due at
     * once rather than when its lease runs out. A mail of theirs SMTP had accepted just before the kill goes twice,
     * as it would after the lease; never a live sender's, nor another machine's ({@code Outbox}).
     */
    private static void takeBackLeasesOfEndedProcesses(Installation installation, PrintWriter out) {
        try {
            var released = installation.games().outbox().releaseLeasesOfEndedProcesses(installation.clock().instant());
            if (released.mails() > 0) {
                out.println("Took back " + released.mails() + " outbox mail(s) leased by " + released.holders().size()
                        + " ended process(es) of this machine: they go out now.");
            }
        } catch (RuntimeException e) {
            // their leases run out by themselves; the start goes on
            LOG.warn("the leases of ended processes could not be taken back; they run out at their time: {}", e.toString());
        }
    }

    private static SmtpSettings.Tls smtpTls(Settings.Mail mail) {
        if (!mail.tls()) return SmtpSettings.Tls.NONE;
        return switch (mail.smtpTls()) {
            case STARTTLS -> SmtpSettings.Tls.STARTTLS;
            case IMPLICIT -> SmtpSettings.Tls.IMPLICIT;
        };
    }

    public int webPort() {
        return web.port();
    }

    /** One tick of the clock's scheduler now (tests move the installation's clock, then tick). */
    public int clockTick() {
        return scheduler.tick();
    }

    public Optional<EmbeddedMailServer> embeddedMail() {
        return Optional.ofNullable(embedded);
    }

    /**
     * Stops in the order that leaves nothing half done: no new requests, no new mail read, the sends in flight
     * recorded, and only then the database closed.
     */
    @Override
    public void close() {
        digests.close();
        scheduler.stop();
        web.stop();
        reader.close();
        sender.close();
        if (embedded != null) {
            embedded.close();
        }
        installation.close();
    }
}
