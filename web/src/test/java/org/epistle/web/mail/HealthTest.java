package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.testing.MovedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /health} over real HTTP while the real parts fail: Greenmail's IMAP or SMTP stopped and started again,
 * the database closed. Thresholds are read from the server's clock, which the test moves.
 */
class HealthTest {
    @TempDir
    Path dir;
    private final MovedClock clock = new MovedClock(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    private MailWorld world;

    @AfterEach
    void stop() {
        if (world != null) {
            world.close();
        }
    }

    private Monitoring start(Map<String, String> settings) {
        world = MailWorld.start(dir, settings, clock);
        return new Monitoring(world.webPort());
    }

    private static String firstLine(HttpResponse<String> r) {
        return r.body().lines().findFirst().orElse("");
    }

    private static Optional<String> line(HttpResponse<String> r, String part) {
        return r.body().lines().filter(l -> l.startsWith(part + " ")).findFirst();
    }

    @Test
    void a_running_server_is_healthy_and_says_so_part_by_part_in_text_and_json() throws Exception {
        Monitoring monitoring = start(Map.of());
        HttpResponse<String> ok = monitoring.awaitHealth("the reader connected",
                r -> line(r, "mail-reader").orElse("").startsWith("mail-reader ok (connected since"));
        assertEquals(200, ok.statusCode());
        List<String> lines = ok.body().lines().toList();
        assertEquals("ok", lines.get(0), ok.body());
        assertEquals("database ok", lines.get(1), ok.body());
        assertTrue(lines.get(2).startsWith("mail-reader ok (connected since "), ok.body());
        assertTrue(lines.get(3).startsWith("sender ok (outbox 0"), ok.body());
        assertEquals(4, lines.size(), ok.body());

        for (HttpResponse<String> json : List.of(monitoring.get("/health?format=json"),
                monitoring.get("/health", "Accept", "application/json"))) {
            assertEquals(200, json.statusCode());
            assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
            JsonNode tree = new ObjectMapper().readTree(json.body());
            assertEquals("ok", tree.get("status").asText(), json.body());
            assertEquals(0, tree.get("failing").size(), json.body());
            for (String part : List.of("database", "mail-reader", "sender")) {
                assertTrue(tree.get("parts").get(part).get("ok").asBoolean(), json.body());
            }
        }
    }

    @Test
    void when_imap_stops_the_reader_is_failing_once_its_grace_is_over_and_well_again_when_imap_returns() throws Exception {
        Monitoring monitoring = start(Map.of("EPISTLE_MONITORING_MAIL_READER_GRACE_SECONDS", "120"));
        monitoring.awaitHealth("the reader connected", r -> r.statusCode() == 200
                && line(r, "mail-reader").orElse("").startsWith("mail-reader ok (connected since"));

        world.stopImap();
        HttpResponse<String> within = monitoring.awaitHealth("the reader reconnecting",
                r -> line(r, "mail-reader").orElse("").startsWith("mail-reader ok (reconnecting, no connection since"));
        assertEquals(200, within.statusCode(), "within the grace a lost connection is no failure: " + within.body());

        clock.move(Duration.ofSeconds(121));
        HttpResponse<String> failing = monitoring.health();
        assertEquals(503, failing.statusCode(), failing.body());
        assertEquals("failing: mail-reader", firstLine(failing), failing.body());
        assertTrue(line(failing, "mail-reader").orElseThrow().startsWith("mail-reader failing (no connection since "),
                failing.body());
        assertEquals("database ok", line(failing, "database").orElseThrow(), "the other parts are well: " + failing.body());
        assertTrue(line(failing, "sender").orElseThrow().startsWith("sender ok"), failing.body());

        world.restartMailServer();
        HttpResponse<String> back = monitoring.awaitHealth("the reader back", r -> r.statusCode() == 200);
        assertEquals("ok", firstLine(back), back.body());
        assertTrue(line(back, "mail-reader").orElseThrow().startsWith("mail-reader ok (connected since " + clock.instant()),
                back.body());
    }

    @Test
    void when_smtp_stops_the_sender_is_failing_at_its_first_attempt_and_well_again_once_a_mail_goes_out() throws Exception {
        Monitoring monitoring = start(Map.of());
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        monitoring.awaitHealth("a healthy start", r -> r.statusCode() == 200);

        world.stopSmtp();
        world.newGame("chess", alice, bob);                      // two opening mails the sender cannot send
        HttpResponse<String> failing = monitoring.awaitHealth("the sender failing", r -> r.statusCode() == 503);
        assertEquals("failing: sender", firstLine(failing), failing.body());
        String sender = line(failing, "sender").orElseThrow();
        assertTrue(sender.startsWith("sender failing (SMTP server unreachable since " + clock.instant() + ": "), sender);
        assertTrue(sender.endsWith("; outbox 2)"), sender);

        world.restartMailServer();
        clock.move(Duration.ofSeconds(6));                       // past the first retry's backoff of 5 s
        HttpResponse<String> back = monitoring.awaitHealth("the sender well again, both mails sent",
                r -> line(r, "sender").orElse("").startsWith("sender ok (outbox 0"));
        assertTrue(line(back, "sender").orElseThrow().startsWith("sender ok (outbox 0, last sent " + clock.instant()),
                back.body());
        assertEquals(200, monitoring.awaitHealth("the reader reconnected too", r -> r.statusCode() == 200).statusCode());
        alice.awaitMail("your move, turn 1", 1);
    }

    @Test
    void a_mail_left_unsent_longer_than_the_outbox_allows_makes_the_sender_failing() throws Exception {
        Monitoring monitoring = start(Map.of("EPISTLE_MONITORING_OUTBOX_MAX_AGE_SECONDS", "3"));
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        world.stopSmtp();
        Instant written = clock.instant();
        world.newGame("chess", alice, bob);
        monitoring.awaitHealth("the sender failing", r -> r.statusCode() == 503);
        world.restartMailServer();         // SMTP answers again, but the mails wait for their retry, 5 s on the clock

        clock.move(Duration.ofSeconds(2));
        assertTrue(line(monitoring.health(), "sender").orElseThrow().startsWith("sender failing (SMTP server unreachable"));
        assertTrue(!line(monitoring.health(), "sender").orElseThrow().contains("oldest unsent"), "2 s is within the 3 allowed");
        Monitoring.Scrape waiting = monitoring.metrics();
        assertEquals(2, waiting.value("epistle_outbox_depth"), waiting.text());
        assertEquals(2, waiting.value("epistle_outbox_oldest_age_seconds"), waiting.text());

        clock.move(Duration.ofSeconds(2));
        HttpResponse<String> late = monitoring.health();
        assertEquals(503, late.statusCode());
        assertTrue(line(late, "sender").orElseThrow().endsWith("; oldest unsent mail waiting since " + written + "; outbox 2)"),
                late.body());
        assertEquals(4, monitoring.metrics().value("epistle_outbox_oldest_age_seconds"));

        clock.move(Duration.ofSeconds(2));                       // the retry is due: both mails go out
        monitoring.awaitHealth("the sender well again", r -> r.statusCode() == 200);
        Monitoring.Scrape sent = monitoring.awaitMetrics("both mails sent", m -> m.value("epistle_outbox_depth") == 0);
        assertEquals(0, sent.value("epistle_outbox_depth"), sent.text());
        assertEquals(0, sent.value("epistle_outbox_oldest_age_seconds"), sent.text());
        bob.awaitMail("Game", 1);
    }

    @Test
    void when_the_database_is_gone_health_says_database_failing() {
        Monitoring monitoring = start(Map.of());
        monitoring.awaitHealth("a healthy start", r -> r.statusCode() == 200);
        world.installation().database().close();
        HttpResponse<String> failing = monitoring.health();
        assertEquals(503, failing.statusCode(), failing.body());
        assertTrue(firstLine(failing).startsWith("failing: database"), failing.body());
        assertTrue(line(failing, "database").orElseThrow().startsWith("database failing ("), failing.body());
        assertTrue(line(failing, "sender").orElseThrow().contains("outbox unknown"), failing.body());
    }

    @Test
    void metrics_answer_the_machine_itself_and_anyone_else_only_when_made_public() throws Exception {
        Optional<InetAddress> lan = nonLoopbackAddress();
        assumeTrue(lan.isPresent(), "this machine has no address but loopback");
        Monitoring monitoring = start(Map.of("EPISTLE_WEB_HOST", "0.0.0.0"));
        assertEquals(200, monitoring.get("/metrics").statusCode());
        assertEquals(404, fromOutside(lan.get(), world.webPort(), "/metrics").statusCode(), "not from another address");
        assertEquals(200, fromOutside(lan.get(), world.webPort(), "/health").statusCode(), "/health is public");
        world.close();
        world = null;

        Monitoring open = start(Map.of("EPISTLE_WEB_HOST", "0.0.0.0", "EPISTLE_MONITORING_METRICS_PUBLIC", "true"));
        HttpResponse<String> outside = fromOutside(lan.get(), world.webPort(), "/metrics");
        assertEquals(200, outside.statusCode());
        assertTrue(outside.body().contains("epistle_mails_received_total"), outside.body());
        assertEquals(200, open.get("/metrics").statusCode());
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }

    private static HttpResponse<String> fromOutside(InetAddress address, int port, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://" + address.getHostAddress() + ":" + port + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
