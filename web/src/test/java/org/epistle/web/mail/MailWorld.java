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
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.web.Installation;
import org.epistle.web.Server;

/**
 * A whole mail world on loopback for end-to-end tests: a Greenmail server (SMTP and IMAP on
 * 127.0.0.1) holding the server's mailbox and every player's, a fresh database on the run's engine
 * ({@link TestDatabase}), and the real
 * Epistle server configured against them exactly as a deployment against an external provider.
 */
public final class MailWorld implements AutoCloseable {
    public static final String SERVER_ADDRESS = "moves@epistle.localhost";
    public static final String SERVER_PASSWORD = "server-secret";

    private final Path dir;
    private final TestDatabase database;
    /**
     * Each world's server mailbox has its own password, so a server process left over from another
     * test, still reconnecting to a port this world now reuses, cannot read this world's mail.
     */
    private final String serverPassword = SERVER_PASSWORD + "-" + java.util.UUID.randomUUID();
    private GreenMail greenMail;
    /** The players' plain ports: 0 until the mail server first starts on free ports, then kept for its restarts. */
    private int smtpPort;
    private int imapPort;
    private Installation installation;
    private Server server;
    private final StringWriter console = new StringWriter();
    /** The clock the game service reads; a test that moves time gives its own ({@link #startWithClock}). */
    private Clock clock = Clock.systemUTC();
    private final Map<String, String> overrides = new HashMap<>();
    /** Whether the server reads over IMAPS and sends over SMTPS instead of the plain ports. */
    private final boolean tls;
    private int smtpsPort;
    private int imapsPort;

    private MailWorld(Path dir, boolean tls) {
        this.dir = dir;
        this.database = TestDatabase.in(dir.resolve("db"));
        this.tls = tls;
    }

    public static MailWorld start(Path dir) {
        return start(dir, Map.of());
    }

    /** @param overrides settings, as environment variables, that differ from this world's */
    public static MailWorld start(Path dir, Map<String, String> overrides) {
        return start(new MailWorld(dir, false), overrides);
    }

    /** A world whose game service reads the given clock: the test moves time, and calls the ticks itself. */
    public static MailWorld startWithClock(Path dir, Clock clock, Map<String, String> overrides) {
        return start(dir, overrides, clock);
    }

    /** @param clock the clock the server reads all time from (games, mail, the scheduler) */
    public static MailWorld start(Path dir, Map<String, String> overrides, Clock clock) {
        MailWorld world = new MailWorld(dir, false);
        world.clock = clock;
        return start(world, overrides);
    }

    /**
     * A world whose Epistle server reads over IMAPS and sends over SMTPS, configured as for a real provider:
     * {@code mail.tls=true}, {@code mail.smtp.tls-mode=implicit} and the test certificate (made for 127.0.0.1,
     * see {@link TestCertificate}) as the only trusted one. Players still use the plain ports.
     */
    public static MailWorld startWithTls(Path dir, Map<String, String> overrides) {
        Map<String, String> tls = new HashMap<>(Map.of(
                "EPISTLE_MAIL_TLS", "true",
                "EPISTLE_MAIL_SMTP_TLS_MODE", "implicit",
                "EPISTLE_MAIL_TRUSTED_CERTIFICATES", TestCertificate.pem().toString()));
        tls.putAll(overrides);
        return start(new MailWorld(dir, true), tls);
    }

    private static MailWorld start(MailWorld world, Map<String, String> overrides) {
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

    /**
     * Starts Greenmail: the first time on ports the system picks as it binds (a port picked beforehand could be taken by
     * another socket before Greenmail binds it), later on the same ports, since the Epistle server and the players know
     * them.
     */
    public void startMailServer() {
        var setups = new java.util.ArrayList<>(java.util.List.of(
                EmbeddedMailServer.loopback(smtpPort, ServerSetup.PROTOCOL_SMTP),
                EmbeddedMailServer.loopback(imapPort, ServerSetup.PROTOCOL_IMAP)));
        if (tls) {
            setups.add(EmbeddedMailServer.loopback(smtpsPort, ServerSetup.PROTOCOL_SMTPS));
            setups.add(EmbeddedMailServer.loopback(imapsPort, ServerSetup.PROTOCOL_IMAPS));
            TestCertificate.serveFromGreenmail();
        }
        greenMail = new GreenMail(setups.toArray(ServerSetup[]::new));
        greenMail.start();
        smtpPort = greenMail.getSmtp().getPort();
        imapPort = greenMail.getImap().getPort();
        if (tls) {
            smtpsPort = greenMail.getSmtps().getPort();
            imapsPort = greenMail.getImaps().getPort();
        }
        greenMail.setUser(SERVER_ADDRESS, SERVER_ADDRESS, serverPassword);
    }

    public void stopMailServer() {
        greenMail.stop();
    }

    /** Stops Greenmail's IMAP service alone: the server's reader loses its connection and cannot make a new one. */
    public void stopImap() {
        greenMail.getImap().stopService();
    }

    /** Stops Greenmail's SMTP service alone: the server's sender cannot connect (nor can the players send). */
    public void stopSmtp() {
        greenMail.getSmtp().stopService();
    }

    /** A fresh Greenmail on the same ports, with the server's mailbox again (the mail it held is gone). */
    public void restartMailServer() {
        greenMail.stop();
        startMailServer();
    }

    /** The settings a deployment would have, as environment variables. */
    public Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("EPISTLE_MAIL_MODE", "external");
        env.put("EPISTLE_MAIL_ADDRESS", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_SMTP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(tls ? smtpsPort : smtpPort));
        env.put("EPISTLE_MAIL_IMAP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(tls ? imapsPort : imapPort));
        env.put("EPISTLE_MAIL_USER", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_PASSWORD", serverPassword);
        env.put("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", "1");
        env.putAll(database.environment());
        env.put("EPISTLE_WEB_PORT", String.valueOf(freePort()));
        env.putAll(overrides);
        return env;
    }

    public void startEpistle() {
        for (int attempt = 1; ; attempt++) {
            var settings = new SettingsLoader(environment()).load().settings();
            installation = Installation.open(settings, ServerKey.load(dir.resolve("server.key")), clock);
            try {
                server = Server.start(installation, new PrintWriter(console, true));
                return;
            } catch (io.javalin.util.JavalinBindException e) {
                // Another process on this machine took the free port between our probe and the bind: draw again.
                installation.close();
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    public void stopEpistle() {
        server.close();
    }

    public Server server() {
        return server;
    }

    /** The port the running server's web pages answer on. */
    public int webPort() {
        return server.webPort();
    }

    public Installation installation() {
        return installation;
    }

    /** Starts a game between two players, as the admin or the shell would; returns its id. */
    public long newGame(String variant, String whiteArmy, String blackArmy, Player white, Player black) {
        return installation().games().create(new org.epistle.core.games.NewGame(variant, whiteArmy, blackArmy,
                new org.epistle.core.games.Contact(white.name(), white.email()),
                new org.epistle.core.games.Contact(black.name(), black.email()))).gameId();
    }

    public long newGame(String variant, Player white, Player black) {
        return newGame(variant, "fabulous-fides", "fabulous-fides", white, black);
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
            database.close();
        }
    }
}
