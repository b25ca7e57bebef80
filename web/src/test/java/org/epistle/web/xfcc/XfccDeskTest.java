package org.epistle.web.xfcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.epistle.core.games.GameService;
import org.epistle.web.mail.MailWorld;
import org.epistle.web.mail.Player;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A player sets their Xfcc password on their desk page, typed twice; the page tells them the address to give their client. */
class XfccDeskTest {
    @TempDir
    Path dir;
    MailWorld world;
    GameService games;
    String baseUrl;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeEach
    void start() {
        int port = MailWorld.freePort();
        baseUrl = "http://127.0.0.1:" + port;
        world = MailWorld.start(dir, Map.of("EPISTLE_WEB_PORT", Integer.toString(port), "EPISTLE_SERVER_PUBLIC_BASE_URL", baseUrl));
        games = world.installation().games();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void the_password_typed_twice_on_the_desk_signs_the_client_in() throws Exception {
        Player dora = world.player("Dora", "dora@example.com");
        world.newGame("chess", dora, world.player("Emil", "emil@example.com"));
        long id = games.playerByAddress(dora.email()).orElseThrow().id();
        String desk = baseUrl + games.deskPath(id);

        String page = http.send(HttpRequest.newBuilder(URI.create(desk)).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(page.contains("<code>" + baseUrl + "/xfccbasic.asmx</code>"), page);
        assertTrue(page.contains("You have not set an Xfcc password yet."), page);

        HttpResponse<String> differ = post(desk + "/xfcc", Map.of("password", "dora plays e4", "again", "dora plays d4"));
        assertEquals(422, differ.statusCode());
        assertTrue(differ.body().contains("The two passwords differ"), differ.body());
        assertFalse(differ.body().contains("dora plays"), "a password is never written back into the page");
        HttpResponse<String> tooShort = post(desk + "/xfcc", Map.of("password", "e4", "again", "e4"));
        assertEquals(422, tooShort.statusCode());
        assertTrue(tooShort.body().contains("at least 8 characters"), tooShort.body());
        assertFalse(games.hasClientPassword(id), "a refused form sets nothing");

        HttpResponse<String> set = post(desk + "/xfcc", Map.of("password", "dora plays e4", "again", "dora plays e4"));
        assertEquals(303, set.statusCode());
        String after = http.send(HttpRequest.newBuilder(URI.create(baseUrl + set.headers().firstValue("Location").orElseThrow()))
                .GET().build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(after.contains("Your Xfcc password is set"), after);
        assertTrue(after.contains("You have set an Xfcc password"), after);
        assertTrue(games.signIn("dora@example.com", "dora plays e4".toCharArray()).isPresent());
        assertTrue(games.signIn("dora@example.com", "dora plays d4".toCharArray()).isEmpty());
    }

    private HttpResponse<String> post(String url, Map<String, String> fields) throws Exception {
        StringBuilder body = new StringBuilder();
        fields.forEach((k, v) -> body.append(body.length() == 0 ? "" : "&").append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
    }
}
