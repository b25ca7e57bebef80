package org.epistle.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.ServerKey;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'epistle serve' starts a real Javalin server on 127.0.0.1. */
class WebAppTest {

    @Test
    void the_server_answers_over_http_on_loopback(@TempDir Path dir) throws Exception {
        try (TestDatabase scratch = TestDatabase.in(dir); Database db = scratch.open()) {
            GameService games = new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.systemUTC());
            WebApp app = WebApp.start("127.0.0.1", 0, games);
            try {
                HttpClient client = HttpClient.newHttpClient();
                HttpResponse<String> health = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + app.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, health.statusCode());
                assertEquals("ok", health.body().lines().findFirst().orElse(""), health.body());
                HttpResponse<String> home = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + app.port() + "/")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, home.statusCode());
                assertTrue(home.body().contains("marseillais"), home.body());
            } finally {
                app.stop();
            }
        }
    }
}
