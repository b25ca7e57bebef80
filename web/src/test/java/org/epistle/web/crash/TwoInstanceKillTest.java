package org.epistle.web.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.core.rules.board.Side;
import org.epistle.core.testing.TestDatabase;
import org.epistle.web.Await;
import org.epistle.web.Installation;
import org.epistle.web.crash.Records.OutboxRow;
import org.epistle.web.mail.Player;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code epistle serve} processes share one PostgreSQL database, one mailbox (on a mail server outside both)
 * and one server key, as a club's two machines would. Games are played by mail and on the web at once; a move's
 * page comes from one instance and its form goes to the other, and mails one instance sent are answered and handled
 * by the other. One instance is killed (SIGKILL) while games are under way and started again later.
 *
 * <p>Afterwards every game holds its moves exactly once, in order; every mail that came in is handled once; every
 * notification is in its player's mailbox, and none twice, except a mail the killed instance was handing to SMTP at
 * the instant of the kill (at most one per SMTP connection): those are counted apart.
 *
 * <p>Needs a PostgreSQL server ({@code EPISTLE_TEST_POSTGRES_URL}, see {@code .ci/scratch-postgres}): skipped
 * without one, a failure when {@code CI=true}.
 */
class TwoInstanceKillTest {
    private static final Duration MAIL = Duration.ofSeconds(90);
    private static final int KILLED = 137;
    /** A start under heavy load (two instances and six players on two cores) takes longer than a lone one. */
    private static final Duration STARTUP = Duration.ofMinutes(3);
    /** The sender's SMTP connections: at most one mail in flight on each at the instant of a kill. */
    private static final int SMTP_CONNECTIONS = 4;
    /** Giuoco Piano, 12 plies: each game plays it to the end, alternately by mail and on the web. */
    private static final List<String> SCRIPT = List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4",
            "exd4", "cxd4", "Bb4+");
    private static final int EARLY_GAMES = 4;
    private static final int LATE_GAMES = 2;

    @TempDir
    Path dir;
    TestDatabase database;
    MailServer mail;
    Map<String, String> env;
    Installation installation;
    final List<ServerProcess> servers = new ArrayList<>();
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeEach
    void start() throws IOException {
        if (!TestDatabase.hasPostgresServer()) {
            String why = "no PostgreSQL server is named (" + TestDatabase.POSTGRES_URL_VARIABLE
                    + "; start one with `eval \"$(bash .ci/scratch-postgres start)\"`)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true and " + why);
            }
            Assumptions.abort("skipped, CI is not set and " + why);
        }
        database = TestDatabase.onPostgres(dir.resolve("database"));
        mail = MailServer.start();
        env = new HashMap<>(mail.environment(dir.resolve("unused-h2"), 2));
        env.putAll(database.environment());
        env.put("EPISTLE_SERVER_KEY_FILE", dir.resolve("shared").resolve("server.key").toString());
        var settings = new SettingsLoader(env).load().settings();
        installation = Installation.open(settings, ServerKey.load(settings.server().keyFile()), Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        try {
            servers.forEach(ServerProcess::close);
        } finally {
            try {
                if (installation != null) installation.close();
            } finally {
                if (mail != null) mail.close();
                if (database != null) database.close();
            }
        }
    }

    @Test
    void two_instances_share_the_work_and_a_killed_one_loses_and_doubles_nothing() throws Exception {
        List<Table> early = new ArrayList<>();
        List<Table> late = new ArrayList<>();
        for (int i = 0; i < EARLY_GAMES + LATE_GAMES; i++) {
            (i < EARLY_GAMES ? early : late).add(table(i));
        }
        List<Table> all = new ArrayList<>(early);
        all.addAll(late);

        // Only the first instance runs: every opening mail is sent by it.
        ServerProcess first = serve("first");
        Await.until(MAIL, () -> "the opening mails to go: " + outbox(), () -> outbox().stream().allMatch(OutboxRow::isSent));
        ServerProcess second = serve("second");
        assertEquals(2 * all.size(), first.countLines("Sent outbox mail", "GAME_STARTED"), first.console());

        // The early games are played on both; while they are under way the first instance is killed.
        ExecutorService players = Executors.newFixedThreadPool(EARLY_GAMES + LATE_GAMES);
        Instances pages = new Instances(new Instance(first, second)); // page from, form to
        List<Future<?>> playing = new ArrayList<>();
        for (Table t : early) playing.add(players.submit(() -> t.play(pages)));
        Await.until(MAIL, 10, () -> "a third of the early games' moves: " + turnsPlayed(early),
                () -> turnsPlayed(early) >= EARLY_GAMES * SCRIPT.size() / 3);
        assertEquals(KILLED, first.kill());
        pages.set(new Instance(second, second));

        // The late games start now: their opening mails came from the killed instance, the survivor handles the replies.
        for (Table t : late) playing.add(players.submit(() -> t.play(pages)));
        Await.until(MAIL, 10, () -> "the late games' first moves: " + turnsPlayed(late),
                () -> late.stream().allMatch(t -> t.turns() >= 2));
        ServerProcess third = serve("first, started again");
        pages.set(new Instance(second, third));
        for (Future<?> f : playing) f.get();
        players.shutdown();

        Await.until(MAIL, () -> "every notification to go and every mail to be handled: " + outbox()
                        + ", unseen " + mail.serverMailbox().unseen(),
                () -> outbox().stream().allMatch(OutboxRow::isSent) && mail.serverMailbox().unseen() == 0);
        second.stop();                                           // from here on nothing can arrive
        third.stop();

        // Every move once, in order.
        for (Table t : all) {
            assertEquals(numbered(SCRIPT), t.history(), "game " + t.game.gameId());
        }
        // Every mail move handled once: one ledger row each, all handled.
        List<Records.InboundRow> ledger = Records.inbound(installation);
        long mailMoves = all.stream().mapToLong(Table::mailMoves).sum();
        assertEquals(mailMoves, ledger.size(), ledger.toString());
        assertTrue(ledger.stream().allMatch(r -> r.status().equals("HANDLED")), ledger.toString());
        assertTrue(ledger.stream().noneMatch(r -> r.outcome() != null && r.outcome().startsWith("handled before")),
                ledger.toString());
        // The survivor handled replies to the mails the killed instance sent.
        for (Table t : late) {
            assertTrue(second.countLines("handled for game " + t.game.gameId() + " ") >= 1,
                    "game " + t.game.gameId() + ":\n" + second.console());
        }

        // Every notification in its player's mailbox; any doubled mail is one of those in flight at the kill.
        List<OutboxRow> outbox = outbox();
        Map<String, Long> delivered = new HashMap<>();
        for (Table t : all) {
            for (Player p : List.of(t.white, t.black)) {
                for (MimeMessage m : p.inbox()) delivered.merge(Player.messageId(m), 1L, Long::sum);
            }
        }
        List<String> missing = outbox.stream().map(OutboxRow::messageId).filter(id -> !delivered.containsKey(id)).toList();
        assertEquals(List.of(), missing, "notifications never delivered");
        assertEquals(outbox.size(), delivered.size(), "mailboxes hold only the outbox's mails: " + delivered.keySet());
        Map<String, Long> doubled = delivered.entrySet().stream().filter(e -> e.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertTrue(doubled.values().stream().allMatch(n -> n == 2) && doubled.size() <= SMTP_CONNECTIONS,
                "only mails in flight at the kill may go twice, at most one per SMTP connection: " + doubled);
        System.out.printf("two instances: %d games, %d moves (%d by mail), %d notifications, 0 missing, %d doubled in flight%n",
                all.size(), all.size() * SCRIPT.size(), mailMoves, outbox.size(), doubled.size());
    }

    /** Which instance shows the move pages and which one receives their forms. */
    private record Instance(ServerProcess pages, ServerProcess forms) {}

    /** The instances the players use now; the test replaces them when it kills one and when it starts one again. */
    private static final class Instances {
        private Instance current;                                // guarded by this

        Instances(Instance first) {
            current = first;
        }

        synchronized Instance get() {
            return current;
        }

        synchronized void set(Instance next) {
            current = next;
            notifyAll();
        }

        /**
         * Waits until the test has replaced {@code failed} (it does so right after a kill), or {@code timeout} passed:
         * a request can also fail for another reason, under load, and is then simply sent again.
         */
        synchronized void awaitReplacementOf(Instance failed, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (current == failed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return;
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private ServerProcess serve(String name) throws IOException {
        Path work = Files.createDirectories(dir.resolve("work-" + servers.size()));
        ServerProcess p = ServerProcess.start(work, env, Optional.empty(), STARTUP);
        servers.add(p);
        return p;
    }

    private Table table(int n) {
        Player white = mail.mailbox("white" + n + "@example.com");
        Player black = mail.mailbox("black" + n + "@example.com");
        CreatedGame game = installation.games().create(new NewGame("chess", "fabulous-fides", "fabulous-fides",
                new Contact("White " + n, white.email()), new Contact("Black " + n, black.email())));
        return new Table(game, white, black, n);
    }

    private List<OutboxRow> outbox() {
        return installation.database().jdbi().withHandle(h -> h.createQuery(
                        "SELECT kind, to_address, status, attempts, message_id, last_error FROM outbox ORDER BY id")
                .map((rs, ctx) -> new OutboxRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                        rs.getString(5), rs.getString(6)))
                .list());
    }

    private static int turnsPlayed(List<Table> tables) {
        return tables.stream().mapToInt(Table::turns).sum();
    }

    private static final Pattern PORT = Pattern.compile("http://[^:/]+:(\\d+)/");
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern TURN = Pattern.compile("name=\"turn\" value=\"([^\"]*)\"");

    private static int port(ServerProcess p) {
        Matcher m = PORT.matcher(p.awaitLine(ServerProcess.READY, Duration.ofSeconds(1)));
        if (!m.find()) throw new AssertionError("no port in the ready line");
        return Integer.parseInt(m.group(1));
    }

    /** One game and its two players, who play the script: White's moves by mail in even games, on the web in odd ones. */
    private final class Table {
        final CreatedGame game;
        final Player white;
        final Player black;
        final int n;

        Table(CreatedGame game, Player white, Player black, int n) {
            this.game = game;
            this.white = white;
            this.black = black;
            this.n = n;
        }

        boolean byMail(int ply) {
            return (ply % 2 == 0) == (n % 2 == 0);
        }

        long mailMoves() {
            return java.util.stream.IntStream.range(0, SCRIPT.size()).filter(this::byMail).count();
        }

        /** Plies played: one cheap query, since six players ask it several times a second. */
        int turns() {
            return installation.games().version(game.gameId()).orElseThrow().turnsPlayed();
        }

        List<String> history() {
            return installation.games().view(game.gameId()).history();
        }

        void play(Instances instances) {
            for (int ply = 0; ply < SCRIPT.size(); ply++) {
                int before = ply;
                Await.until(MAIL, 300, () -> "game " + game.gameId() + " to reach ply " + before + ": " + history(),
                        () -> turns() >= before);
                Side side = ply % 2 == 0 ? Side.WHITE : Side.BLACK;
                Player player = side == Side.WHITE ? white : black;
                if (byMail(ply)) {
                    // the mail that gives the player the move, whichever instance sent it, known by what it says
                    // (a copy sent twice in flight at the kill must not be taken for the next one)
                    String tag = "[g" + game.gameId() + ".";
                    String gives = ply == 0 ? "\nGame started: " : " played " + SCRIPT.get(ply - 1) + " — ";
                    MimeMessage yourMove = player.awaitMail(s -> s.contains(tag) && s.contains(gives), 1, MAIL);
                    player.reply(yourMove, SCRIPT.get(ply));
                } else {
                    playOnTheWeb(instances, side, ply);
                }
                int after = ply + 1;
                Await.until(MAIL, 300, () -> "game " + game.gameId() + " to play ply " + after + ": " + history(),
                        () -> turns() >= after);
            }
        }

        /**
         * The page from one instance, its form to the other. A request that fails because an instance was killed under
         * it is sent again, as a player would press the button again, unless the turn went through after all.
         */
        private void playOnTheWeb(Instances instances, Side side, int ply) {
            String path = "/play/" + game.gameId() + "/" + game.token(side);
            for (int attempt = 1; turns() <= ply; attempt++) {
                Instance instance = instances.get();
                try {
                    String page = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(instance.pages()) + path))
                            .GET().build(), 200).body();
                    String form = form(Map.of("csrf", match(CSRF, page), "turn", match(TURN, page), "text", SCRIPT.get(ply)));
                    send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(instance.forms()) + path))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(form)).build(), 303);
                    return;
                } catch (IOException e) {
                    if (attempt >= 50) throw new AssertionError("game " + game.gameId() + ": " + e, e);
                    try {
                        instances.awaitReplacementOf(instance, Duration.ofSeconds(5));
                    } catch (InterruptedException i) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError(i);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }

        private HttpResponse<String> send(HttpRequest request, int expected) throws IOException, InterruptedException {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != expected) {
                throw new AssertionError("game " + game.gameId() + ": " + request.method() + " " + request.uri() + " answered "
                        + r.statusCode() + ", not " + expected + ":\n" + r.body());
            }
            return r;
        }
    }

    /** The script as the game's history writes it: "1. e4", "1... e5", ... */
    private static List<String> numbered(List<String> plies) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < plies.size(); i++) {
            out.add((i / 2 + 1) + (i % 2 == 0 ? ". " : "... ") + plies.get(i));
        }
        return out;
    }

    private static String match(Pattern p, String page) {
        Matcher m = p.matcher(page);
        if (!m.find()) throw new AssertionError(p + " not on the page:\n" + page);
        return org.jsoup.parser.Parser.unescapeEntities(m.group(1), true);
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }
}
