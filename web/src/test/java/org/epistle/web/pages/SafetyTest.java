package org.epistle.web.pages;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.position.Fen;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** The refusals, the escaping and the headers: what keeps players' secrets and games safe. */
class SafetyTest extends SitePageTest {
    static final String EVIL = "<script>alert(1)</script>";

    private String fen(CreatedGame game) {
        return Fen.write(site.games.view(game.gameId()).position());
    }

    private int mails(CreatedGame game) {
        return site.games.outbox().ofGame(game.gameId()).size();
    }

    // --- personal links ---

    @Test void a_wrong_secret_gets_the_same_404_as_a_page_that_does_not_exist() {
        CreatedGame game = site.chess();
        CreatedGame other = site.chess();
        String nowhere = site.get("/no/such/page").body();

        for (String path : List.of("/play/" + game.gameId() + "/aaaaaaaaaaaaaaaaaaaa",
                "/play/" + game.gameId() + "/" + other.whiteToken(),
                "/play/" + game.gameId() + "/" + game.whiteToken().toUpperCase() + "x",
                "/play/" + game.gameId() + "/short",
                "/play/" + game.gameId() + "/%3Cscript%3E",
                "/play/999/" + game.whiteToken(),
                "/play/" + game.gameId())) {
            HttpResponse<String> r = site.get(path);
            assertEquals(404, r.statusCode(), path);
            assertEquals(nowhere, r.body(), "a wrong link tells nothing: " + path);
        }
    }

    @Test void a_form_sent_to_a_wrong_secret_is_a_404_and_plays_nothing() {
        CreatedGame game = site.chess();
        Map<String, String> form = site.form(game, WHITE, "e4");

        HttpResponse<String> r = site.post("/play/" + game.gameId() + "/aaaaaaaaaaaaaaaaaaaa", form);

        assertEquals(404, r.statusCode());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void no_page_shows_a_secret_but_a_player_s_own_page_its_own() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "e4");
        List<String> secrets = List.of(game.whiteToken(), game.blackToken());

        for (String path : List.of("/", "/games/" + game.gameId(), "/api/games/" + game.gameId(),
                "/games/" + game.gameId() + "/record.pgn", "/?player=Alice")) {
            String body = site.get(path).body();
            for (String secret : secrets) {
                assertFalse(body.toLowerCase().contains(secret), path + " shows a secret");
            }
            assertFalse(body.contains("@example.org"), path + " shows an address");
        }
        String white = site.get(Site.playPath(game, WHITE)).body();
        assertTrue(white.contains(game.whiteToken()));
        assertFalse(white.contains(game.blackToken()), "White's page does not show Black's link");
        assertFalse(white.contains("@example.org"));
    }

    // --- CSRF ---

    @Test void a_form_without_its_token_is_refused_and_plays_nothing() {
        CreatedGame game = site.chess();
        Map<String, String> form = new LinkedHashMap<>(site.form(game, WHITE, "e4"));
        form.remove("csrf");
        int before = mails(game);

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), form);

        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("Nothing was played."), r.body());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
        assertEquals(before, mails(game), "no mail either");
    }

    @Test void a_form_with_a_wrong_token_or_another_seat_s_is_refused() {
        CreatedGame game = site.chess();
        CreatedGame other = site.chess();
        String otherGames = site.form(other, WHITE, "e4").get("csrf");
        String blacks = site.form(game, BLACK, "e4").get("csrf");

        for (String token : List.of("", "x", "not base64 !!", otherGames, blacks, blacks.substring(1))) {
            Map<String, String> form = new LinkedHashMap<>(site.form(game, WHITE, "e4"));
            form.put("csrf", token);
            assertEquals(403, site.post(Site.playPath(game, WHITE), form).statusCode(), token);
        }
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void a_form_is_valid_on_every_instance_with_the_server_key_and_on_no_other() {
        CreatedGame game = site.chess();
        Map<String, String> form = site.form(game, WHITE, "e4");
        // Another instance (or this one after a restart) derives the same key from the shared server key ...
        assertTrue(new CsrfTokens(site.games.formKey()).isValid(game.gameId(), game.whiteToken(), form.get("csrf")));
        // ... and a server with a key of its own does not.
        byte[] otherKey = new byte[32];
        new java.security.SecureRandom().nextBytes(otherKey);
        assertFalse(new CsrfTokens(otherKey).isValid(game.gameId(), game.whiteToken(), form.get("csrf")));
    }

    // --- malformed and oversized requests ---

    @Test void an_oversized_form_is_refused_with_a_clear_413() {
        CreatedGame game = site.chess();
        Map<String, String> form = new LinkedHashMap<>(site.form(game, WHITE, "e4"));
        form.put("text", "e4 " + "x".repeat(20_000));

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), form);

        assertEquals(413, r.statusCode());
        assertTrue(r.body().contains("larger than the 16 KB this page accepts"), r.body());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void an_oversized_form_without_a_length_is_cut_off_too() {
        CreatedGame game = site.chess();
        byte[] body = ("csrf=x&text=" + "e".repeat(40_000)).getBytes(StandardCharsets.US_ASCII);

        HttpResponse<String> r = site.send(HttpRequest.newBuilder(site.uri(Site.playPath(game, WHITE)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build());

        assertEquals(413, r.statusCode());
    }

    @Test void a_bad_turn_number_or_encoding_is_a_400_and_another_content_type_a_415() {
        CreatedGame game = site.chess();
        Map<String, String> form = new LinkedHashMap<>(site.form(game, WHITE, "e4"));
        form.put("turn", "one");

        assertEquals(400, site.post(Site.playPath(game, WHITE), form).statusCode());
        HttpResponse<String> badEncoding = site.send(HttpRequest.newBuilder(site.uri(Site.playPath(game, WHITE)))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("text=%zz")).build());
        assertEquals(400, badEncoding.statusCode());
        assertTrue(badEncoding.body().contains("The form could not be read"));
        HttpResponse<String> json = site.send(HttpRequest.newBuilder(site.uri(Site.playPath(game, WHITE)))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"e4\"}")).build());
        assertEquals(415, json.statusCode());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void a_method_a_page_does_not_take_is_a_405() {
        CreatedGame game = site.chess();

        HttpResponse<String> post = site.post("/games/" + game.gameId(), Map.of("text", "e4"));
        HttpResponse<String> delete = site.send(HttpRequest.newBuilder(site.uri(Site.playPath(game, WHITE))).DELETE().build());

        assertEquals(405, post.statusCode());
        assertTrue(post.body().contains("Method not allowed"));
        assertEquals(405, delete.statusCode());
    }

    @Test void a_request_jetty_cannot_read_gets_a_plain_page_with_the_headers() throws IOException {
        String response = raw("GET /games/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");

        assertTrue(response.startsWith("HTTP/1.1 400"), response);
        assertTrue(response.contains("Content-Security-Policy: default-src 'self'"), response);
        assertFalse(response.contains("Exception") || response.contains("at org."), response);
        assertFalse(response.contains("jetty") || response.contains("Jetty"), response);
        assertTrue(response.contains("The request could not be read"), response);
    }

    @Test void headers_too_large_for_jetty_get_the_same_page_even_for_a_client_that_accepts_no_html() throws IOException {
        String response = raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/xml\r\nX-Padding: " + "a".repeat(20_000)
                + "\r\nConnection: close\r\n\r\n");

        assertTrue(response.startsWith("HTTP/1.1 431"), response);
        assertTrue(response.contains("X-Frame-Options: DENY"), response);
        assertTrue(response.contains("<h1>431 Request Header Fields Too Large</h1>"), response);
        assertFalse(response.contains("jetty") || response.contains("Jetty"), response);
    }

    @Test void a_failure_inside_the_server_is_a_500_page_without_a_stack_trace() {
        CreatedGame game = site.chess();
        site.db.close();

        HttpResponse<String> page = site.get("/games/" + game.gameId());
        HttpResponse<String> api = site.get("/api/games/" + game.gameId());

        assertEquals(500, page.statusCode());
        assertTrue(page.body().contains("Something went wrong"), page.body());
        assertFalse(page.body().contains("Exception") || page.body().contains("at org."), page.body());
        assertEquals(500, api.statusCode());
        assertTrue(api.body().contains("\"status\" : 500"), api.body());
        assertFalse(api.body().contains("Exception"), api.body());
    }

    // --- escaping ---

    @Test void a_script_in_a_player_s_name_is_shown_as_text_everywhere() {
        CreatedGame game = site.game("chess", EVIL, "Bob \"the\" <b>bold</b> & co");
        site.play(game, WHITE, "e4");

        for (String path : List.of("/", "/games/" + game.gameId(), Site.playPath(game, WHITE), Site.playPath(game, BLACK),
                "/?player=" + java.net.URLEncoder.encode(EVIL, StandardCharsets.UTF_8))) {
            HttpResponse<String> r = site.get(path);
            assertEquals(200, r.statusCode(), path);
            assertFalse(r.body().contains(EVIL), path + " shows the script unescaped");
            assertFalse(r.body().contains("<b>bold</b>"), path);
            assertTrue(r.body().contains("&lt;script&gt;alert(1)&lt;/script&gt;"), path);
            Document doc = Site.html(r);
            assertTrue(doc.text().contains(EVIL), path + " shows the name as text");
            for (Element script : doc.select("script")) {
                assertEquals("/static/play.js", script.attr("src"), path + ": only our one script file");
                assertTrue(script.data().isEmpty(), path);
            }
            assertTrue(doc.select("[style]").isEmpty(), path + ": no inline style");
            assertTrue(doc.select("[onclick], [onload], [onerror]").isEmpty(), path);
        }
        Document filtered = Site.html(site.get("/?player=" + java.net.URLEncoder.encode(EVIL, StandardCharsets.UTF_8)));
        assertEquals(EVIL, filtered.selectFirst("input[name=player]").val());
    }

    @Test void a_script_in_a_refused_turn_is_shown_as_text() {
        CreatedGame game = site.chess();

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, EVIL));

        assertEquals(422, r.statusCode());
        assertFalse(r.body().contains(EVIL), r.body());
        assertEquals(EVIL, Site.html(r).selectFirst("input#turn-text").val());
    }

    // --- headers ---

    @Test void every_response_carries_the_security_headers() {
        CreatedGame game = site.chess();
        List<HttpResponse<String>> responses = List.of(
                site.get("/"), site.get("/games/" + game.gameId()), site.get(Site.playPath(game, WHITE)),
                site.get("/games/" + game.gameId() + "/record.pgn"), site.get("/api/games/" + game.gameId()),
                site.get("/static/epistle.css"), site.get("/static/play.js"), site.get("/health"),
                site.get("/nothing"), site.get("/api/games/999"), site.post("/games/1", Map.of()),
                site.post(Site.playPath(game, WHITE), Map.of("text", "e4")),
                site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "Ke2")),
                site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "e4")));
        for (HttpResponse<String> r : responses) {
            String where = r.request().method() + " " + r.uri().getPath() + " " + r.statusCode();
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.contains("default-src 'self'"), where);
            assertTrue(csp.contains("script-src 'self'"), where);
            assertTrue(csp.contains("frame-ancestors 'none'"), where);
            assertFalse(csp.contains("unsafe-inline") || csp.contains("unsafe-eval"), where);
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), where);
            assertEquals("same-origin", r.headers().firstValue("Referrer-Policy").orElse(""), where);
            assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), where);
        }
        assertEquals(List.of(200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 405, 403, 422, 303),
                responses.stream().map(HttpResponse::statusCode).toList());
    }

    @Test void pages_read_on_a_phone() {
        CreatedGame game = site.chess();
        for (String path : List.of("/", "/games/" + game.gameId(), Site.playPath(game, WHITE), "/nothing")) {
            Document doc = Site.html(site.get(path));
            Element viewport = doc.selectFirst("meta[name=viewport]");
            assertNotNull(viewport, path);
            assertTrue(viewport.attr("content").contains("width=device-width"), path);
            assertEquals("/static/epistle.css", doc.selectFirst("link[rel=stylesheet]").attr("href"), path);
        }
    }

    private String raw(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", site.app.port())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
