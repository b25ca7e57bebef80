package org.epistle.web.bench;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;

/**
 * {@code epistle bench faults}: what Epistle survives. Epistle runs as a process of its own ({@code serve}, H2 file
 * database, or PostgreSQL); so does the mail server ({@link MailServerProcess}), so killing Epistle leaves the
 * mailboxes as they are, and Epistle reaches SMTP and IMAP through relays that this bench can cut. Games are played all along, by mail and on the web.
 * Then, one scenario after another: kill -9 of Epistle (repeatedly), SMTP down, IMAP down, the disk under the H2
 * directory full (on a small tmpfs, where the machine lets us mount one), many conflicting submissions at once by
 * web and mail, and a flood of generated hostile mail.
 *
 * <p>After each scenario the players pause, the bench waits until Epistle has handled every mail and sent every
 * notification, and checks from the outside: each move a player saw accepted is in the game once and in order, every
 * notification in the outbox is in its recipient's mailbox (a Message-ID twice is a mail that was in flight at a
 * kill), the mail reader never died, and no mailbox exists for an address that is no player's.
 */
public final class FaultsBench {

    /**
     * @param games          games in flight (one player pair each), moves by mail and web alternately
     * @param kills          kill -9 of Epistle, each after a few seconds of load
     * @param outageSeconds  how long SMTP, then IMAP, is down (the disk stays full half as long)
     * @param conflicts      conflicting submissions, ten at once on one fresh game (half by web, half by mail)
     * @param hostile        generated hostile mails
     * @param seed           the random source of the hostile mail and the pauses between kills
     * @param confirmSeconds how long a player waits for the mail that confirms a move, and the bench for Epistle to
     *                       be quiet after a scenario; a normal run never waits it out, so a short one (as the test
     *                       sets) only shortens a failing run
     * @param postgres       a JDBC URL of an empty PostgreSQL database (user and password in the URL) for Epistle, or
     *                       null for an H2 file database (on a tmpfs where the bench may mount one)
     * @param drops          on PostgreSQL: how often every connection of Epistle's is terminated under load
     */
    public record Options(int games, int kills, int outageSeconds, int conflicts, int hostile, long seed, int confirmSeconds,
                          String postgres, int drops) {
        public Options {
            if (postgres != null && !postgres.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("--postgres takes a jdbc:postgresql: URL, not " + postgres);
            }
            if (drops < 0) throw new IllegalArgumentException("--drops must be 0 or more, not " + drops);
            if (games < 1 || games > 100) throw new IllegalArgumentException("--games must be 1 to 100, not " + games);
            if (kills < 0) throw new IllegalArgumentException("--kills must be 0 or more, not " + kills);
            if (outageSeconds < 1) throw new IllegalArgumentException("--outage-seconds must be at least 1, not " + outageSeconds);
            if (conflicts < 0) throw new IllegalArgumentException("--conflicts must be 0 or more, not " + conflicts);
            if (hostile < 0) throw new IllegalArgumentException("--hostile must be 0 or more, not " + hostile);
            if (confirmSeconds < 10) throw new IllegalArgumentException("--confirm-seconds must be at least 10, not " + confirmSeconds);
        }

        public static Options defaults() {
            return new Options(8, 20, 60, 1000, 10_000, 15L, 600, null, 20);
        }

        Duration confirm() {
            return Duration.ofSeconds(confirmSeconds);
        }
    }

    private static final String SERVER = "moves@epistle.localhost";
    private static final String PASSWORD = "bench";
    private static final String DOMAIN = "faults.localhost";
    private static final String HOST = "127.0.0.1";
    private static final int PLIES = 32;
    private static final int SUBMISSIONS_AT_ONCE = 10;
    private static final Duration READY = Duration.ofMinutes(3);
    private static final List<String> WHITE = pawnMoves('3', '4');
    private static final List<String> BLACK = pawnMoves('6', '5');
    /** Ten first moves for White, all legal at the start: the conflicting submissions of one game. */
    private static final List<String> OPENINGS = List.of("a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "Nf3", "Nc3");

    private final Options options;
    private final PrintWriter out;
    private final Random random;
    private final Session smtp;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final Map<Long, Table> tables = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Table> waiting = new ConcurrentLinkedQueue<>();
    private final List<HostileMail.Handled> handled = new CopyOnWriteArrayList<>();
    private final List<String> driverErrors = new CopyOnWriteArrayList<>();
    private final Map<Long, String> conflictWinners = new ConcurrentHashMap<>();
    private final Set<String> players = ConcurrentHashMap.newKeySet();
    private final Pacing pacing = new Pacing();

    private Path dir;
    private Path h2Dir;
    private boolean tmpfs;
    private String dbUrl;
    private Map<String, String> env;
    private MailServerProcess mail;
    private Relay smtpRelay;
    private Relay imapRelay;
    private volatile EpistleProcess epistle;
    /** The JVM options of every Epistle started after the first: its class archive, where one could be written. */
    private List<String> epistleJava = List.of();
    private final List<EpistleProcess> processes = new ArrayList<>();
    private int unexpectedExits;
    private final List<Long> restarts = new ArrayList<>();
    private long lastDelivered;

    private FaultsBench(Options options, PrintWriter out) {
        this.options = options;
        this.out = out;
        this.random = new Random(options.seed());
        Properties p = new Properties();
        p.setProperty("mail.smtp.connectiontimeout", "10000");
        p.setProperty("mail.smtp.timeout", "60000");
        this.smtp = Session.getInstance(p);
    }

    /** Runs every scenario and prints the table, then the summary line. */
    public static void run(Options options, PrintWriter out) throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        new FaultsBench(options, out).run();
    }

    // ---- the run ---------------------------------------------------------------------------------

    private void run() throws Exception {
        dir = Files.createTempDirectory("epistle-faults-");
        ExecutorService drivers = null;
        // Stopped from outside (Ctrl-C, SIGTERM), the bench still ends its Epistle and unmounts its tmpfs.
        Thread cleanUp = new Thread(this::cleanUp, "faults-clean-up");
        Runtime.getRuntime().addShutdownHook(cleanUp);
        try {
            h2Dir = Files.createDirectories(dir.resolve("h2"));
            if (options.postgres() == null) {
                tmpfs = mountTmpfs(h2Dir);
                dbUrl = "jdbc:h2:file:" + h2Dir.toAbsolutePath() + "/epistle;AUTO_SERVER=TRUE";
            } else {
                dbUrl = options.postgres();
                refuseUnlessEmpty(dbUrl);
            }
            mail = MailServerProcess.start(SERVER, PASSWORD);
            smtpRelay = Relay.start(mail.smtpPort());
            imapRelay = Relay.start(mail.imapPort());
            env = environment();
            out.printf("epistle bench faults: Epistle as a child process (%s), mail server in a process of its own "
                            + "(SMTP %d, IMAP %d) reached through relays; %d games in flight, %d kills, outages of %d s, "
                            + "%d conflicting submissions, %d hostile mails, seed %d%n",
                    options.postgres() != null ? "PostgreSQL" : tmpfs ? "H2 file database on a tmpfs" : "H2 file database",
                    mail.smtpPort(), mail.imapPort(), options.games(), options.kills(),
                    options.outageSeconds(), options.conflicts(), options.hostile(), options.seed());
            out.printf("load at start: %s%n", load());
            out.flush();
            List<Table> conflictGames = createGames();

            writeClassArchive();
            long start = System.nanoTime();
            startEpistle();
            drivers = Executors.newFixedThreadPool(options.games(), r -> daemon(r, "faults-player"));
            for (int i = 0; i < options.games(); i++) drivers.submit(this::drive);

            scenario("load only", 1, () -> pacing.sleep(Duration.ofSeconds(10)));
            scenario("kill -9 of Epistle", options.kills(), () -> {
                pacing.sleep(Duration.ofMillis(2000 + random.nextInt(3000)));
                long killed = System.nanoTime();
                epistle.kill();
                startEpistle();
                restarts.add(System.nanoTime() - killed);
            });
            if (!restarts.isEmpty()) {
                notes.add(String.format(Locale.ROOT, "kill -9: Epistle served again %.1f s after a kill on average (at most %.1f s)",
                        restarts.stream().mapToLong(Long::longValue).average().orElse(0) / 1e9,
                        restarts.stream().mapToLong(Long::longValue).max().orElse(0) / 1e9));
            }
            scenario("SMTP down " + options.outageSeconds() + " s", 1, () -> outage(smtpRelay));
            scenario("IMAP down " + options.outageSeconds() + " s", 1, () -> outage(imapRelay));
            if (options.postgres() == null) {
                notes.add("database connection dropped: not run; the H2 file database lives inside Epistle's process, so "
                        + "there is no connection to drop (run with --postgres for this scenario)");
            } else if (options.drops() > 0) {
                scenario("database connections dropped", options.drops(), () -> {
                    pacing.sleep(Duration.ofMillis(1000 + random.nextInt(2000)));
                    droppedConnections += dropEpistlesConnections();
                });
                notes.add("database connections dropped: " + droppedConnections + " connections of Epistle's terminated "
                        + "(pg_terminate_backend) in " + options.drops() + " drops");
            }
            if (tmpfs) {
                scenario("disk full under the H2 directory", 1, this::diskFull);
                long stuck = epistle.count("An SMTP lane has not finished");
                if (stuck > 0) {
                    notes.add("disk full: the outbox sender gave up " + stuck + " stuck SMTP lane(s) and went on with new ones");
                }
            } else if (options.postgres() != null) {
                notes.add("disk full: not run on PostgreSQL; the database server's disk is not the bench's to fill");
            } else {
                notes.add("disk full: not run; no tmpfs could be mounted under the H2 directory (needs root)");
            }
            if (options.conflicts() > 0) {
                scenario(options.conflicts() + " conflicting submissions, web and mail", 1, () -> conflicts(conflictGames));
            }
            if (options.hostile() > 0) {
                scenario(options.hostile() + " hostile mails", 1, this::hostileMails);
            }
            pacing.stop();
            drivers.shutdown();
            // A mail the reader gives up on is flagged \Seen unhandled: a move in it would count as lost, so say so
            long givenUp = logged("failed attempts; flagging it");
            long lanesGivenUp = logged("giving up the inbound lanes");
            if (givenUp + lanesGivenUp > 0) {
                notes.add("the mail reader gave up " + givenUp + " mail(s) after repeated failures (flagged \\Seen unhandled) "
                        + "and its inbound lanes " + lanesGivenUp + " time(s)");
            }
            // H2 2.5.252 can leave its file corrupted after a kill -9 (seen once in a default run, at load 25): pages of a
            // chunk whose number a later process used again. Whatever then reads them fails, so say it where it shows.
            long corrupted = logged("File corrupted");
            if (corrupted > 0) {
                notes.add("the H2 file was corrupted: Epistle logged \"File corrupted\" " + corrupted + " time(s); first: "
                        + firstLogged("File corrupted"));
            }
            Row last = rows.get(rows.size() - 1);
            printTable(System.nanoTime() - start);
            out.printf("faults: %d moves, %d lost, %d doubled, %d notifications, %d missing, %d doubled in flight%n",
                    last.moves, last.lost, last.doubled, last.notifications, last.missing, last.doubledInFlight);
            out.flush();
        } finally {
            pacing.stop();
            if (drivers != null) drivers.shutdownNow();
            cleanUp();
            Runtime.getRuntime().removeShutdownHook(cleanUp);
        }
    }

    private synchronized void cleanUp() {
        List<EpistleProcess> started;
        synchronized (processes) {
            started = List.copyOf(processes);
        }
        for (EpistleProcess p : started) p.close();
        if (smtpRelay != null) smtpRelay.close();
        if (imapRelay != null) imapRelay.close();
        if (mail != null) {
            mail.close();
            mail = null;
        }
        if (tmpfs) {
            run("umount", "-l", h2Dir.toString());
            tmpfs = false;
        }
        deleteQuietly(dir);
    }

    private Map<String, String> environment() {
        Map<String, String> e = new HashMap<>();
        e.put("EPISTLE_MAIL_MODE", "external");
        e.put("EPISTLE_MAIL_ADDRESS", SERVER);
        e.put("EPISTLE_MAIL_SMTP_HOST", HOST);
        e.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(smtpRelay.port()));
        e.put("EPISTLE_MAIL_IMAP_HOST", HOST);
        e.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(imapRelay.port()));
        e.put("EPISTLE_MAIL_USER", SERVER);
        e.put("EPISTLE_MAIL_PASSWORD", PASSWORD);
        e.put("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", "5");
        if (options.postgres() == null) {
            e.put("EPISTLE_DB_URL", dbUrl);
        } else {
            // Epistle's connections carry a name of their own, so the bench drops those and no others on the server
            e.put("EPISTLE_DB_URL", dbUrl + (dbUrl.contains("?") ? "&" : "?") + "ApplicationName=" + APPLICATION_NAME);
            e.put("EPISTLE_DB_USER", "");
            e.put("EPISTLE_DB_PASSWORD", "");
        }
        e.put("EPISTLE_SERVER_KEY_FILE", dir.resolve("server.key").toString());
        return e;
    }

    private void startEpistle() throws IOException {
        startEpistle(epistleJava);
    }

    private void startEpistle(List<String> java) throws IOException {
        Path work = Files.createDirectories(dir.resolve("work"));
        EpistleProcess p = EpistleProcess.start(work, env, READY, java);
        synchronized (processes) {
            processes.add(p);
        }
        epistle = p;
    }

    /**
     * Starts Epistle once and stops it cleanly, writing the classes it loaded into a class archive
     * ({@code -XX:ArchiveClassesAtExit}), which every later start maps instead of reading and verifying them again
     * (README, "Memory and start-up"). Epistle is started some twenty times; on a loaded machine each start is CPU
     * bound, and the archive takes about a third of its CPU away. Where the class path holds directories (a test) the
     * JVM cannot archive it, and Epistle starts as it is.
     */
    private void writeClassArchive() throws IOException {
        if (!EpistleProcess.isArchivable()) {
            return;
        }
        long began = System.nanoTime();
        Path archive = dir.resolve("epistle.jsa").toAbsolutePath();
        startEpistle(List.of("-XX:ArchiveClassesAtExit=" + archive));
        boolean stopped = epistle.stop(Duration.ofMinutes(1));
        if (stopped && Files.isRegularFile(archive)) {
            epistleJava = List.of("-XX:SharedArchiveFile=" + archive);
            notes.add(String.format(Locale.ROOT, "Epistle's class archive written by a first start and clean stop in %.1f s, "
                    + "before the scenarios; every later start maps it", (System.nanoTime() - began) / 1e9));
        } else {
            notes.add("Epistle's class archive could not be written (" + (stopped ? "no file" : "no clean stop")
                    + "); Epistle starts without one");
        }
    }

    // ---- scenarios ---------------------------------------------------------------------------------

    private interface Step {
        void run() throws Exception;
    }

    /** Runs the step {@code times} under load, then checks everything and adds a row to the table. */
    private void scenario(String name, int times, Step step) throws Exception {
        long start = System.nanoTime();
        for (int i = 0; i < times; i++) {
            restartIfDead();
            step.run();
        }
        Row row = check(name, times, System.nanoTime() - start);
        if (rows.isEmpty()) printHeader();
        rows.add(row);
        printRow(row);
    }

    /** The application name of Epistle's PostgreSQL connections in this bench (another bench's are not ours to drop). */
    private static final String APPLICATION_NAME = "epistle-bench-faults-" + ProcessHandle.current().pid();
    private long droppedConnections;

    /** Terminates every PostgreSQL connection Epistle holds now, as a restarted database server or a cut network would. */
    private long dropEpistlesConnections() throws SQLException {
        try (Connection c = DriverManager.getConnection(dbUrl);
             var s = c.prepareStatement("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity "
                     + "WHERE application_name = ? AND datname = current_database() AND pid <> pg_backend_pid()")) {
            s.setString(1, APPLICATION_NAME);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /** The bench counts every game, turn and mail in the database as its own: it must start empty. */
    private static void refuseUnlessEmpty(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
             ResultSet tables = c.getMetaData().getTables(null, c.getSchema(), "games", new String[] {"TABLE"})) {
            if (tables.next()) {
                throw new IllegalArgumentException("--postgres must name an empty database (or schema); " + url
                        + " holds Epistle's tables already");
            }
        }
    }

    private void outage(Relay relay) throws InterruptedException {
        relay.down();
        try {
            pacing.sleep(Duration.ofSeconds(options.outageSeconds()));
        } finally {
            relay.up();
        }
    }

    /**
     * Fills the tmpfs under the H2 directory while games go on for half an outage, then frees it. H2 closes the
     * database when a write fails; Epistle must serve again once space is back, without a restart: the bench waits
     * for /health to answer 200 (at most a minute), and only if it does not, stops and starts it as an operator would.
     */
    private void diskFull() throws Exception {
        Path filler = h2Dir.resolve("filler");
        byte[] block = new byte[1 << 20];
        try (OutputStream o = Files.newOutputStream(filler)) {
            while (true) o.write(block);
        } catch (IOException full) {
            // the disk is full: that is the point
        }
        int whileFull;
        try {
            pacing.sleep(Duration.ofSeconds(Math.max(1, options.outageSeconds() / 2)));
            whileFull = healthStatus();
        } finally {
            Files.deleteIfExists(filler);
        }
        long freed = System.nanoTime();
        long deadline = freed + Duration.ofSeconds(60).toNanos();
        while (healthStatus() != 200 && System.nanoTime() < deadline) {
            pacing.sleep(Duration.ofMillis(250));
        }
        int after = healthStatus();
        if (after == 200) {
            notes.add(String.format(java.util.Locale.ROOT, "disk full: /health answered %d while the disk was full, "
                    + "200 again %.1f s after space was back, without a restart", whileFull,
                    (System.nanoTime() - freed) / 1e9));
            return;
        }
        notes.add("disk full: /health answered " + after + " a minute after space was back; Epistle was restarted");
        if (!epistle.stop(Duration.ofSeconds(30))) notes.add("disk full: Epistle did not stop within 30 s of SIGTERM and was killed");
        startEpistle();
    }

    /** Epistle's /health status code, or 0 when it does not answer. */
    private int healthStatus() {
        try {
            return http.send(HttpRequest.newBuilder(uri("/health")).timeout(Duration.ofSeconds(5)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /**
     * Ten submissions at once for White's first move of a fresh game, five on the web and five by mail, each a
     * different legal move: exactly one may be played.
     */
    private void conflicts(List<Table> games) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(SUBMISSIONS_AT_ONCE, r -> daemon(r, "faults-conflict"));
        try {
            for (Table t : games) {
                String page = page(t, true);
                List<Future<?>> all = new ArrayList<>();
                for (int i = 0; i < SUBMISSIONS_AT_ONCE; i++) {
                    String move = OPENINGS.get(i);
                    boolean web = i % 2 == 0;
                    all.add(pool.submit(() -> {
                        if (web) {
                            HttpResponse<String> r = postMove(t, true, move, page);
                            if (r.statusCode() == 303) conflictWinners.merge(t.id, move, (a, b) -> a + "," + b);
                        } else {
                            sendMail(t.whiteAddress, t.subject(true), move, null);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : all) f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** The hostile mails, straight to the mail server from four senders at once, while games go on. */
    private void hostileMails() throws Exception {
        List<HostileMail.Seat> seats = new ArrayList<>();
        for (Table t : tables.values()) {
            if (t.conflict) {
                seats.add(new HostileMail.Seat(t.id, t.whiteToken, t.whiteAddress));
                seats.add(new HostileMail.Seat(t.id, t.blackToken, t.blackAddress));
            }
        }
        long began = System.nanoTime();
        HostileMail generator = new HostileMail(options.seed(), SERVER, seats, 11L * 1024 * 1024);
        List<HostileMail.Mail> mails = new ArrayList<>();
        for (int i = 0; i < options.hostile(); i++) mails.add(generator.next(handled));
        long generated = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        ExecutorService senders = Executors.newFixedThreadPool(4, r -> daemon(r, "faults-hostile"));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                done.add(senders.submit(() -> {
                    Transport transport = smtp.getTransport("smtp");
                    try {
                        for (int i; (i = next.getAndIncrement()) < mails.size(); ) {
                            if (!transport.isConnected()) transport.connect(HOST, mail.smtpPort(), null, null);
                            HostileMail.Mail m = mails.get(i);
                            try {
                                transport.sendMessage(raw(m.raw()), new InternetAddress[] {new InternetAddress(SERVER)});
                            } catch (MessagingException e) {
                                transport.close(); // the server may refuse some junk: the next one goes on a new connection
                            }
                        }
                    } finally {
                        transport.close();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            senders.shutdown();
        }
        Map<HostileMail.Kind, Long> kinds = mails.stream().collect(Collectors.groupingBy(HostileMail.Mail::kind, Collectors.counting()));
        notes.add("hostile mails by kind: " + new java.util.TreeMap<>(kinds));
        notes.add(String.format(Locale.ROOT, "hostile mails: generated in %.1f s, handed to the mail server in %.1f s",
                (generated - began) / 1e9, (System.nanoTime() - generated) / 1e9));
    }

    // ---- players -----------------------------------------------------------------------------------

    /**
     * One game and its players; {@code sent}, {@code handedOver} and {@code confirmed} are touched by its one driver:
     * the plies it began, the plies Epistle took (a mail on the mail server, a form answered with a redirect, or the
     * game showing the move after a form was cut off), and the plies whose notification both players received.
     */
    private static final class Table {
        final long id;
        final String whiteToken;
        final String blackToken;
        final String whiteAddress;
        final String blackAddress;
        final boolean whiteByMail;
        final boolean conflict;
        Mailbox white;
        Mailbox black;
        volatile int confirmed;
        volatile int sent;
        volatile int handedOver;

        Table(CreatedGame g, String whiteAddress, String blackAddress, boolean whiteByMail, boolean conflict) {
            this.id = g.gameId();
            this.whiteToken = g.whiteToken();
            this.blackToken = g.blackToken();
            this.whiteAddress = whiteAddress;
            this.blackAddress = blackAddress;
            this.whiteByMail = whiteByMail;
            this.conflict = conflict;
        }

        String subject(boolean white) {
            return "Re: [Epistle] Game " + id + " [g" + id + "." + (white ? whiteToken : blackToken) + "]";
        }

        /** A mail of this game: the subject, constant for the whole game, names it. */
        boolean isOfThisGame(Mailbox.Received r) {
            return r.subject().contains("Game " + id + " ") && r.messageId() != null;
        }

        /**
         * The mail that gives the mover ply {@code ply}: the opening mail for the first ply, else the notification of
         * the ply before ("Black 3 played a6 — your move, turn 2"). Recognised by what it says, not by its place in
         * the mailbox, so a copy sent twice or a mail about something else does not shift anything.
         */
        boolean givesTheMove(Mailbox.Received r, int ply) {
            return ply == 0 ? isOfThisGame(r) && r.headline().startsWith("Game started: ") : announces(r, ply - 1);
        }

        /** The notification of ply {@code ply}, as both players get it: "… played a3 — …, turn 1". */
        boolean announces(Mailbox.Received r, int ply) {
            String turnAfter = ", turn " + ((ply + 1) / 2 + 1);
            return isOfThisGame(r) && r.headline().contains(" played " + scripted(ply) + " — ") && r.headline().endsWith(turnAfter);
        }
    }

    /** Creates the games before Epistle first starts (it then sends the opening mails); returns the conflict games. */
    private List<Table> createGames() {
        int driven = options.games() * 12;
        int conflictGames = (options.conflicts() + SUBMISSIONS_AT_ONCE - 1) / SUBMISSIONS_AT_ONCE;
        List<Table> conflict = new ArrayList<>();
        var settings = new SettingsLoader(env).load().settings();
        try (Installation installation = Installation.open(settings, ServerKey.load(dir.resolve("server.key")), Clock.systemUTC())) {
            for (int i = 0; i < driven + conflictGames; i++) {
                boolean isConflict = i >= driven;
                String white = (isConflict ? "cw" : "w") + i + "@" + DOMAIN;
                String black = (isConflict ? "cb" : "b") + i + "@" + DOMAIN;
                CreatedGame g = installation.games().create(new NewGame("chess", new Contact("White " + i, white),
                        new Contact("Black " + i, black)));
                Table t = new Table(g, white, black, i % 2 == 0, isConflict);
                tables.put(t.id, t);
                players.add(white);
                players.add(black);
                if (isConflict) conflict.add(t);
                else waiting.add(t);
            }
        }
        return conflict;
    }

    /** A player pair's loop: take a game, play it to the end of the script, take the next. */
    private void drive() {
        Table t = null;
        try {
            while (pacing.beginPly()) {
                try {
                    if (t == null || t.sent >= PLIES) {
                        if (t != null) close(t);
                        t = waiting.poll();
                        if (t == null) return;
                        t.white = Mailbox.watchReading(t.whiteAddress, HOST, mail.imapPort(), Duration.ofMinutes(5));
                        t.black = Mailbox.watchReading(t.blackAddress, HOST, mail.imapPort(), Duration.ofMinutes(5));
                    }
                    play(t);
                } finally {
                    pacing.endPly();
                }
            }
        } catch (Exception e) {
            if (!pacing.isStopped()) driverErrors.add((t == null ? "" : "game " + t.id + ": ") + e);
        } finally {
            if (t != null) close(t);
        }
    }

    private static void close(Table t) {
        if (t.white != null) t.white.close();
        if (t.black != null) t.black.close();
    }

    /** The next ply of the game, by mail or on the web, then both players' notifications. */
    private void play(Table t) throws Exception {
        int ply = t.sent;
        boolean white = ply % 2 == 0;
        String move = scripted(ply);
        long deadline = System.nanoTime() + options.confirm().toNanos();
        Mailbox mover = white ? t.white : t.black;
        Mailbox.Received yourMove = mover.await(r -> t.givesTheMove(r, ply), "giving ply " + (ply + 1) + " of game " + t.id, deadline);
        t.sent++;
        if (white == t.whiteByMail) {
            String id = sendMail(white ? t.whiteAddress : t.blackAddress, "Re: " + yourMove.subject(), move, yourMove.messageId());
            t.handedOver++;
            handledLater(new HostileMail.Handled(id, white ? t.whiteAddress : t.blackAddress, "Re: " + yourMove.subject()));
        } else {
            playOnTheWeb(t, white, move, deadline);
            t.handedOver++;
        }
        String what = "announcing " + move + " (ply " + (ply + 1) + ") of game " + t.id;
        t.white.await(r -> t.announces(r, ply), what, deadline);
        t.black.await(r -> t.announces(r, ply), what, deadline);
        t.confirmed++;
        replayable.drainTo(handled);
    }

    /** The scripted move of a ply: White's pawns one step, then another; Black's likewise. */
    private static String scripted(int ply) {
        return (ply % 2 == 0 ? WHITE : BLACK).get(ply / 2);
    }

    /** Mails whose notifications have come: only those may be replayed, since only they are surely handled. */
    private final java.util.concurrent.LinkedBlockingQueue<HostileMail.Handled> replayable = new java.util.concurrent.LinkedBlockingQueue<>();

    private void handledLater(HostileMail.Handled h) {
        replayable.add(h);
    }

    /**
     * The move through the play page and its form. If Epistle dies under the request, the player looks at the game
     * (its public API) once Epistle is back: played means done, else the form is sent again.
     */
    private void playOnTheWeb(Table t, boolean white, String move, long deadline) throws Exception {
        while (true) {
            try {
                if (!isToMove(t, white)) return;                       // an earlier attempt went through
                HttpResponse<String> r = postMove(t, white, move, page(t, white));
                if (r.statusCode() == 303) return;
                if (r.statusCode() < 500) {
                    throw new IllegalStateException("the web refused " + move + " (" + r.statusCode() + ")");
                }
            } catch (IOException e) {
                // Epistle is down or was killed under the request: try again when it is back
            }
            if (System.nanoTime() > deadline) throw new IllegalStateException("the web did not take " + move + " in time");
            pacing.sleep(Duration.ofMillis(250));
        }
    }

    private boolean isToMove(Table t, boolean white) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/api/games/" + t.id)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("the game's API answered " + r.statusCode());
        return SIDE_TO_MOVE.matcher(r.body()).results().anyMatch(m -> m.group(1).equals(white ? "white" : "black"));
    }

    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern SIDE_TO_MOVE = Pattern.compile("\"sideToMove\"\\s*:\\s*\"(\\w+)\"");
    private static final Pattern TURN = Pattern.compile("name=\"turn\" value=\"([^\"]*)\"");

    private String page(Table t, boolean white) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(playPath(t, white))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("the play page answered " + r.statusCode());
        return r.body();
    }

    private HttpResponse<String> postMove(Table t, boolean white, String move, String page) throws IOException, InterruptedException {
        String form = "csrf=" + enc(field(CSRF, page)) + "&turn=" + enc(field(TURN, page)) + "&text=" + enc(move);
        return http.send(HttpRequest.newBuilder(uri(playPath(t, white)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String playPath(Table t, boolean white) {
        return "/play/" + t.id + "/" + (white ? t.whiteToken : t.blackToken);
    }

    private URI uri(String path) {
        return URI.create("http://" + HOST + ":" + epistle.webPort() + path);
    }

    private static String field(Pattern p, String page) throws IOException {
        Matcher m = p.matcher(page);
        if (!m.find()) throw new IOException("no " + p + " on the page");
        return m.group(1).replace("&amp;", "&");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** A player's mail to the server, straight to the mail server; returns its Message-ID. */
    private String sendMail(String from, String subject, String body, String inReplyTo) throws MessagingException {
        String id = "<" + java.util.UUID.randomUUID() + "@" + DOMAIN + ">";
        MimeMessage m = new MimeMessage(smtp) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", id);
            }
        };
        m.setFrom(new InternetAddress(from));
        m.setRecipient(Message.RecipientType.TO, new InternetAddress(SERVER));
        m.setSubject(subject, "UTF-8");
        if (inReplyTo != null) {
            m.setHeader("In-Reply-To", inReplyTo);
            m.setHeader("References", inReplyTo);
        }
        m.setText(body + "\n", "UTF-8");
        m.saveChanges();
        Transport transport = smtp.getTransport("smtp");
        transport.connect(HOST, mail.smtpPort(), null, null);
        try {
            transport.sendMessage(m, new InternetAddress[] {new InternetAddress(SERVER)});
        } finally {
            transport.close();
        }
        return id;
    }

    private MimeMessage raw(byte[] bytes) throws MessagingException {
        return new MimeMessage(smtp) {
            @Override
            public void writeTo(OutputStream o, String[] ignore) throws IOException {
                o.write(bytes);
            }

            @Override
            public void writeTo(OutputStream o) throws IOException {
                o.write(bytes);
            }
        };
    }

    // ---- the check -----------------------------------------------------------------------------

    /**
     * One row of the table: the state after a scenario, counted over the whole run so far. {@code doubled} is moves
     * applied twice plus copies of notifications that no interruption explains; {@code interrupted} is what explains
     * the others ({@link #check}).
     */
    private record Row(String scenario, int runs, double seconds, long moves, long lost, long doubled, long notifications,
                       long missing, long doubledInFlight, long interrupted, long readerDeaths, long strangers, String load) {}

    /** Time spent in the checks after the scenarios (not in the rows' seconds): waiting for Epistle to be quiet, counting. */
    private long quietNanos;
    /** The wait for quiet after each scenario, in the order run: where the checks' time goes. */
    private final List<String> quietAfter = new ArrayList<>();
    private long countNanos;

    /** Copies of notifications and their explanations, as counted at the previous check. */
    private long copiesBefore;
    private long explainedBefore;
    private long inFlight;
    private long mailDoubled;

    private Row check(String name, int runs, long nanos) throws Exception {
        long began = System.nanoTime();
        pacing.pause();
        try {
            // A ply under way waits for its notifications, so a slow sender shows first here: the note must not wait
            // for the plies to end (run 1 of session 12 waited 147 s in this pause and left no note).
            boolean described = false;
            if (!pacing.awaitIdle(SLOW_QUIET)) {
                described = true;
                notes.add("after " + name + ", plies still under way " + SLOW_QUIET.toSeconds()
                        + " s on (each waits for its notifications): " + whatIsWaited());
                pacing.awaitIdle(options.confirm());
            }
            awaitQuiet(name, began, described);
            long quiet = System.nanoTime();
            quietNanos += quiet - began;
            quietAfter.add(String.format(Locale.ROOT, "%s %.0f s", name, (quiet - began) / 1e9));
            Map<Long, List<String>> history = new HashMap<>();
            List<String[]> outbox = new ArrayList<>();
            Set<String> registered = new HashSet<>();
            try (Connection c = connectForCheck(); Statement s = c.createStatement()) {
                try (ResultSet r = s.executeQuery("SELECT game_id, notation FROM turns ORDER BY game_id, seq")) {
                    while (r.next()) history.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(r.getString(2));
                }
                try (ResultSet r = s.executeQuery("SELECT to_address, message_id, status FROM outbox ORDER BY id")) {
                    while (r.next()) outbox.add(new String[] {r.getString(1), r.getString(2), r.getString(3)});
                }
                try (ResultSet r = s.executeQuery("SELECT email FROM players")) {
                    while (r.next()) registered.add(r.getString(1).toLowerCase(Locale.ROOT));
                }
            }
            long moves = 0;
            long lost = 0;
            long doubled = 0;
            for (Table t : tables.values()) {
                List<String> applied = history.getOrDefault(t.id, List.of());
                moves += applied.size();
                if (t.conflict) {
                    // at most one of the ten is played; when the web said it played one, that one
                    List<String> wonOnWeb = conflictWinners.containsKey(t.id) ? List.of(conflictWinners.get(t.id).split(",")) : List.of();
                    doubled += Math.max(0, applied.size() - 1) + Math.max(0, wonOnWeb.size() - 1);
                    if (wonOnWeb.size() == 1 && (applied.isEmpty() || !applied.get(0).equals(wonOnWeb.get(0)))) lost++;
                    continue;
                }
                // Epistle is quiet: every move it took must be in the game, in order, once
                int matching = 0;
                for (int i = 0; i < applied.size() && i < PLIES; i++) {
                    if (applied.get(i).equals(scripted(i))) matching++;
                    else break;
                }
                int taken = Math.max(t.handedOver, t.confirmed);
                if (matching < taken) lost += taken - matching;
                if (applied.size() > t.sent) doubled += applied.size() - t.sent;
            }
            // notifications: every outbox mail sent and in its recipient's mailbox, once (twice: in flight at a kill)
            Map<String, Map<String, Integer>> delivered = new HashMap<>();
            long notifications = 0;
            long missing = 0;
            long twice = 0;
            for (String[] row : outbox) {
                Map<String, Integer> box = delivered.computeIfAbsent(row[0], a -> {
                    Map<String, Integer> counts = new HashMap<>();
                    for (String id : mail.inboxMessageIds(a)) counts.merge(id, 1, Integer::sum);
                    return counts;
                });
                int copies = box.getOrDefault(row[1], 0);
                if (!"SENT".equals(row[2]) || copies == 0) missing++;
                else notifications++;
                if (copies > 1) twice += copies - 1;
            }
            lastDelivered = notifications;
            // A second copy is "in flight" only where Epistle could not have known the first one arrived: an SMTP
            // session cut (kill, outage, timeout) after it carried a mail, at most its last one, or a mail Epistle
            // says it sent but could not record (the disk was full). Within a scenario, copies beyond that are doubles.
            long explained = smtpRelay.sessionsCutWithMail() + unrecordedSends();
            long newCopies = twice - copiesBefore;
            long newExplained = explained - explainedBefore;
            inFlight += Math.min(newCopies, newExplained);
            mailDoubled += Math.max(0, newCopies - newExplained);
            copiesBefore = twice;
            explainedBefore = explained;
            doubled += mailDoubled;
            long strangers = mail.mailboxes().stream().filter(a -> !a.equalsIgnoreCase(SERVER)
                    && !registered.contains(a.toLowerCase(Locale.ROOT)) && !players.contains(a)).count();
            long deaths = processes.stream().mapToLong(p -> p.count("mailbox reader died")).sum() + unexpectedExits;
            countNanos += System.nanoTime() - quiet;
            return new Row(name, runs, nanos / 1e9, moves, lost, doubled, notifications, missing, inFlight, explained, deaths,
                    strangers, load());
        } finally {
            pacing.resume();
        }
    }

    /**
     * Until Epistle has handled every mail in its mailbox and sent every notification (or the confirm window passed).
     *
     * <p>Both facts live outside this process's reach for a listener: the outbox in the child's database, the flags
     * in the mail server, set by the child. So the bench looks again whenever the child prints a line (it logs each
     * mail it reads or sends), and at least every two seconds for work it does silently. Quiet means quiet, then a
     * second without a word from the child, then quiet again: a mail read but not yet flagged shows neither as
     * unseen nor as pending, and its handling prints a line.
     *
     * <p>{@code began} is when the check began (the note of a slow wait counts from there), {@code described} whether
     * that note was left already.
     */
    private void awaitQuiet(String scenario, long began, boolean described) throws InterruptedException {
        long deadline = System.nanoTime() + options.confirm().toNanos();
        while (System.nanoTime() < deadline) {
            if (!described && System.nanoTime() - began > SLOW_QUIET.toNanos()) {
                described = true;
                notes.add("after " + scenario + ", not quiet " + SLOW_QUIET.toSeconds() + " s on: " + whatIsWaited());
            }
            restartIfDead();
            EpistleProcess e = epistle;
            long said = e.linesRead();
            if (isQuiet()) {
                if (!e.awaitOutput(said, Duration.ofSeconds(1)) && isQuiet()) return;
            } else {
                e.awaitOutput(said, Duration.ofSeconds(2));
            }
        }
        notes.add("Epistle was not quiet within " + options.confirmSeconds() + " s of a scenario: " + mail.unseen(SERVER)
                + " unhandled mails, " + pending() + " notifications not sent");
    }

    /** How long a wait for quiet may take before the notes say what it still waits for. */
    private static final Duration SLOW_QUIET = Duration.ofSeconds(30);

    /**
     * What a slow wait for quiet still waits for: unhandled mails and unsent notifications, and of those the one due
     * first, with its attempts, when it is next due, who holds its lease and its last error, so that a long wait can
     * be told apart (a retry delay, a lease of a hung lane, a mail not read).
     */
    private String whatIsWaited() {
        String counts = mail.unseen(SERVER) + " unhandled mails, " + pending() + " notifications not sent";
        try (Connection c = DriverManager.getConnection(dbUrl); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT id, attempts, next_attempt_at, held_by, last_error FROM outbox "
                     + "WHERE status <> 'SENT' ORDER BY next_attempt_at, id LIMIT 1")) {
            if (!r.next()) return counts;
            Instant due = r.getObject(3, java.time.OffsetDateTime.class).toInstant();
            String error = r.getString(5);
            long dueIn = Duration.between(Instant.now(), due).toSeconds();
            String holder = r.getString(4);
            // A lease moves next_attempt_at to its own end: a mail leased a moment ago reads "due 59 s from now"
            // although it is being sent; only a lease left behind (a hung lane, a killed holder) makes it wait so.
            String when = holder != null && dueIn > 0 ? "being sent or left leased (the lease ends in " + dueIn + " s)"
                    : "due " + dueIn + " s from now";
            return counts + "; the first due, outbox mail " + r.getLong(1) + ": " + r.getInt(2) + " attempts, " + when
                    + ", lease " + Optional.ofNullable(holder).orElse("none") + ", last error "
                    + (error == null ? "none" : error.length() > 160 ? error.substring(0, 160) + "…" : error);
        } catch (SQLException e) {
            return counts + " (the outbox could not be read: " + e.getMessage() + ")";
        }
    }

    /**
     * An Epistle that died by itself (not by the bench's hand) is counted, its last warnings kept as a note, and
     * started again, as an operator's supervisor would.
     */
    private void restartIfDead() {
        EpistleProcess e = epistle;
        if (e.isAlive()) return;
        unexpectedExits++;
        List<String> last = e.lastLines(5);
        notes.add("Epistle exited by itself (exit " + e.exitValue() + ")" + (last.isEmpty() ? "" : "; its last warnings:\n    "
                + String.join("\n    ", last)));
        try {
            startEpistle();
        } catch (IOException x) {
            throw new IllegalStateException(x);
        }
    }

    /**
     * The check's connection. On H2 it goes through the server that Epistle's process opens for others
     * (AUTO_SERVER); while Epistle is starting again the file is locked, so the bench tries again when the child
     * prints its next line, for up to a minute.
     */
    private Connection connectForCheck() throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (true) {
            EpistleProcess e = epistle;
            long said = e.linesRead();
            try {
                return DriverManager.getConnection(dbUrl);
            } catch (SQLException busy) {
                if (System.nanoTime() > deadline) throw busy;
                restartIfDead();
                e.awaitOutput(said, Duration.ofSeconds(1));
            }
        }
    }

    private boolean isQuiet() {
        return mail.unseen(SERVER) == 0 && pending() == 0;
    }

    /** How many lines of every Epistle started so far contain the text (of those it keeps: warnings and errors). */
    private long logged(String text) {
        synchronized (processes) {
            return processes.stream().mapToLong(p -> p.count(text)).sum();
        }
    }

    /** The first kept line of any Epistle started so far that contains the text, cut to 200 characters. */
    private String firstLogged(String text) {
        synchronized (processes) {
            return processes.stream().flatMap(p -> p.lines(text).stream()).findFirst()
                    .map(l -> l.length() > 200 ? l.substring(0, 200) + "…" : l).orElse("");
        }
    }

    /** Mails Epistle reported sent but could not record as sent (each goes again after a restart). */
    private long unrecordedSends() {
        synchronized (processes) {
            return processes.stream().mapToLong(p -> p.count("cannot be recorded as sent yet")).sum();
        }
    }

    private long pending() {
        try (Connection c = DriverManager.getConnection(dbUrl); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*) FROM outbox WHERE status <> 'SENT'")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            return Long.MAX_VALUE; // Epistle is starting or stopping: not quiet
        }
    }

    // ---- the table -----------------------------------------------------------------------------

    /** The table's header, printed before the first row; each row follows as soon as its scenario is checked. */
    private void printHeader() {
        out.println();
        out.printf("%-48s %5s %7s %7s %5s %7s %13s %7s %9s %5s %7s %8s  %s%n", "scenario", "runs", "seconds", "moves", "lost",
                "doubled", "notifications", "missing", "in flight", "cut", "reader", "stranger", "load after");
        out.flush();
    }

    private void printRow(Row r) {
        out.printf(Locale.ROOT, "%-48s %5d %7.0f %7d %5d %7d %13d %7d %9d %5d %7d %8d  %s%n", r.scenario(), r.runs(),
                r.seconds(), r.moves(), r.lost(), r.doubled(), r.notifications(), r.missing(), r.doubledInFlight(),
                r.interrupted(), r.readerDeaths(), r.strangers(), r.load());
        out.flush();
    }

    private void printTable(long nanos) {
        out.println("(counts are for the whole run up to the row; \"doubled\": moves applied twice and extra copies of a "
                + "notification that no cut explains; \"in flight\": extra copies explained by a cut; \"cut\": SMTP sessions "
                + "that carried mail and ended without the server's goodbye, plus mails Epistle sent but could not record; "
                + "\"reader\": mail reader deaths and unexpected exits, \"stranger\": mailboxes of addresses that are no player's)");
        for (String n : notes) out.println("note: " + n);
        out.println("note: waiting for Epistle to be quiet after each scenario: " + String.join(", ", quietAfter));
        if (!driverErrors.isEmpty()) {
            out.println("players who stopped: " + driverErrors.size());
            driverErrors.stream().limit(10).forEach(e -> out.println("  " + e));
        }
        out.printf(Locale.ROOT, "total %.0f s (checks after the scenarios: %.0f s waiting for Epistle to be quiet, %.0f s "
                + "counting); %d Epistle processes started%n", nanos / 1e9, quietNanos / 1e9, countNanos / 1e9, processes.size());
        out.flush();
    }

    // ---- odds and ends -------------------------------------------------------------------------

    /** Pauses the players between plies for a check, and ends them; also the bench's interruptible sleep. */
    private static final class Pacing {
        private boolean paused;
        private boolean stopped;
        private int busy;

        synchronized boolean beginPly() throws InterruptedException {
            while (paused && !stopped) wait();
            if (stopped) return false;
            busy++;
            return true;
        }

        synchronized void endPly() {
            busy--;
            notifyAll();
        }

        /** No ply begins from now on; those under way end by themselves ({@link #awaitIdle}). */
        synchronized void pause() {
            paused = true;
        }

        /** Waits for the plies under way to end: false if one still runs after {@code timeout}. */
        synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (busy > 0 && !stopped) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }

        synchronized void resume() {
            paused = false;
            notifyAll();
        }

        synchronized void stop() {
            stopped = true;
            notifyAll();
        }

        synchronized boolean isStopped() {
            return stopped;
        }

        void sleep(Duration d) throws InterruptedException {
            long deadline = System.nanoTime() + d.toNanos();
            synchronized (this) {
                long left;
                while (!stopped && (left = deadline - System.nanoTime()) > 0) {
                    wait(Math.max(1, left / 1_000_000));
                }
            }
        }
    }

    /** Mounts a small tmpfs on the directory (root only); false, and nothing changed, where that is not allowed. */
    private static boolean mountTmpfs(Path where) {
        return run("mount", "-t", "tmpfs", "-o", "size=768m", "tmpfs", where.toString());
    }

    private static boolean run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The load average, as {@code uptime} shows it. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static List<String> pawnMoves(char first, char second) {
        List<String> moves = new ArrayList<>();
        for (char rank : new char[] {first, second}) {
            for (char file = 'a'; file <= 'h'; file++) moves.add("" + file + rank);
        }
        return Collections.unmodifiableList(moves);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary directory left behind is no reason to fail the bench
        }
    }
}
