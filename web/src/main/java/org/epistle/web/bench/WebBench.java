package org.epistle.web.bench;

import io.javalin.Javalin;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;

/**
 * {@code epistle bench web}: requests per second and latency of the game page and of a move sent
 * with the move form, beside a bare Javalin endpoint measured in the same run, all on 127.0.0.1.
 *
 * <p>Two Javalin apps run in this process: a minimal one answering {@code GET /} with "ok", and the
 * real web app ({@link WebApp#create}) over a game service on an H2 file database in a temporary
 * directory (moves queue their mails in the outbox, which nothing sends here). A few workers, each
 * on its own thread with one shared {@link HttpClient} (HTTP/1.1, keep-alive), send requests one
 * after another for a time, after a warm-up at least as long as the phase and at least as many requests as its bound;
 * every request is timed alone, and the rate is the requests completed over the phase's wall time.
 *
 * <ul>
 *   <li>bare: {@code GET /} of the minimal app;
 *   <li>bare commit: {@code POST /commit/{worker}} of a minimal app with a move form's body, which commits one
 *       transaction to an H2 file database opened as Epistle opens its own (durable at commit): a turn's row, two mails'
 *       rows and the worker's own position row, each the size the move phase wrote on average, into one table with a
 *       primary key only. The move's target is half this rate;
 *   <li>the same rows in Epistle's tables: {@code POST /tables/{worker}}, the same transaction written by hand into a
 *       database with Epistle's schema ({@link SameRows}), so that its commit maintains the indexes a move's maintains:
 *       it tells what the database costs a move before Epistle decides anything;
 *   <li>game page: {@code GET /games/{id}} of a game with a few turns played;
 *   <li>move: {@code POST /play/{id}/{token}} as the player's browser sends the form, with the CSRF
 *       token and the turn number the page shows, answered 303. Every worker plays its own games,
 *       pawn pushes for White and Black in turn (32 plies a game, none repeating a position), so no
 *       two workers contend for one game; the games and their forms' tokens are set up before the
 *       phase and not timed (as many as twice the page's rate would need, within the request bound).
 * </ul>
 */
public final class WebBench {
    private static final String HOST = "127.0.0.1";
    private static final List<String> WHITE_MOVES = pawnMoves('3', '4');
    private static final List<String> BLACK_MOVES = pawnMoves('6', '5');
    private static final int PLIES_PER_GAME = WHITE_MOVES.size() + BLACK_MOVES.size();
    private static final Pattern CSRF = Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">");
    private static final Pattern TURN = Pattern.compile("<input type=\"hidden\" name=\"turn\" value=\"(\\d+)\">");

    /**
     * @param seconds     measured time of each phase; a phase stops starting requests after it
     * @param concurrency workers sending requests at once
     * @param maxRequests most requests measured in each phase (the move phase's games are set up for this many)
     */
    public record Options(int seconds, int concurrency, int maxRequests) {
        public Options {
            if (seconds < 1 || seconds > 600) {
                throw new IllegalArgumentException("--seconds must be 1 to 600, not " + seconds);
            }
            if (concurrency < 1 || concurrency > 64) {
                throw new IllegalArgumentException("--concurrency must be 1 to 64, not " + concurrency);
            }
            if (maxRequests < 1 || maxRequests > 1_000_000) {
                throw new IllegalArgumentException("--max-requests must be 1 to 1000000, not " + maxRequests);
            }
        }

        /**
         * Each phase's warm-up: at least as long as the phase measures and at least as many requests as it measures at
         * most (20,000 by default), whichever ends later, within three times the measured time (at most 60 s). The JIT
         * compiles a method for good only after some thousands of calls, and a move's handler and the code it calls
         * run once a move: after 5,000 moves (a quarter of the bound, the rule before) the compilers were still busy
         * with them through the measured phase, a third of a move's CPU and about nothing of a bare commit's, whose
         * handler had run four times as often by then. A warm-up bound by time alone ends after too few moves on a
         * loaded machine, where the compilers too get less of the cores.
         */
        double warmupSeconds() {
            return Math.min(60.0, 3.0 * seconds);
        }

        int warmupRequests() {
            return Math.max(concurrency, maxRequests);
        }
    }

    private final Options options;
    /** The process CPU time each measured phase took (client, bare app and web app alike, all in this JVM). */
    private final java.util.Map<Samples, Long> cpuNanos = new java.util.IdentityHashMap<>();
    /** The CPU time the JIT compiler threads took in each measured phase (part of the process CPU, not the app's own work). */
    private final java.util.Map<Samples, Long> jitMillis = new java.util.IdentityHashMap<>();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

    private WebBench(Options options) {
        this.options = options;
    }

    public static void run(Options options, PrintWriter out) throws Exception {
        new WebBench(options).go(out);
    }

    private void go(PrintWriter out) throws Exception {
        Path dir = Files.createTempDirectory("epistle-bench-web");
        Database db = null;
        Javalin bare = null;
        Javalin app = null;
        try {
            db = Database.h2(dir);
            GameService games = new GameService(db, new MailIdentity("moves@epistle.localhost", false, "http://" + HOST),
                    ServerKey.inDirectory(dir), Clock.systemUTC());
            bare = Javalin.create(config -> {
                config.startup.showJavalinBanner = false;
                config.routes.get("/", ctx -> ctx.result("ok"));
            }).start(HOST, 0);
            app = WebApp.create(games, new Templates(), () -> { }).start(HOST, 0);
            URI bareUri = URI.create("http://" + HOST + ":" + bare.port() + "/");
            String base = "http://" + HOST + ":" + app.port();
            out.printf("epistle bench web: bare Javalin and the web app in this process on %s, H2 file database%n", HOST);
            out.printf(Locale.ROOT, "%d workers, %d s per phase after a warm-up of at least %d s and %d requests (at most %.0f s), "
                    + "at most %d requests per phase%n", options.concurrency(), options.seconds(), options.seconds(),
                    options.warmupRequests(), options.warmupSeconds(), options.maxRequests());
            out.flush();

            // the page measured: a game a few turns in
            CreatedGame shown = games.create(newGame(0));
            Seat white = seat(base, shown, true);
            Seat black = seat(base, shown, false);
            for (int i = 0; i < 4; i++) {
                expect(303, post(white.move(i)), "setting up the shown game");
                expect(303, post(black.move(i)), "setting up the shown game");
            }
            URI pageUri = URI.create(base + "/games/" + shown.gameId());
            HttpResponse<String> page = get(pageUri);
            expect(200, page, "the game page");
            if (!page.body().contains("id=\"board\"")) {
                throw new IllegalStateException("the game page has no board: " + abbreviate(page.body()));
            }
            String okBody = get(bareUri).body();
            if (!"ok".equals(okBody)) {
                throw new IllegalStateException("the bare endpoint answered " + abbreviate(okBody));
            }

            Samples bareSamples = phase(worker -> () -> expect(200, get(bareUri), "bare GET /"));
            Samples pageSamples = phase(worker -> () -> expect(200, get(pageUri), "GET " + pageUri.getPath()));

            // a move costs at least as much as a page, so twice the page rate bounds the moves one phase can play
            // the warm-up plays at least as many moves as the phase may measure, and as long as the phase measures
            long atMost = (long) Math.ceil(pageSamples.perSecond() * 2 * options.seconds());
            long expected = Math.min(options.maxRequests(), atMost) + Math.max(options.warmupRequests(), atMost);
            int gamesPerWorker = (int) (expected / ((long) PLIES_PER_GAME * options.concurrency())) + 2;
            out.printf("setting up %d games for the move phase ...%n", gamesPerWorker * options.concurrency());
            out.flush();
            List<Deque<HttpRequest>> plies = new ArrayList<>();
            ExecutorService setup = Executors.newFixedThreadPool(options.concurrency());
            try {
                List<Future<Deque<HttpRequest>>> queues = new ArrayList<>();
                for (int w = 0; w < options.concurrency(); w++) {
                    int worker = w;
                    queues.add(setup.submit(() -> {
                        Deque<HttpRequest> queue = new ArrayDeque<>();
                        for (int g = 0; g < gamesPerWorker; g++) {
                            CreatedGame game = games.create(newGame(worker * gamesPerWorker + g + 1));
                            Seat ws = seat(base, game, true);
                            Seat bs = seat(base, game, false);
                            for (int i = 0; i < WHITE_MOVES.size(); i++) {
                                queue.add(ws.move(i));
                                queue.add(bs.move(i));
                            }
                        }
                        return queue;
                    }));
                }
                for (Future<Deque<HttpRequest>> q : queues) {
                    plies.add(q.get());
                }
            } finally {
                setup.shutdownNow();
            }
            Samples moveSamples = phase(worker -> {
                Deque<HttpRequest> queue = plies.get(worker);
                return () -> {
                    HttpRequest next = queue.poll();
                    if (next == null) {
                        return false;
                    }
                    expect(303, post(next), "move POST");
                    return true;
                };
            });

            // The move's baselines: bare handlers that commit, durably, one transaction writing what a move writes:
            // a turn's row, two notifications' rows and the game's new position, of the sizes the move phase wrote.
            MoveSize size = MoveSize.of(db);
            Database bareDb = Database.h2(dir.resolve("bare"));
            Database tablesDb = Database.h2(dir.resolve("tables"));
            Javalin bareCommit = null;
            try {
                bareDb.jdbi().useHandle(h -> h.execute("CREATE TABLE bench_rows (id BIGINT GENERATED BY DEFAULT AS IDENTITY "
                        + "PRIMARY KEY, kind VARCHAR(8) NOT NULL, payload TEXT NOT NULL)"));
                // a position row per worker, as every worker plays its own games: one row for all made the workers
                // wait for each other's commits, which no two moves of different games do
                for (int w = 0; w < options.concurrency(); w++) {
                    long id = w;
                    bareDb.jdbi().useHandle(h -> h.execute("INSERT INTO bench_rows (id, kind, payload) VALUES (?, 'game', '')", id));
                }
                bareDb.jdbi().useHandle(h -> h.execute("ALTER TABLE bench_rows ALTER COLUMN id RESTART WITH 1000000"));
                SameRows sameRows = SameRows.setUp(tablesDb, options.concurrency(), dir.resolve("tables"));
                // Javalin 7 takes its routes before the start: the baselines are a second bare app with these routes
                bareCommit = Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    config.routes.post("/commit/{worker}", ctx -> {
                        String text = ctx.formParam("text");
                        if (text == null || ctx.formParam("csrf") == null) {
                            ctx.status(400);
                            return;
                        }
                        long worker = Long.parseLong(ctx.pathParam("worker"));
                        bareDb.jdbi().useTransaction(h -> {
                            h.execute("INSERT INTO bench_rows (kind, payload) VALUES ('turn', ?)", size.turn(text));
                            h.execute("INSERT INTO bench_rows (kind, payload) VALUES ('mail', ?)", size.mail());
                            h.execute("INSERT INTO bench_rows (kind, payload) VALUES ('mail', ?)", size.mail());
                            h.execute("UPDATE bench_rows SET payload = ? WHERE id = ?", size.position(), worker);
                        });
                        ctx.status(303).header("Location", "/commit?done=turn");
                    });
                    config.routes.post("/tables/{worker}", ctx -> {
                        String text = ctx.formParam("text");
                        if (text == null || ctx.formParam("csrf") == null) {
                            ctx.status(400);
                            return;
                        }
                        sameRows.write(Integer.parseInt(ctx.pathParam("worker")), size, text);
                        ctx.status(303).header("Location", "/tables?done=turn");
                    });
                }).start(HOST, 0);
                String bareBase = "http://" + HOST + ":" + bareCommit.port();
                Seat form = seat(base, games.create(newGame(0)), true);
                Samples commitSamples = phase(worker -> {
                    HttpRequest commit = bareForm(URI.create(bareBase + "/commit/" + worker), form);
                    return () -> expect(303, post(commit), "bare POST /commit");
                });
                Samples tablesSamples = phase(worker -> {
                    HttpRequest commit = bareForm(URI.create(bareBase + "/tables/" + worker), form);
                    return () -> expect(303, post(commit), "bare POST /tables");
                });
                out.printf("a move writes about %d bytes: the bare commit writes the same (a turn %d, two mails %d each, a position %d)%n",
                        size.total(), size.turnBytes(), size.mailBytes(), size.positionBytes());
                printTable(out, bareSamples, pageSamples, moveSamples, commitSamples, tablesSamples);
            } finally {
                if (bareCommit != null) {
                    bareCommit.stop();
                }
                bareDb.close();
                tablesDb.close();
            }
        } finally {
            if (app != null) {
                app.stop();
            }
            if (bare != null) {
                bare.stop();
            }
            if (db != null) {
                db.close();
            }
            deleteQuietly(dir);
        }
    }

    private static HttpRequest bareForm(URI uri, Seat form) {
        return HttpRequest.newBuilder(uri).header("Content-Type", "application/x-www-form-urlencoded")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(form.body(0))).build();
    }

    /**
     * The second baseline: what a move writes, written by hand into Epistle's own tables (migrated as the server
     * migrates them) in one transaction of plain SQL: the game row updated on its version, the turn's row and both
     * notifications' rows, each row the size the move phase wrote. So its commit maintains the same indexes a move's
     * does (the game lists' three on {@code updated_at}, the outbox's four, the turns' key) and checks the same
     * foreign keys; what it leaves out is everything a move decides: the seat, the form, the judging, the clock, the
     * conditional lines, observers and digests, the mails' models.
     */
    private static final class SameRows {
        private final Database db;
        private final long[] games;
        private final int[] turns;

        private SameRows(Database db, long[] games) {
            this.db = db;
            this.games = games;
            this.turns = new int[games.length];
        }

        /** One game per worker, each with its two players, made as the game service makes them. */
        static SameRows setUp(Database db, int workers, Path keyDirectory) {
            GameService service = new GameService(db, new MailIdentity("moves@epistle.localhost", false, "http://" + HOST),
                    ServerKey.inDirectory(keyDirectory), Clock.systemUTC());
            long[] games = new long[workers];
            for (int w = 0; w < workers; w++) {
                games[w] = service.create(newGame(w + 1)).gameId();
            }
            return new SameRows(db, games);
        }

        void write(int worker, MoveSize size, String text) {
            long game = games[worker];
            int turn;
            synchronized (turns) {
                turn = ++turns[worker];
            }
            java.time.Instant now = java.time.Instant.now();
            db.jdbi().useTransaction(h -> {
                if (h.execute("UPDATE games SET fen = ?, turns_played = ?, updated_at = ?, last_turn_at = ? WHERE id = ? AND turns_played = ?",
                        size.position(), turn, now, now, game, turn - 1) != 1) {
                    throw new IllegalStateException("game " + game + " was not at turn " + (turn - 1));
                }
                h.execute("INSERT INTO turns (game_id, seq, turn_number, side, raw_text, notation, fen_after, played_at) "
                        + "VALUES (?, ?, ?, 'WHITE', ?, '', '', ?)", game, turn, turn, size.turn(text), now);
                for (int mail = 0; mail < 2; mail++) {
                    h.execute("INSERT INTO outbox (game_id, kind, to_name, to_address, subject, message_id, in_reply_to, "
                            + "references_header, reply_to, model_json, status, attempts, next_attempt_at, created_at) "
                            + "VALUES (?, 'TURN_ACCEPTED', '', '', '', ?, NULL, '', '', ?, 'PENDING', 0, ?, ?)",
                            game, "<" + java.util.UUID.randomUUID() + "@bench.localhost>", size.mail(), now, now);
                }
            });
        }
    }

    // ---- one player's form --------------------------------------------------------------------------

    /** A seat's move form as its page shows it: where it posts, and the CSRF token to send with it. */
    private record Seat(URI action, String csrf, boolean white) {
        HttpRequest move(int index) {
            return HttpRequest.newBuilder(action).header("Content-Type", "application/x-www-form-urlencoded")
                    .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body(index))).build();
        }

        String body(int index) {
            String text = (white ? WHITE_MOVES : BLACK_MOVES).get(index);
            return "csrf=" + enc(csrf) + "&turn=" + (index + 1) + "&text=" + enc(text);
        }
    }

    /**
     * What one move wrote, on average over the move phase, in characters: its turn row, each of its two notifications'
     * outbox rows (subject, headers, the mail's model), and the game's new position.
     */
    private record MoveSize(int turnBytes, int mailBytes, int positionBytes) {
        static MoveSize of(Database db) {
            return db.jdbi().withHandle(h -> new MoveSize(
                    average(h, "SELECT AVG(LENGTH(raw_text) + LENGTH(notation) + LENGTH(fen_after)) FROM turns"),
                    average(h, "SELECT AVG(LENGTH(subject) + LENGTH(message_id) + LENGTH(references_header) + LENGTH(reply_to)"
                            + " + LENGTH(model_json) + LENGTH(to_address) + LENGTH(to_name)) FROM outbox WHERE kind = 'TURN_ACCEPTED'"),
                    average(h, "SELECT AVG(LENGTH(fen)) FROM games")));
        }

        private static int average(org.jdbi.v3.core.Handle h, String sql) {
            Number n = h.createQuery(sql).mapTo(java.math.BigDecimal.class).findOne().orElse(null);
            return n == null ? 0 : n.intValue();
        }

        String turn(String text) {
            return text + "x".repeat(Math.max(0, turnBytes - text.length()));
        }

        String mail() {
            return "m".repeat(mailBytes);
        }

        String position() {
            return "p".repeat(positionBytes);
        }

        int total() {
            return turnBytes + 2 * mailBytes + positionBytes;
        }
    }

    /** Reads the seat's page as a browser would and takes the token and the field names from its form. */
    private Seat seat(String base, CreatedGame game, boolean white) throws IOException, InterruptedException {
        URI uri = URI.create(base + "/play/" + game.gameId() + "/" + (white ? game.whiteToken() : game.blackToken()));
        HttpResponse<String> page = get(uri);
        expect(200, page, "the move form");
        String html = page.body();
        Matcher csrf = CSRF.matcher(html);
        Matcher turn = TURN.matcher(html);
        if (!csrf.find() || !turn.find() || !html.contains("name=\"text\"") || !html.contains("id=\"move-form\"")) {
            throw new IllegalStateException("the page at " + uri.getPath() + " has no move form with csrf, turn and text");
        }
        return new Seat(uri, csrf.group(1), white);
    }

    private static NewGame newGame(int n) {
        return new NewGame("chess", new Contact("White " + n, "white" + n + "@bench.localhost"),
                new Contact("Black " + n, "black" + n + "@bench.localhost"));
    }

    // ---- running a phase ----------------------------------------------------------------------------

    /** One request, timed by the caller; false when the worker has nothing more to send. */
    private interface Step {
        boolean send() throws Exception;
    }

    private interface Worker {
        Step forWorker(int worker);
    }

    private Samples phase(Worker worker) throws Exception {
        List<Step> steps = new ArrayList<>();
        for (int w = 0; w < options.concurrency(); w++) {
            steps.add(worker.forWorker(w));
        }
        measure(steps, options.seconds() * 1_000_000_000L, (long) (options.warmupSeconds() * 1e9), options.warmupRequests());
        long cpuBefore = processCpuNanos();
        long jitBefore = jitCpuNanos();
        Samples measured = measure(steps, 0, options.seconds() * 1_000_000_000L, options.maxRequests());
        cpuNanos.put(measured, processCpuNanos() - cpuBefore);
        jitMillis.put(measured, jitBefore < 0 ? -1 : jitCpuNanos() - jitBefore);
        return measured;
    }

    /**
     * Sends requests from every worker until {@code maxNanos} have passed, or until {@code requests} have been started
     * and {@code minNanos} have passed, or until a worker has nothing more to send.
     */
    private Samples measure(List<Step> steps, long minNanos, long maxNanos, int requests) throws Exception {
        AtomicInteger started = new AtomicInteger();
        List<long[]> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        int[] counts = new int[steps.size()];
        AtomicLong lastEnd = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(steps.size());
        try {
            long t0 = System.nanoTime();
            long deadline = t0 + maxNanos;
            long minimum = t0 + minNanos;
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < steps.size(); w++) {
                latencies.add(new long[Math.min(requests, 4096)]);
                Step step = steps.get(w);
                int index = w;
                running.add(pool.submit(() -> {
                    long[] mine = latencies.get(index);
                    while (goOn(System.nanoTime(), deadline, minimum, started.getAndIncrement(), requests)) {
                        long s = System.nanoTime();
                        if (!step.send()) {
                            break;
                        }
                        long e = System.nanoTime();
                        if (counts[index] == mine.length) {
                            mine = java.util.Arrays.copyOf(mine, mine.length * 2);
                        }
                        mine[counts[index]++] = e - s;
                        lastEnd.accumulateAndGet(e, Math::max);
                    }
                    latencies.set(index, mine);
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
            long wall = Math.max(1, lastEnd.get() - t0);
            long[] all = new long[java.util.Arrays.stream(counts).sum()];
            int at = 0;
            for (int w = 0; w < counts.length; w++) {
                System.arraycopy(latencies.get(w), 0, all, at, counts[w]);
                at += counts[w];
            }
            return new Samples(all, wall, System.nanoTime() >= deadline);
        } finally {
            pool.shutdownNow();
        }
    }

    private static boolean goOn(long now, long deadline, long minimum, int started, int requests) {
        return now < deadline && (started < requests || now < minimum);
    }

    // ---- HTTP ---------------------------------------------------------------------------------------

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static boolean expect(int status, HttpResponse<String> response, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(what + ": expected HTTP " + status + ", got " + response.statusCode() + " "
                    + abbreviate(response.body()));
        }
        return true;
    }

    private static String abbreviate(String s) {
        String flat = s == null ? "" : s.replaceAll("\\s+", " ");
        return flat.length() > 300 ? flat.substring(0, 300) + "..." : flat;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    // ---- the table ----------------------------------------------------------------------------------

    private void printTable(PrintWriter out, Samples bare, Samples page, Samples move, Samples commit, Samples tables) {
        out.println();
        out.printf("%-36s %9s %12s %10s %10s  %s%n", "endpoint", "requests", "rate", "p50", "p99", "target");
        double half = bare.perSecond() / 2;
        row(out, "bare Javalin GET /", bare, "");
        row(out, "bare Javalin POST /commit", commit, "one durable transaction the size of a move's");
        row(out, "bare Javalin POST /tables", tables, String.format(Locale.ROOT, "the same rows in Epistle's tables: "
                + "%.2f of the bare commit's rate; move POST / this = %.2f", tables.perSecond() / commit.perSecond(),
                move.perSecond() / tables.perSecond()));
        row(out, "game page GET /games/{id}", page, String.format(Locale.ROOT, "game page >= half bare rate (%.0f/s): %s",
                half, yesNo(page.perSecond() >= half)));
        double ratio = move.perSecond() / commit.perSecond();
        row(out, "move POST /play/{id}/{token}", move, String.format(Locale.ROOT,
                "move POST / bare commit = %.2f, target >= 0.5: %s", ratio, yesNo(ratio >= 0.5)));
        out.printf("load average: %s%n", FaultsBench.load());
        printCpu(out, bare, page, move);
        printBaselineCpu(out, commit, tables, move);
        if (Stream.of(bare, page, move, commit, tables).anyMatch(s -> !s.isCapped())) {
            out.println("(a phase ended before its " + options.seconds() + " s, on the request bound of " + options.maxRequests()
                    + " or, for moves, when the games set up for it were played out: see the request counts)");
        }
        out.flush();
    }

    /**
     * CPU time per request of each phase, and the rate the machine's cores allow a move at its cost: a ceiling
     * that no concurrency lifts, to set beside the target.
     */
    private void printCpu(PrintWriter out, Samples bare, Samples page, Samples move) {
        double[] ms = new double[3];
        List<Samples> phases = List.of(bare, page, move);
        for (int i = 0; i < 3; i++) {
            Long cpu = cpuNanos.get(phases.get(i));
            if (cpu == null || cpu < 0 || phases.get(i).count() == 0) {
                return;                                         // the JVM does not report process CPU time
            }
            ms[i] = cpu / 1e6 / phases.get(i).count();
        }
        int cores = Runtime.getRuntime().availableProcessors();
        out.printf(Locale.ROOT, "process CPU per request (%d cores; client, bare app and web app all in this JVM): bare %.3f ms, "
                + "game page %.3f ms, move %.3f ms; at that cost the cores allow at most %.0f moves/s%n",
                cores, ms[0], ms[1], ms[2], cores * 1000 / ms[2]);
    }

    /** CPU time per request of the two baselines beside the move's: what the move adds to the same commit. */
    private void printBaselineCpu(PrintWriter out, Samples commit, Samples tables, Samples move) {
        Long c = cpuNanos.get(commit);
        Long t = cpuNanos.get(tables);
        Long m = cpuNanos.get(move);
        if (c == null || t == null || m == null || c < 0 || commit.count() == 0 || tables.count() == 0 || move.count() == 0) {
            return;
        }
        out.printf(Locale.ROOT, "process CPU per request of the baselines: bare commit %.3f ms, the same rows in Epistle's tables "
                + "%.3f ms, move %.3f ms%n", c / 1e6 / commit.count(), t / 1e6 / tables.count(), m / 1e6 / move.count());
        Long jit = jitMillis.get(move);
        Long jitCommit = jitMillis.get(commit);
        if (jit != null && jit >= 0 && jitCommit != null && jitCommit >= 0) {
            out.printf(Locale.ROOT, "of which the JIT compiler threads' CPU (still compiling in a short run): move %.3f ms, bare commit %.3f ms%n",
                    jit / 1e6 / move.count(), jitCommit / 1e6 / commit.count());
        }
    }

    /**
     * CPU time of this JVM's JIT compiler threads so far, from Linux's per-thread accounting (clock ticks); -1 where
     * there is none. Those threads are not Java threads, so the management beans do not see their CPU.
     */
    private static long jitCpuNanos() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long ticks = 0;
        try (Stream<Path> all = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) all::iterator) {
                try {
                    if (!Files.readString(task.resolve("comm")).startsWith("C")
                            || !Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                        continue;
                    }
                    String stat = Files.readString(task.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime and stime, fields 14 and 15
                } catch (IOException | RuntimeException e) {
                    // a compiler thread that ended meanwhile
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return ticks * 10_000_000L; // USER_HZ is 100 on Linux
    }

    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    private static void row(PrintWriter out, String label, Samples s, String target) {
        String line = String.format(Locale.ROOT, "%-36s %9d %12s %10s %10s  %s", label, s.count(),
                Double.isNaN(s.perSecond()) || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%.0f req/s", s.perSecond()),
                ms(s.percentileMillis(50)), ms(s.percentileMillis(99)), target);
        out.println(line.stripTrailing());
        out.flush();
    }

    private static String ms(double millis) {
        return Double.isNaN(millis) ? "-" : String.format(Locale.ROOT, "%.2f ms", millis);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    // ---- odds and ends ------------------------------------------------------------------------------

    private static List<String> pawnMoves(char first, char second) {
        List<String> moves = new ArrayList<>();
        for (char rank : new char[] {first, second}) {
            for (char file = 'a'; file <= 'h'; file++) {
                moves.add("" + file + rank);
            }
        }
        return List.copyOf(moves);
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary directory left behind is no reason to fail the bench
        }
    }
}
