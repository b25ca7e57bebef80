package org.epistle.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** 'epistle serve' starts a real Javalin server on 127.0.0.1. */
class WebAppTest {

    @Test
    void the_server_answers_over_http_on_loopback() throws Exception {
        WebApp app = WebApp.start("127.0.0.1", 0);
        try {
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> health = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + app.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, health.statusCode());
            assertEquals("ok", health.body());
            HttpResponse<String> home = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + app.port() + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(home.body().contains("marseillais"), home.body());
        } finally {
            app.stop();
        }
    }
}
