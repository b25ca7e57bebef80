package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.epistle.core.games.AdminSecret;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.ServerKey;
import org.epistle.core.testing.TestDatabase;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Test language for the admin console: the real web app on a free port of 127.0.0.1 with the
 * admin secret of a real database (fresh, on the run's engine: {@link TestDatabase}), and an HTTP client that neither follows redirects nor keeps
 * cookies, so every Set-Cookie and status is seen as the server sent it.
 */
final class AdminSite implements AutoCloseable {
    static final MailIdentity IDENTITY = new MailIdentity("moves@epistle.test", false, "http://127.0.0.1:7070");

    final TestDatabase scratch;
    final Database db;
    final GameService games;
    final WebApp app;
    final String secret;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    AdminSite(Path dir) {
        this.scratch = TestDatabase.in(dir);
        this.db = scratch.open();
        this.secret = AdminSecret.ensure(db).orElseThrow();
        this.games = new GameService(db, IDENTITY, ServerKey.inDirectory(dir), Clock.systemUTC());
        this.app = WebApp.start("127.0.0.1", 0, games, new Templates(), () -> { }, c -> AdminSecret.matches(db, c));
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + app.port() + path);
    }

    HttpResponse<String> get(String path, String cookie) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return send(b.build());
    }

    HttpResponse<String> post(String path, String cookie, Map<String, String> form) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(form)));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return send(b.build());
    }

    /** A form sent with the given request headers too (Origin, Referer), as a browser on some page would. */
    HttpResponse<String> post(String path, String cookie, Map<String, String> form, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(form)));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        headers.forEach(b::header);
        return send(b.build());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /** The Set-Cookie header that sets this cookie, if the response has one. */
    static Optional<String> setCookie(HttpResponse<String> r, String name) {
        return r.headers().allValues("Set-Cookie").stream().filter(h -> h.startsWith(name + "=")).findFirst();
    }

    /** "name=value" from a Set-Cookie header, as a browser sends it back. */
    static String pair(String setCookie) {
        return setCookie.split(";", 2)[0].strip();
    }

    /** Opens the login form and sends it with this secret; the response as the server sent it. */
    HttpResponse<String> login(String candidate) {
        HttpResponse<String> page = get("/admin/login", null);
        assertEquals(200, page.statusCode(), page.body());
        String loginCookie = pair(setCookie(page, AdminLogin.LOGIN_COOKIE).orElseThrow());
        String token = Jsoup.parse(page.body()).selectFirst("form[action=/admin/login] input[name=csrf]").val();
        return post("/admin/login", loginCookie, Map.of("csrf", token, "secret", candidate));
    }

    /** A logged-in admin: the session cookie to send and the console's CSRF token. */
    Admin admin() {
        HttpResponse<String> r = login(secret);
        assertEquals(303, r.statusCode(), r.body());
        String cookie = pair(setCookie(r, AdminLogin.SESSION_COOKIE).orElseThrow());
        HttpResponse<String> console = get("/admin", cookie);
        assertEquals(200, console.statusCode(), console.body());
        String csrf = Jsoup.parse(console.body()).selectFirst("#create-game input[name=csrf]").val();
        assertNotNull(csrf);
        return new Admin(cookie, csrf);
    }

    record Admin(String cookie, String csrf) {
    }

    /**
     * The console's create-game form filled in for Alice (White) against Bob (Black) in {@code variant}, FIDE armies,
     * no clock; a test puts in what it is about.
     */
    static Map<String, String> gameForm(String csrf, String variant) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", csrf);
        form.put("variant", variant);
        form.put("whiteArmy", "fabulous-fides");
        form.put("blackArmy", "fabulous-fides");
        form.put("whiteName", "Alice");
        form.put("whiteEmail", "alice@example.org");
        form.put("blackName", "Bob");
        form.put("blackEmail", "bob@example.org");
        form.put("timeControl", "");
        return form;
    }

    static Document html(HttpResponse<String> r) {
        return Jsoup.parse(r.body());
    }

    static List<String> texts(Document doc, String css) {
        return doc.select(css).eachText();
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
