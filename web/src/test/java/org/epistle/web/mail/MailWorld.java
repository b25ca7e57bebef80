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
    private final int smtpPort;
    private final int imapPort;
    private Installation installation;
    private Server server;
    private final StringWriter console = new StringWriter();
    /** The clock the game service reads; a test that moves time gives its own ({@link #startWithClock}). */
    private Clock clock = Clock.systemUTC();
    private final Map<String, String> overrides = new HashMap<>();
    /** SMTPS and IMAPS ports the server uses instead of the plain ones, or 0 when this world has no TLS. */
    private final int smtpsPort;
    private final int imapsPort;

    private MailWorld(Path dir, int smtpPort, int imapPort, int smtpsPort, int imapsPort) {
        this.dir = dir;
        this.database = TestDatabase.in(dir.resolve("db"));
        this.smtpPort = smtpPort;
        this.imapPort = imapPort;
        this.smtpsPort = smtpsPort;
        this.imapsPort = imapsPort;
    }

    public static MailWorld start(Path dir) {
        return start(dir, Map.of());
    }

    /** @param overrides settings, as environment variables, that differ from this world's */
    public static MailWorld start(Path dir, Map<String, String> overrides) {
        return start(new MailWorld(dir, freePort(), freePort(), 0, 0), overrides);
    }

    /** A world whose game service reads the given clock: the test moves time, and calls the ticks itself. */
    public static MailWorld startWithClock(Path dir, Clock clock, Map<String, String> overrides) {
        return start(dir, overrides, clock);
    }

    /** @param clock the clock the server reads all time from (games, mail, the scheduler) */
    public static MailWorld start(Path dir, Map<String, String> overrides, Clock clock) {
        MailWorld world = new MailWorld(dir, freePort(), freePort(), 0, 0);
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
        return start(new MailWorld(dir, freePort(), freePort(), freePort(), freePort()), tls);
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

    public void startMailServer() {
        var setups = new java.util.ArrayList<>(java.util.List.of(
                new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP),
                new ServerSetup(imapPort, "127.0.0.1", ServerSetup.PROTOCOL_IMAP)));
        if (smtpsPort != 0) {
            setups.add(new ServerSetup(smtpsPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS));
            setups.add(new ServerSetup(imapsPort, "127.0.0.1", ServerSetup.PROTOCOL_IMAPS));
            TestCertificate.serveFromGreenmail();
        }
        greenMail = new GreenMail(setups.toArray(ServerSetup[]::new));
        greenMail.start();
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
        env.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(smtpsPort != 0 ? smtpsPort : smtpPort));
        env.put("EPISTLE_MAIL_IMAP_HOST", "127.0.0.1");
        env.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(imapsPort != 0 ? imapsPort : imapPort));
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
