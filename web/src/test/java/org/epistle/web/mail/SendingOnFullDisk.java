package org.epistle.web.mail;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.ServerKey;
import org.epistle.core.testing.FullDisk;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.mailer.outbound.OutboxSender;
import org.epistle.mailer.outbound.SmtpSettings;
import org.epistle.templates.Templates;

/**
 * The outbox sender's world when the disk may fill: H2 on the {@link FullDisk} file system, a real SMTP server
 * (Greenmail on 127.0.0.1) and the game service at a fixed instant. Closing gives the space back first.
 */
final class SendingOnFullDisk implements AutoCloseable {
    final Database db;
    final GreenMail smtp;
    final GameService games;
    private final Instant now;

    private SendingOnFullDisk(Database db, GreenMail smtp, GameService games, Instant now) {
        this.db = db;
        this.smtp = smtp;
        this.games = games;
        this.now = now;
    }

    static SendingOnFullDisk start(Path dir, Instant now) {
        Database db = Database.open(FullDisk.url(dir.resolve("full")), "", "", 8);
        GreenMail smtp = new GreenMail(EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        return new SendingOnFullDisk(db, smtp, new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir),
                Clock.fixed(now, ZoneOffset.UTC)), now);
    }

    /** A sender of the game service's outbox to the SMTP server, 50 mails a run, polling each second. */
    OutboxSender sender() {
        return new OutboxSender(games.outbox(), new MailComposer(new Templates()),
                SmtpSettings.local("127.0.0.1", smtp.getSmtp().getPort()), "moves@epistle.localhost", "Epistle",
                Clock.fixed(now, ZoneOffset.UTC), 50, Duration.ofSeconds(1));
    }

    @Override
    public void close() {
        FullDisk.free();
        try {
            smtp.stop();
        } finally {
            db.close();
        }
    }
}
