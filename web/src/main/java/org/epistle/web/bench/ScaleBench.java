package org.epistle.web.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.epistle.core.games.AdminSecret;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.clock.DueJobTable;
import org.epistle.core.games.clock.DueKind;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;

/**
 * {@code epistle bench scale}: writes many games and their turns straight into a database (H2 in a temporary
 * directory, or the database the settings name), starts the real server on it as a separate process, and measures
 * what a large club feels: the server's start-up time and memory (RSS), the p50/p99 of the pages people open — a
 * game, the front page, the admin's list, a player's desk —, a move sent with the move form, and the scheduler's
 * scan for due jobs. Requests go one after another over HTTP on 127.0.0.1, each timed alone, after a warm-up.
 *
 * <p>Every game is the same 20-ply Ruy Lopez cut to the asked number of turns (judged once by the referee, so every
 * row is a position the server can replay), between two of the players, most of them over and the rest waiting for
 * a move under a 3-day clock with their reminders and timeout planned. Targets: start under 3 s, RSS under 512 MB,
 * page p99 under 20 ms.
 */
public final class ScaleBench {
    private static final String HOST = "127.0.0.1";
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    /** The games' moves, played one ply a turn: a Ruy Lopez, Breyer variation. */
    static final List<String> LINE = List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
            "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7");
    private static final String[] RESULTS = {"1-0", "0-1", "1/2-1/2"};
    private static final Pattern SERVING = Pattern.compile("Epistle is serving on http://[^:]+:(\\d+)/");
    private static final Pattern CSRF = Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">");
    private static final Pattern TURN = Pattern.compile("<input type=\"hidden\" name=\"turn\" value=\"(\\d+)\">");
    private static final Pattern SESSION = Pattern.compile("(epistle_admin=[^;]+)");
    private static final Pattern LOGIN = Pattern.compile("(epistle_admin_login=[^;]+)");
    private static final long MB = 1024 * 1024;

    private ScaleBench() {
    }

    /**
     * What to write and how much to measure.
     *
     * @param games         games written
     * @param turns         turns of each game, 0 to 20
     * @param players       players the games are shared among
     * @param activePercent games still being played, in percent
     * @param requests      requests timed for each page (and moves at most), after a warm-up of as many (the JIT compilers
     *                      still at work on a page's code would otherwise be most of its CPU and its p99)
     * @param database      the database to fill (it must hold no games), or null for H2 in a temporary directory
     * @param serverJava    the server's JVM options (heap limit, collector), as an operator would start it
     * @param keep          a directory that keeps the filled database (H2's file, the server key, what was written) for
     *                      the next run with the same sizes, which measures it again without writing; null: a temporary
     *                      directory, deleted at the end
     */
    public record Options(int games, int turns, int players, int activePercent, int requests, Target database,
                          List<String> serverJava, Path keep) {
        /** The options README recommends for {@code serve}, the server's JVM options unless others are given. */
        public static final List<String> RECOMMENDED_JAVA = List.of("-Xmx256m", "-XX:+UseSerialGC");

        public Options(int games, int turns, int players, int activePercent, int requests, Target database) {
            this(games, turns, players, activePercent, requests, database, RECOMMENDED_JAVA, null);
        }

        /** What a kept fill must have been written with to be measured again. */
        String sizes() {
            return games + " games, " + turns + " turns, " + players + " players, " + activePercent + "% being played";
        }

        public Options {
            serverJava = List.copyOf(serverJava);
            if (games < 100 || turns < 0 || turns > LINE.size() || players < 2 || activePercent < 1 || activePercent > 100
                    || requests < 10) {
                throw new IllegalArgumentException("bench scale needs --games of at least 100, --turns 0 to " + LINE.size()
                        + ", --players at least 2, --active-percent 1 to 100 and --requests at least 10");
            }
        }
    }

    /** A database named by the settings (PostgreSQL, or an H2 elsewhere). */
    public record Target(String url, String user, String password) {
    }

    /** One line of the table. */
    record Figure(String what, Samples samples, double cpuMillis, double requestCpuMillis, double allocatedBytes,
                  double targetMillis) {
        Figure(String what, Samples samples, double cpuMillis, double targetMillis) {
            this(what, samples, cpuMillis, Double.NaN, Double.NaN, targetMillis);
        }

        boolean met() {
            return Double.isNaN(targetMillis) || samples.percentileMillis(99) < targetMillis;
        }
    }

    public static void run(Options options, PrintWriter out) throws Exception {
        Path dir = options.keep() != null ? Files.createDirectories(options.keep()) : Files.createTempDirectory("epistle-bench-scale");
        Target target = options.database() != null ? options.database()
                : new Target("jdbc:h2:file:" + dir.resolve("epistle").toAbsolutePath(), "", "");
        String engine = target.url().startsWith("jdbc:postgresql:") ? "PostgreSQL" : "H2";
        Kept kept = Kept.in(dir, target, options);
        try {
            out.printf("epistle bench scale: %d games (%d%% being played), %d turns each (%d turns), %d players, on %s%n",
                    options.games(), options.activePercent(), options.turns(), (long) options.games() * options.turns(),
                    options.players(), engine + (options.database() == null ? " (file in " + dir + ")" : " (" + target.url() + ")"));
            out.println("server: java " + String.join(" ", options.serverJava()) + " -jar epistle.jar serve"
                    + (options.serverJava().equals(Options.RECOMMENDED_JAVA) ? " (as README recommends)" : ""));
            out.flush();
            ServerKey key = ServerKey.load(dir.resolve("server.key"));
            Prepared prepared;
            try (Database db = Database.open(target.url(), target.user(), target.password())) {
                if (kept.secret().isPresent()) {
                    out.println("measured again: the database kept in " + dir + " (" + options.sizes() + "), not written anew");
                    out.flush();
                    prepared = prepare(db, key, options, kept.secret().get());
                } else {
                    long start = System.nanoTime();
                    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    int turnRows = fill(db, options);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    // on H2 the database works in this thread, so its CPU time is the fill's whatever the machine's load
                    double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
                    out.printf("written in %.1f s: %.0f games/s, %.0f turns/s (this thread's CPU: %.1f s%s)%n", seconds,
                            options.games() / seconds, turnRows / seconds, cpu, engine.equals("H2") ? ", the database's work included" : "");
                    out.flush();
                    String secret = AdminSecret.ensure(db).orElseThrow(() -> new IllegalStateException("the bench database has an admin already"));
                    kept.written(secret);
                    prepared = prepare(db, key, options, secret);
                }
            }
            try (Database db = Database.open(target.url(), target.user(), target.password())) {
                int caughtUp = catchUp(db);
                if (caughtUp > 0) {
                    out.printf("jobs fallen due since the fill, done as a running server would have done them: %d%n", caughtUp);
                    out.flush();
                }
            }
            List<Figure> figures = new ArrayList<>();
            ServerRun plain = ServerRun.start(dir, target, options.serverJava());
            plain.stop();
            Optional<Path> archive = ClassArchive.make(dir, target, options.serverJava());
            // with an archive, the start README recommends is the one that answers to the target; this one compares
            figures.add(startUp("server start-up (process start to serving)", plain, archive.isPresent() ? Double.NaN : 3000));
            if (archive.isEmpty()) {
                out.println("class archive: not made (the class path holds directories, not only jars: run the bench from"
                        + " epistle.jar); the pages are measured on a server started without one");
                out.flush();
            }
            ServerRun server = ServerRun.start(dir, target, ClassArchive.using(options.serverJava(), archive));
            long rssKb;
            long peakKb;
            try {
                if (archive.isPresent()) {
                    figures.add(startUp("server start-up with its class archive (CDS)", server, 3000));
                }
                figures.addAll(pages(server, prepared, options, out));
                rssKb = server.memoryKb("VmRSS");
                peakKb = server.memoryKb("VmHWM");
            } finally {
                server.stop();
            }
            try (Database db = Database.open(target.url(), target.user(), target.password())) {
                // every statement of a page is one of these; on PostgreSQL each waits for the server's process to run
                figures.add(new Figure("database round trip (SELECT 1)", roundTrips(db, options.requests() * 5), Double.NaN, Double.NaN));
                int[] found = new int[1];
                Samples scan = scan(db, options.requests(), found);
                figures.add(new Figure("due-jobs scan (the tick's first 200)", scan, Double.NaN, Double.NaN));
                out.printf("due-jobs scan: %d jobs due and still pending when it was timed (the scan returns at most 200)%n", found[0]);
            }
            print(out, figures, rssKb, peakKb);
        } finally {
            if (options.database() == null && options.keep() == null) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    // ---- the data -------------------------------------------------------------------------------------------

    /** The turns of the line, each judged by the referee, with the position after it. */
    private record Ply(int number, Side side, String notation, String fenAfter) {
    }

    static List<String> plies() {
        return LINE;
    }

    private static List<Ply> judged(int turns) {
        Position position = Position.start(new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
        List<Ply> plies = new ArrayList<>();
        for (String move : LINE.subList(0, turns)) {
            Side side = position.sideToMove();
            int number = position.turnNumber();
            if (!(Referee.judge(position, move) instanceof Verdict.Accepted accepted)) {
                throw new IllegalStateException("the bench's line is refused at " + move);
            }
            position = accepted.position();
            plies.add(new Ply(number, side, accepted.notation(), Fen.write(position)));
        }
        return plies;
    }

    /** How many games one statement (and one commit) writes, with their turns and due jobs. */
    private static final int GAMES_PER_STEP = 50_000;

    /**
     * Writes the players, games, turns and due jobs set-based: the database makes the rows itself from a range of
     * numbers ({@code SYSTEM_RANGE} on H2, {@code generate_series} on PostgreSQL), a step of {@value #GAMES_PER_STEP}
     * games a statement, so a million games and twenty million turns take minutes instead of the hour that a row a
     * JDBC batch entry took. Each game's chance parts (active or over, its players, its moment, its result) are
     * arithmetic on its id, so the same options write the same database on either engine.
     */
    static int fill(Database db, Options o) {
        List<Ply> plies = judged(o.turns());
        String startFen = Fen.write(Position.start(new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES)));
        String lastFen = plies.isEmpty() ? startFen : plies.get(plies.size() - 1).fenAfter();
        return db.jdbi().withHandle(h -> {
            Connection c = h.getConnection();
            boolean auto = true;
            try {
                auto = c.getAutoCommit();
                if (count(c, "SELECT COUNT(*) FROM games") > 0) {
                    throw new IllegalStateException("bench scale writes into a database without games; this one has some (a --keep"
                            + " directory is measured again only with the sizes it was filled with, written in its bench-scale.kept)");
                }
                c.setAutoCommit(false);
                Fill fill = new Fill(c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres"),
                        count(c, "SELECT COALESCE(MAX(id), 0) FROM players") + 1, o, plies, lastFen);
                fill.players(c);
                c.commit();
                long turnRows = 0;
                for (long from = 1; from <= o.games(); from += GAMES_PER_STEP) {
                    long to = Math.min(o.games(), from + GAMES_PER_STEP - 1);
                    fill.games(c, from, to);
                    turnRows += fill.turns(c, from, to);
                    fill.dueJobs(c, from, to);
                    c.commit();
                }
                restartIdentities(c, fill.firstPlayer() + o.players(), o.games() + 1);
                c.commit();
                return (int) turnRows;
            } catch (SQLException e) {
                throw new IllegalStateException("filling the bench database failed: " + e, e);
            } finally {
                // a fill that failed leaves nothing half written, and the handle closes without an open transaction
                // (Jdbi's "Improper transaction handling" otherwise rode along with the error as a suppressed one)
                endTransaction(c, auto);
            }
        });
    }

    /**
     * The statements of the fill, in the SQL both engines read; only the range of numbers is named differently.
     * Active games moved in the last three days, the others ended some time in the year before; a game's turns are
     * five hours apart and end at its last change; an active game waits for a move under a 3-day clock, its reminders
     * at half time and a day before and its timeout planned, done already when their moment has passed (a server
     * that ticks every minute has sent those), so the measured server does not mail thousands of reminders at once.
     */
    private record Fill(boolean postgres, long firstPlayer, Options o, List<Ply> plies, String lastFen) {
        /** The numbers from {@code from} to {@code to} as a table with the one column n. */
        String range(long from, long to) {
            return postgres ? "(SELECT g AS n FROM generate_series(CAST(" + from + " AS BIGINT), " + to + ") AS s(g)) r"
                    : "(SELECT X AS n FROM SYSTEM_RANGE(" + from + ", " + to + ")) r";
        }

        static String at(Instant instant) {
            return "TIMESTAMP WITH TIME ZONE '" + instant.toString().replace('T', ' ').replace("Z", "+00") + "'";
        }

        void players(Connection c) throws SQLException {
            update(c, "INSERT INTO players (id, name, email, created_at) SELECT " + (firstPlayer - 1) + " + n, 'Player ' || n,"
                    + " 'player' || n || '@bench.localhost', " + at(NOW.minus(Duration.ofDays(400))) + " FROM " + range(1, o.players()));
        }

        /**
         * A game's chance parts from its id n: active (ACT 1 or 0), how many minutes ago it last changed (AGO), its
         * players' numbers (W, B: two different players) and its result's index.
         */
        String chances(long from, long to) {
            int players = o.players();
            return "(SELECT n, act, CASE WHEN act = 1 THEN 1 + MOD(n * 104729, 4320) ELSE 4320 + MOD(n * 15485863, 525600) END AS ago,"
                    + " w, MOD(w + 1 + MOD(n * 7727, " + (players - 1) + "), " + players + ") AS b"
                    + " FROM (SELECT n, CASE WHEN MOD(n * 7919 + 13, 100) < " + o.activePercent() + " THEN 1 ELSE 0 END AS act,"
                    + " MOD(n * 2654435761, " + players + ") AS w FROM " + range(from, to) + ") base) chance";
        }

        void games(Connection c, long from, long to) throws SQLException {
            int turns = plies.size();
            String last = "(" + at(NOW) + " - ago * INTERVAL '1' MINUTE)";
            update(c, """
                    INSERT INTO games (id, variant, white_army, black_army, white_player, black_player, state, result, termination,
                                       fen, turns_played, root_message_id, created_at, updated_at, time_control, last_turn_at)
                    SELECT n, 'chess', 'fabulous-fides', 'fabulous-fides', %d + w, %d + b,
                           CASE WHEN act = 1 THEN 'ACTIVE' ELSE 'FINISHED' END,
                           CASE WHEN act = 1 THEN NULL WHEN MOD(n, 3) = 0 THEN '1-0' WHEN MOD(n, 3) = 1 THEN '0-1' ELSE '1/2-1/2' END,
                           CASE WHEN act = 1 THEN NULL ELSE 'resignation' END,
                           '%s', %d, '<game-' || n || '.bench@bench.localhost>', %s - %d * INTERVAL '1' HOUR, %s,
                           CASE WHEN act = 1 THEN '3d' ELSE 'none' END, %s
                      FROM %s""".formatted(firstPlayer, firstPlayer, lastFen, turns, last, 5L * turns + 1, last,
                    turns == 0 ? "CAST(NULL AS TIMESTAMP WITH TIME ZONE)" : last, chances(from, to)));
        }

        /** The line's plies as a table: seq, turn_number, side, notation, fen_after. */
        String line() {
            StringBuilder values = new StringBuilder();
            for (int s = 0; s < plies.size(); s++) {
                Ply p = plies.get(s);
                values.append(s == 0 ? "" : ", ").append("(").append(s + 1).append(", ").append(p.number()).append(", '")
                        .append(p.side().name()).append("', '").append(p.notation()).append("', '").append(p.fenAfter()).append("')");
            }
            return "(VALUES " + values + ") AS line(seq, turn_number, side, notation, fen_after)";
        }

        long turns(Connection c, long from, long to) throws SQLException {
            if (plies.isEmpty()) {
                return 0;
            }
            return update(c, """
                    INSERT INTO turns (game_id, seq, turn_number, side, raw_text, notation, fen_after, played_at)
                    SELECT g.id, line.seq, line.turn_number, line.side, line.notation, line.notation, line.fen_after,
                           g.updated_at - (%d - line.seq) * 5 * INTERVAL '1' HOUR
                      FROM games g CROSS JOIN %s
                     WHERE g.id BETWEEN %d AND %d
                     ORDER BY g.id, line.seq""".formatted(plies.size(), line(), from, to));
        }

        void dueJobs(Connection c, long from, long to) throws SQLException {
            String due = "(g.updated_at + job.minutes * INTERVAL '1' MINUTE)";
            update(c, """
                    INSERT INTO due_jobs (game_id, turn_seq, kind, leave_id, due_at, status, done_at)
                    SELECT g.id, %d, job.kind, 0, %s, CASE WHEN %s <= %s THEN 'DONE' ELSE 'PENDING' END,
                           CASE WHEN %s <= %s THEN %s END
                      FROM games g CROSS JOIN (VALUES ('%s', 2160), ('%s', 2880), ('%s', 4320)) AS job(kind, minutes)
                     WHERE g.id BETWEEN %d AND %d AND g.state = 'ACTIVE'""".formatted(plies.size(), due, due, at(NOW), due, at(NOW),
                    due, DueKind.HALF_TIME_REMINDER.name(), DueKind.DEADLINE_REMINDER.name(), DueKind.TIMEOUT.name(), from, to));
        }

        private static long update(Connection c, String sql) throws SQLException {
            try (var s = c.createStatement()) {
                return s.executeLargeUpdate(sql);
            }
        }
    }

    private static void endTransaction(Connection c, boolean auto) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            // the connection is broken; the pool drops it, and the error that brought us here is the one to report
        }
    }

    /** The rows above chose their own ids; the identity columns go on after them. */
    private static void restartIdentities(Connection c, long nextPlayer, long nextGame) throws SQLException {
        boolean postgres = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
        try (var s = c.createStatement()) {
            s.execute("ALTER TABLE players ALTER COLUMN id RESTART WITH " + nextPlayer);
            s.execute("ALTER TABLE games ALTER COLUMN id RESTART WITH " + nextGame);
            if (!postgres) {
                // fresh statistics, or the planner judges a million rows by the empty tables it saw before
                s.execute("ANALYZE SAMPLE_SIZE 10000");
            }
        }
        if (postgres) {
            vacuumAnalyze(c);
        }
    }

    /**
     * What an operator runs after a bulk import into PostgreSQL (README, "On PostgreSQL"): VACUUM marks the written pages
     * all-visible and sets their rows' commit hints, so the first reads of each page do not write it and the index-only
     * scans of the lists need not visit the table; ANALYZE gives the planner the new tables' statistics. Autovacuum does
     * both in time, but at a million games it was still behind when the pages were measured (4 of 20 million turns).
     * VACUUM runs outside a transaction.
     */
    private static void vacuumAnalyze(Connection c) throws SQLException {
        c.commit();
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true);
        try (var s = c.createStatement()) {
            s.execute("VACUUM (ANALYZE) players, games, turns, due_jobs"); // the tables the fill wrote, not the whole database
        } finally {
            c.setAutoCommit(auto);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var s = c.createStatement(); var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** What the requests need, made through the service before the server starts. */
    private record Prepared(List<CreatedGame> moveGames, String adminSecret, List<String> deskPaths) {
    }

    /**
     * What a kept directory says about its database: the sizes it was filled with and the admin secret the first run
     * set (only its hash is in the database). A directory without it, or filled with other sizes or into another
     * database, is filled anew (and refused by the fill if the database holds games).
     */
    private record Kept(Path file, String expected, Optional<String> secret) {
        /** Where the bench's own H2 file is, said without the directory's path: a copied directory is the same fill. */
        static final String OWN_FILE = "H2's file in this directory";

        static Kept in(Path dir, Target target, Options o) throws IOException {
            Path file = dir.resolve("bench-scale.kept");
            String expected = o.sizes() + " in " + (o.database() == null ? OWN_FILE : target.url());
            if (o.keep() == null || !Files.exists(file)) {
                return new Kept(file, expected, Optional.empty());
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            boolean same = lines.size() == 2 && (lines.get(0).equals(expected) || o.database() == null && ownFileByPath(lines.get(0), o));
            return new Kept(file, expected, same ? Optional.of(lines.get(1)) : Optional.empty());
        }

        /** A marker written before the copy-proof one: it named the H2 file by its path, which a copy does not have. */
        private static boolean ownFileByPath(String line, Options o) {
            return line.startsWith(o.sizes() + " in jdbc:h2:file:") && line.endsWith("/epistle");
        }

        void written(String secret) throws IOException {
            if (file.getParent() != null && Files.isDirectory(file.getParent())) {
                Files.write(file, List.of(expected, secret), StandardCharsets.UTF_8);
            }
        }
    }

    private static Prepared prepare(Database db, ServerKey key, Options o, String secret) {
        GameService games = new GameService(db, new MailIdentity("moves@epistle.localhost", false, "http://" + HOST), key,
                Clock.systemUTC());
        // fresh games to move in, made as the admin makes them: the moves are the line's, one ply a request
        int moveGames = Math.max(1, (o.requests() + LINE.size() - 1) / LINE.size());
        List<CreatedGame> created = new ArrayList<>();
        for (int i = 0; i < moveGames; i++) {
            created.add(games.create(new NewGame("chess", new Contact("Mover " + i, "mover" + i + "@bench.localhost"),
                    new Contact("Answer " + i, "answer" + i + "@bench.localhost"))));
        }
        long first = db.jdbi().withHandle(h -> h.createQuery("SELECT MIN(id) FROM players").mapTo(Long.class).one());
        Random random = new Random(16);
        List<String> desks = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            desks.add(games.deskPath(first + random.nextInt(o.players())));
        }
        return new Prepared(created, secret, desks);
    }

    // ---- the requests ---------------------------------------------------------------------------------------

    private interface Request {
        void send(int i) throws Exception;
    }

    /** A figure of requests to the server: their latencies, and the server's CPU time per request while they ran. */
    private static Figure startUp(String what, ServerRun server, double targetMillis) {
        return new Figure(what, new Samples(new long[]{server.startNanos()}, server.startNanos(), false), server.startCpuMillis(),
                targetMillis);
    }

    /**
     * The class archive README recommends (application class-data sharing, CDS): a first start with
     * {@code -XX:ArchiveClassesAtExit} writes, when the server stops, the classes it loaded, parsed and verified, and
     * every later start with {@code -XX:SharedArchiveFile} maps them instead of reading them from the jar again: at
     * start the server loads some 6,000 classes, half of its start-up CPU. The JVM checks that the jar is the one the
     * archive was made from and otherwise starts without it.
     */
    static final class ClassArchive {
        private ClassArchive() {
        }

        /** Starts and stops the server once to write its archive; empty where the JVM cannot archive the class path. */
        static Optional<Path> make(Path dir, Target target, List<String> java) throws Exception {
            if (!Arrays.stream(ServerRun.classPath().split(File.pathSeparator)).allMatch(p -> p.endsWith(".jar"))) {
                return Optional.empty(); // the JVM archives classes from jars only (a test's class path has directories)
            }
            Path archive = dir.resolve("epistle.jsa").toAbsolutePath();
            Files.deleteIfExists(archive); // made afresh: the jar may be another build than the one of a kept run
            List<String> writing = new ArrayList<>(java);
            writing.add("-XX:ArchiveClassesAtExit=" + archive);
            ServerRun.start(dir, target, writing).stop();
            return Files.isRegularFile(archive) ? Optional.of(archive) : Optional.empty();
        }

        static List<String> using(List<String> java, Optional<Path> archive) {
            List<String> options = new ArrayList<>(java);
            archive.ifPresent(a -> options.add("-XX:SharedArchiveFile=" + a));
            return options;
        }
    }

    private static Figure timed(String what, ServerRun server, Optional<ServerAllocation> heap, int count, double targetMillis,
                                Request request) throws Exception {
        for (int i = 0; i < warmUp(count); i++) {
            request.send(i);
        }
        double cpu0 = server.cpuMillis();
        double requests0 = server.requestCpuMillis();
        long bytes0 = heap.isPresent() ? heap.get().requestBytes() : 0;
        Samples samples = measured(count, request);
        double cpu = (server.cpuMillis() - cpu0) / count;
        double requestCpu = (server.requestCpuMillis() - requests0) / count;
        double bytes = heap.isPresent() ? (double) (heap.get().requestBytes() - bytes0) / count : Double.NaN;
        return new Figure(what, samples, cpu, requestCpu, bytes, targetMillis);
    }

    private static Samples timed(int count, Request request) throws Exception {
        for (int i = 0; i < warmUp(count); i++) {
            request.send(i);
        }
        return measured(count, request);
    }

    /** Requests sent untimed before the timed ones: as many, so that the server is warmed up as long as it is measured. */
    private static int warmUp(int count) {
        return Math.max(2, count);
    }

    /** The requests one after another, each timed alone. */
    private static Samples measured(int count, Request request) throws Exception {
        long[] nanos = new long[count];
        long wall = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long t0 = System.nanoTime();
            request.send(i);
            nanos[i] = System.nanoTime() - t0;
        }
        return new Samples(nanos, System.nanoTime() - wall, false);
    }

    private static List<Figure> pages(ServerRun server, Prepared prepared, Options o, PrintWriter out) throws Exception {
        ServerAllocation.Attachment attachment = ServerAllocation.attach(server.process().pid());
        Optional<ServerAllocation> heap = attachment.allocation();
        if (attachment.whyNot().isPresent()) {
            out.println("allocated: not measured (" + attachment.whyNot().get() + ")");
            out.flush();
        }
        try {
            return pages(server, heap, prepared, o);
        } finally {
            if (heap.isPresent()) {
                heap.get().close();
            }
        }
    }

    private static List<Figure> pages(ServerRun server, Optional<ServerAllocation> heap, Prepared prepared, Options o) throws Exception {
        String base = "http://" + HOST + ":" + server.port();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        Random random = new Random(17);
        List<Figure> figures = new ArrayList<>();
        // a game picked at random each time: most are not in any cache, as on a real server
        figures.add(timed("game page GET /games/{id}, any game", server, heap, o.requests(), 20, i ->
                expect(http, get(base + "/games/" + (1 + random.nextInt(o.games()))), 200, "class=\"board-figure\"")));
        figures.add(timed("front page GET /", server, heap, o.requests(), 20, i ->
                expect(http, get(base + "/"), 200, "Pages of games")));
        int deepest = Math.max(1, Math.min(40, o.games() / 25));
        figures.add(timed("front page GET /?page=2..40", server, heap, o.requests(), 20, i ->
                expect(http, get(base + "/?page=" + (2 + i % (deepest - 1 > 0 ? deepest - 1 : 1))), 200, "Pages of games")));
        String session = login(http, base, prepared.adminSecret());
        figures.add(timed("admin list GET /admin (games, players)", server, heap, o.requests(), 20, i ->
                expect(http, HttpRequest.newBuilder(URI.create(base + "/admin?page=" + (1 + i % deepest)))
                        .header("Cookie", session).GET().build(), 200, "Pages of games")));
        figures.add(timed("desk GET /desk/{token}, 50 players", server, heap, o.requests(), 20, i ->
                expect(http, get(base + prepared.deskPaths().get(i % prepared.deskPaths().size())), 200, "</html>")));
        double cpu0 = server.cpuMillis();
        double requests0 = server.requestCpuMillis();
        long bytes0 = heap.isPresent() ? heap.get().requestBytes() : 0;
        Samples moves = moves(http, base, prepared.moveGames(), o.requests());
        // the CPU and allocation of the move-form page read before each POST are in this figure too; its latency is not
        double bytes = heap.isPresent() ? (double) (heap.get().requestBytes() - bytes0) / moves.count() : Double.NaN;
        figures.add(new Figure("move POST /play/{id}/{token}", moves, (server.cpuMillis() - cpu0) / moves.count(),
                (server.requestCpuMillis() - requests0) / moves.count(), bytes, Double.NaN));
        return figures;
    }

    /** Plays the line in the fresh games, ply by ply; each POST is timed, the page read for its form is not. */
    private static Samples moves(HttpClient http, String base, List<CreatedGame> games, int requests) throws Exception {
        int count = Math.min(requests, games.size() * LINE.size());
        long[] nanos = new long[count];
        long wall = System.nanoTime();
        for (int i = 0; i < count; i++) {
            CreatedGame game = games.get(i / LINE.size());
            int ply = i % LINE.size();
            String token = ply % 2 == 0 ? game.token(Side.WHITE) : game.token(Side.BLACK);
            URI play = URI.create(base + "/play/" + game.gameId() + "/" + token);
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(play).GET().build(), HttpResponse.BodyHandlers.ofString());
            Matcher csrf = CSRF.matcher(page.body());
            Matcher turn = TURN.matcher(page.body());
            if (page.statusCode() != 200 || !csrf.find() || !turn.find()) {
                throw new IllegalStateException("the play page of game " + game.gameId() + " answered " + page.statusCode()
                        + " without its move form");
            }
            String body = "csrf=" + enc(csrf.group(1)) + "&turn=" + turn.group(1) + "&text=" + enc(LINE.get(ply));
            HttpRequest post = HttpRequest.newBuilder(play).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(post, HttpResponse.BodyHandlers.ofString());
            nanos[i] = System.nanoTime() - t0;
            if (r.statusCode() != 303) {
                throw new IllegalStateException("the move " + LINE.get(ply) + " in game " + game.gameId() + " answered " + r.statusCode());
            }
        }
        return new Samples(nanos, System.nanoTime() - wall, false);
    }

    private static String login(HttpClient http, String base, String secret) throws Exception {
        HttpResponse<String> form = http.send(get(base + "/admin/login"), HttpResponse.BodyHandlers.ofString());
        Matcher csrf = CSRF.matcher(form.body());
        Matcher cookie = LOGIN.matcher(String.join("; ", form.headers().allValues("Set-Cookie")));
        if (!csrf.find() || !cookie.find()) {
            throw new IllegalStateException("the admin login form answered " + form.statusCode() + " without its token");
        }
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", cookie.group(1))
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + enc(csrf.group(1)) + "&secret=" + enc(secret))).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher session = SESSION.matcher(String.join("; ", r.headers().allValues("Set-Cookie")));
        if (!session.find()) {
            throw new IllegalStateException("the admin login answered " + r.statusCode() + " without a session");
        }
        return session.group(1);
    }

    private static HttpRequest get(String uri) {
        return HttpRequest.newBuilder(URI.create(uri)).GET().build();
    }

    private static void expect(HttpClient http, HttpRequest request, int status, String text) throws Exception {
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != status || !r.body().contains(text)) {
            throw new IllegalStateException(request.uri().getPath() + " answered " + r.statusCode() + " without \"" + text + "\"");
        }
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /**
     * The scheduler's scan, as {@code GameService.tick} runs it: the first 200 pending jobs due by now; {@code found}
     * gets how many the last scan returned. With the jobs the server left undone when it stopped (those fallen due
     * while it served, at a million games about 70 a minute, more than a tick of a few seconds' work may finish),
     * the scan reads and returns up to 200 rows; with none, it reads one index entry.
     */
    private static Samples scan(Database db, int requests, int[] found) throws Exception {
        return timed(requests, i -> found[0] = db.jdbi().withExtension(DueJobTable.class, t -> t.due(Instant.now(), 200)).size());
    }

    /**
     * The shortest statement there is, on one pooled connection, plain JDBC: what each of a page's statements costs at
     * least. In-process on H2; on PostgreSQL a round trip over the loopback to the server's process, which under the
     * machine's load waits to be scheduled, so a page's latency grows with its number of statements.
     */
    private static Samples roundTrips(Database db, int count) throws Exception {
        return db.jdbi().withHandle(h -> {
            try (var select = h.getConnection().prepareStatement("SELECT 1")) {
                return timed(count, i -> {
                    try (var rs = select.executeQuery()) {
                        rs.next();
                    }
                });
            }
        });
    }

    /**
     * Marks done the jobs whose moment passed between the fill and now, as the fill does for those already past
     * when it writes them: at a million games (100 000 waiting for a move, three jobs each over three days) about
     * 70 fall due a minute, so a fill of ten minutes, or a fill kept from an earlier run, would have the measured
     * server mail thousands of overdue reminders and time-outs while its pages are timed.
     */
    static int catchUp(Database db) {
        return db.jdbi().withHandle(h -> h.createUpdate(
                        "UPDATE due_jobs SET status = 'DONE', done_at = :now WHERE status = 'PENDING' AND due_at <= :now")
                .bind("now", Instant.now()).execute());
    }

    // ---- the table ------------------------------------------------------------------------------------------

    private static void print(PrintWriter out, List<Figure> figures, long rssKb, long peakKb) {
        out.printf("%-44s %8s %10s %10s %10s %10s %10s  %s%n", "what", "requests", "p50", "p99", "server CPU", "in requests",
                "allocated", "target");
        for (Figure f : figures) {
            String target = Double.isNaN(f.targetMillis()) ? ""
                    : String.format(Locale.ROOT, "p99 < %s: %s", f.targetMillis() >= 1000 ? (int) (f.targetMillis() / 1000) + " s"
                    : (int) f.targetMillis() + " ms", f.met() ? "met" : "NOT met");
            out.printf(Locale.ROOT, "%-44s %8d %10s %10s %10s %10s %10s  %s%n", f.what(), f.samples().count(),
                    millis(f.samples().percentileMillis(50)), millis(f.samples().percentileMillis(99)), millis(f.cpuMillis()),
                    millis(f.requestCpuMillis()), kilobytes(f.allocatedBytes()), target);
        }
        boolean rssMet = rssKb * 1024 < 512 * MB;
        out.printf(Locale.ROOT, "%-44s %8s %10s %10s  %s%n", "server RSS after the requests (peak)", "-", rssKb / 1024 + " MB",
                peakKb / 1024 + " MB", "RSS < 512 MB: " + (rssMet ? "met" : "NOT met"));
        out.println("load average (1 min, 5 min, 15 min): " + load() + " on " + Runtime.getRuntime().availableProcessors() + " cores");
        out.println("server CPU: the server process's CPU time (user + system) per request while the requests ran, and until it"
                + " served for the start-up; it grows far less than a latency with the machine's load");
        out.println("in requests: the part of it spent on the web server's request threads; the rest is the JIT compilers, the"
                + " garbage collector, the clock's due jobs and the mail threads, which run alongside and grow with a"
                + " request's wall time, so with the machine's load");
        out.println("allocated: the heap the request threads allocated per request (in kB), read from the server's JVM; what"
                + " fills the young generation and so sets how often a collection pauses the requests, and, unlike the times,"
                + " the same on a busy machine: the figure to compare between runs");
        // the start README recommends: with the class archive, when one was made
        Figure start = figures.stream().filter(f -> f.what().contains("class archive")).findFirst().orElse(figures.get(0));
        double pageP99 = figures.stream().filter(f -> f.targetMillis() == 20).mapToDouble(f -> f.samples().percentileMillis(99))
                .max().orElse(Double.NaN);
        Figure move = figures.stream().filter(f -> f.what().startsWith("move")).findFirst().orElseThrow();
        Figure scan = figures.get(figures.size() - 1);
        boolean met = figures.stream().allMatch(Figure::met) && rssMet;
        out.printf(Locale.ROOT, "scale: start %.2f s, RSS %d MB, page p99 %.1f ms, move p99 %.1f ms, scan p99 %.1f ms: targets %s%n",
                start.samples().percentileMillis(50) / 1000, rssKb / 1024, pageP99, move.samples().percentileMillis(99),
                scan.samples().percentileMillis(99), met ? "met" : "NOT met");
        out.flush();
    }

    private static String kilobytes(double bytes) {
        return Double.isNaN(bytes) ? "-" : String.format(Locale.ROOT, "%.0f kB", bytes / 1024);
    }

    private static String millis(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000) : String.format(Locale.ROOT, "%.2f ms", ms);
    }

    static String load() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + ", " + parts[1] + ", " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    // ---- the server -----------------------------------------------------------------------------------------

    /** The real server, {@code Main serve}, in a process of its own, so its memory is its own. */
    private record ServerRun(Process process, int port, long startNanos, double startCpuMillis, Thread drain) {

        static ServerRun start(Path dir, Target target, List<String> java) throws Exception {
            for (int attempt = 1; ; attempt++) {
                try {
                    return startOnce(dir, target, java);
                } catch (PortTaken e) {
                    // the mail ports are picked free, then bound by the server: on a busy machine another process may
                    // take one in between; new ones are picked
                    if (attempt == 3) {
                        throw new IllegalStateException(e.getMessage());
                    }
                }
            }
        }

        /** The server did not start because a port picked for it was taken meanwhile. */
        private static final class PortTaken extends Exception {
            PortTaken(String message) {
                super(message);
            }
        }

        private static ServerRun startOnce(Path dir, Target target, List<String> java) throws Exception {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(java);
            command.addAll(List.of("-Djava.awt.headless=true", "-Dfile.encoding=UTF-8", "-cp", classPath(), "org.epistle.web.Main",
                    "serve", "--port", "0"));
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
            builder.environment().keySet().removeIf(k -> k.startsWith("EPISTLE_"));
            Map<String, String> env = new LinkedHashMap<>();
            env.put("EPISTLE_DB_URL", target.url());
            env.put("EPISTLE_DB_USER", target.user());
            env.put("EPISTLE_DB_PASSWORD", target.password());
            env.put("EPISTLE_SERVER_KEY_FILE", dir.resolve("server.key").toString());
            env.put("EPISTLE_MAIL_SMTP_PORT", Integer.toString(freePort()));
            env.put("EPISTLE_MAIL_IMAP_PORT", Integer.toString(freePort()));
            builder.environment().putAll(env);
            long t0 = System.nanoTime();
            Process p = builder.start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread drain = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String s; (s = r.readLine()) != null; ) {
                        lines.add(s);
                    }
                } catch (IOException e) {
                    // the process is gone
                }
            }, "bench-scale-server-output");
            drain.setDaemon(true);
            drain.start();
            List<String> seen = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (System.nanoTime() < deadline) {
                String line = lines.poll(200, TimeUnit.MILLISECONDS);
                if (line == null) {
                    if (!p.isAlive()) break;
                    continue;
                }
                seen.add(line);
                Matcher m = SERVING.matcher(line);
                if (m.find()) {
                    long started = System.nanoTime() - t0;
                    return new ServerRun(p, Integer.parseInt(m.group(1)), started, cpuMillis(p.pid()), drain);
                }
            }
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            String said = "the server did not start; it wrote: " + String.join(" | ", seen);
            if (seen.stream().anyMatch(l -> l.contains("java.net.BindException: Address already in use"))) {
                throw new PortTaken(said);
            }
            throw new IllegalStateException(said);
        }

        /**
         * The CPU time the web server's request threads (Jetty's pool, {@code JettyServerThreadPool-N}) have used so far,
         * in milliseconds: a request's own work, without what other threads did meanwhile.
         */
        double requestCpuMillis() throws IOException {
            double sum = 0;
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
                for (Path task : tasks.toList()) {
                    try {
                        // the kernel keeps the first 15 bytes of a thread's name
                        if (Files.readString(task.resolve("comm")).startsWith("JettyServerThre")) {
                            sum += ticksMillis(Files.readString(task.resolve("stat")));
                        }
                    } catch (IOException e) {
                        // the thread ended meanwhile; its time is no longer counted, as Jetty's pool rarely ends one
                    }
                }
            }
            return sum;
        }

        /** The CPU time the server process has used so far, user and system, in milliseconds. */
        double cpuMillis() throws IOException {
            return cpuMillis(process.pid());
        }

        /** From /proc/PID/stat: utime and stime, fields 14 and 15, in clock ticks of 1/100 s (Linux's USER_HZ). */
        static double cpuMillis(long pid) throws IOException {
            return ticksMillis(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        }

        private static double ticksMillis(String stat) {
            // the command name (field 2) is in parentheses and may hold spaces: count the fields after it
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(after[11]) + Long.parseLong(after[12])) * 10.0;
        }

        /** A figure of /proc/PID/status in kB: VmRSS now, VmHWM the peak. */
        long memoryKb(String field) throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            throw new IllegalStateException("no " + field + " for the server process");
        }

        /** A clean stop, as SIGTERM asks; forced only if it does not end. */
        void stop() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }

        private static int freePort() throws IOException {
            try (ServerSocket s = new ServerSocket(0)) {
                return s.getLocalPort();
            }
        }

        /** This JVM's class path made absolute (the server runs in the bench's directory): the jar, or a test's. */
        static String classPath() {
            return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                    .filter(s -> !s.isBlank())
                    .map(s -> Path.of(s).toAbsolutePath().toString())
                    .collect(Collectors.joining(File.pathSeparator));
        }
    }
}
