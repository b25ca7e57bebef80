package org.epistle.web.crash;

import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.web.mail.Player;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.epistle.web.mail.MailWorld;

/**
 * The mail side of {@link MailWorld} alone, for a server that runs in another process: Greenmail with
 * SMTP and IMAP on 127.0.0.1, holding the server's mailbox and the players'. It can be stopped and
 * started again on the same ports, as a provider's outage looks to the server (its mail is kept in
 * memory only, so a restarted server starts with empty mailboxes).
 */
final class MailServer implements AutoCloseable {
    static final String SERVER_ADDRESS = MailWorld.SERVER_ADDRESS;
    static final String SERVER_PASSWORD = MailWorld.SERVER_PASSWORD;

    private final int smtpPort;
    private final int imapPort;
    private GreenMail greenMail;

    private MailServer(int smtpPort, int imapPort) {
        this.smtpPort = smtpPort;
        this.imapPort = imapPort;
    }

    static MailServer start() {
        MailServer server = new MailServer(MailWorld.freePort(), MailWorld.freePort());
        server.startAgain();
        return server;
    }

    /** Starts a fresh Greenmail on the same ports, with the server's mailbox. */
    void startAgain() {
        if (greenMail != null) {
            throw new IllegalStateException("the mail server is running");
        }
        GreenMail gm = new GreenMail(new ServerSetup[] {
                EmbeddedMailServer.loopback(smtpPort, ServerSetup.PROTOCOL_SMTP),
                EmbeddedMailServer.loopback(imapPort, ServerSetup.PROTOCOL_IMAP)});
        gm.start();
        gm.setUser(SERVER_ADDRESS, SERVER_ADDRESS, SERVER_PASSWORD);
        greenMail = gm;
    }

    /** Stops SMTP and IMAP: connections are refused until {@link #startAgain()}. */
    void stop() {
        if (greenMail != null) {
            greenMail.stop();
            greenMail = null;
        }
    }

    /**
     * The settings of a deployment against this mail server, as environment variables (the shape of
     * {@link MailWorld#environment()}), with the H2 file database in {@code dbDir}.
     *
     * @param pollSeconds how often the outbox sender runs unless woken, and the IMAP poll interval
     */
    Map<String, String> environment(Path dbDir, int pollSeconds) {
        Map<String, String> env = new HashMap<>();
        env.put("EPISTLE_MAIL_MODE", "external");
        env.put("EPISTLE_MAIL_ADDRESS", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_SMTP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(smtpPort));
        env.put("EPISTLE_MAIL_IMAP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(imapPort));
        env.put("EPISTLE_MAIL_USER", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_PASSWORD", SERVER_PASSWORD);
        env.put("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", String.valueOf(pollSeconds));
        env.put("EPISTLE_DB_URL", "jdbc:h2:file:" + dbDir.toAbsolutePath() + "/epistle;AUTO_SERVER=TRUE");
        return env;
    }

    /** A player's mailbox (Greenmail creates it on first delivery; login and password are the address). */
    Player mailbox(String address) {
        return new Player(address, address, address, smtpPort, imapPort);
    }

    /** The server's own mailbox, to look at what its reader has flagged. */
    Player serverMailbox() {
        return new Player("Epistle", SERVER_ADDRESS, SERVER_PASSWORD, smtpPort, imapPort);
    }

    @Override
    public void close() {
        stop();
    }
}
