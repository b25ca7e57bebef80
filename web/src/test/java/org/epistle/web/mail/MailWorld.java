package org.epistle.web.mail;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;
import org.epistle.web.Server;

/**
 * A whole mail world on loopback for end-to-end tests: a Greenmail server (SMTP and IMAP on
 * 127.0.0.1) holding the server's mailbox and every player's, an H2 file database, and the real
 * Epistle server configured against them exactly as a deployment against an external provider.
 */
public final class MailWorld implements AutoCloseable {
    public static final String SERVER_ADDRESS = "moves@epistle.localhost";
    public static final String SERVER_PASSWORD = "server-secret";

    private final Path dir;
    /**
     * Each world's server mailbox has its own password, so a server process left over from another
     * test, still reconnecting to a port this world now reuses, cannot read this world's mail.
     */
    private final String serverPassword = SERVER_PASSWORD + "-" + java.util.UUID.randomUUID();
    private GreenMail greenMail;
    private final int smtpPort;
    private final int imapPort;
    private Installation installation;
    private Server server;
    private final StringWriter console = new StringWriter();
    private final Map<String, String> overrides = new HashMap<>();

    private MailWorld(Path dir, int smtpPort, int imapPort) {
        this.dir = dir;
        this.smtpPort = smtpPort;
        this.imapPort = imapPort;
    }

    public static MailWorld start(Path dir) {
        return start(dir, Map.of());
    }

    /** @param overrides settings, as environment variables, that differ from this world's */
    public static MailWorld start(Path dir, Map<String, String> overrides) {
        MailWorld world = new MailWorld(dir, freePort(), freePort());
        world.overrides.putAll(overrides);
        world.startMailServer();
        world.startEpistle();
        return world;
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public void startMailServer() {
        greenMail = new GreenMail(new ServerSetup[] {
                new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP),
                new ServerSetup(imapPort, "127.0.0.1", ServerSetup.PROTOCOL_IMAP)});
        greenMail.start();
        greenMail.setUser(SERVER_ADDRESS, SERVER_ADDRESS, serverPassword);
    }

    public void stopMailServer() {
        greenMail.stop();
    }

    /** The settings a deployment would have, as environment variables. */
    public Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("EPISTLE_MAIL_MODE", "external");
        env.put("EPISTLE_MAIL_ADDRESS", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_SMTP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(smtpPort));
        env.put("EPISTLE_MAIL_IMAP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(imapPort));
        env.put("EPISTLE_MAIL_USER", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_PASSWORD", serverPassword);
        env.put("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", "1");
        env.put("EPISTLE_DB_URL", "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle;AUTO_SERVER=TRUE");
        env.put("EPISTLE_WEB_PORT", String.valueOf(freePort()));
        env.putAll(overrides);
        return env;
    }

    public void startEpistle() {
        var settings = new SettingsLoader(environment()).load().settings();
        installation = Installation.open(settings, ServerKey.load(dir.resolve("server.key")), Clock.systemUTC());
        server = Server.start(installation, new PrintWriter(console, true));
    }

    public void stopEpistle() {
        server.close();
    }

    public Installation installation() {
        return installation;
    }

    public Player player(String name, String email) {
        return new Player(name, email, smtpPort, imapPort);
    }

    public int smtpPort() {
        return smtpPort;
    }

    public int imapPort() {
        return imapPort;
    }

    public String console() {
        return console.toString();
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            greenMail.stop();
        }
    }
}
