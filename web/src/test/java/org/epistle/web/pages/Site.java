package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.rules.board.Side;
import org.epistle.core.testing.TestDatabase;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Test language for the web pages: a real game service over a fresh database on the run's engine
 * ({@link TestDatabase}), the real web app on a free port of 127.0.0.1, and an HTTP client that does not follow
 * redirects, so every status is seen as the server sent it.
 */
final class Site implements AutoCloseable {
    static final MailIdentity IDENTITY = new MailIdentity("moves@epistle.test", false, "http://127.0.0.1:7070");

    final TestDatabase scratch;
    final Database db;
    final GameService games;
    final WebApp app;
    final AtomicInteger wakes = new AtomicInteger();
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Site(Path dir, org.epistle.core.games.DaysPerMove perMove) {
        this.scratch = TestDatabase.in(dir);
        this.db = scratch.open();
        this.games = new GameService(db, IDENTITY, org.epistle.core.games.ServerKey.inDirectory(dir), Clock.systemUTC(), perMove);
        this.app = WebApp.start("127.0.0.1", 0, games, new Templates(), wakes::incrementAndGet);
    }

    static Site start(Path dir) {
        return new Site(dir, org.epistle.core.games.DaysPerMove.NONE);
    }

    /** A site whose server gives players this long for a turn. */
    static Site start(Path dir, org.epistle.core.games.DaysPerMove perMove) {
        return new Site(dir, perMove);
    }

    CreatedGame game(String variant, String white, String black) {
        return games.create(new NewGame(variant, new Contact(white, white.replaceAll("[^A-Za-z]", "").toLowerCase() + "@example.org"),
                new Contact(black, black.replaceAll("[^A-Za-z]", "").toLowerCase() + "x@example.org")));
    }

    CreatedGame game(String variant, String whiteArmy, String blackArmy, String white, String black) {
        return games.create(new NewGame(variant, whiteArmy, blackArmy, new Contact(white, "w" + System.nanoTime() + "@example.org"),
                new Contact(black, "b" + System.nanoTime() + "@example.org")));
    }

    CreatedGame chess() {
        return game("chess", "Alice", "Bob");
    }

    static String playPath(CreatedGame game, Side side) {
        return "/play/" + game.gameId() + "/" + game.token(side);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + app.port() + path);
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> post(String path, Map<String, String> form) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(form))).build());
    }

    static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /** The move form of a player's page, as the browser would send it, with the text in the box. */
    Map<String, String> form(CreatedGame game, Side side, String text) {
        HttpResponse<String> page = get(playPath(game, side));
        assertEquals(200, page.statusCode(), page.body());
        Document doc = Jsoup.parse(page.body());
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", doc.selectFirst("#move-form input[name=csrf]").val());
        form.put("turn", doc.selectFirst("#move-form input[name=turn]").val());
        form.put("text", text);
        return form;
    }

    /** Plays a turn through the form and expects it accepted. */
    HttpResponse<String> play(CreatedGame game, Side side, String text) {
        HttpResponse<String> r = post(playPath(game, side), form(game, side, text));
        assertEquals(303, r.statusCode(), () -> text + ": " + r.body());
        return r;
    }

    List<OutboxMail> due() {
        return games.outbox().due(Instant.now().plusSeconds(3600), 1000);
    }

    static Document html(HttpResponse<String> r) {
        return Jsoup.parse(r.body());
    }

    /**
     * From now on, every statement the database runs is added to {@code sink}, its whitespace folded: Jdbi's, and the
     * plain ones run on a handle's connection itself (the move's, the kept page's version), which Jdbi's logger never sees.
     */
    void logStatementsTo(List<String> sink) {
        java.util.function.Consumer<String> add = sql -> sink.add(sql.replaceAll("\\s+", " ").strip());
        db.jdbi().setSqlLogger(new org.jdbi.v3.core.statement.SqlLogger() {
            @Override
            public void logAfterExecution(org.jdbi.v3.core.statement.StatementContext context) {
                add.accept(context.getRenderedSql());
            }
        });
        org.epistle.core.games.PlainStatements.listen(db.jdbi(), add);
    }

    @Override
    public void close() {
        try {
            app.stop();
        } finally {
            db.close();
            scratch.close();
        }
    }
}
