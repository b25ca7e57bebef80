package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A game played by mail, with a turn the referee refuses, a stranger's mail that names no game and an
 * out-of-office answer, leaves exactly its own counts in {@code /metrics}, and one log line per mail.
 */
class MetricsByMailTest extends AliceAndBob {

    @Test
    void after_a_game_by_mail_the_metrics_show_exactly_the_mails_and_turns_it_caused() throws Exception {
        Monitoring monitoring = new Monitoring(world.webPort());
        try (LogCapture log = new LogCapture()) {
            long game = newGame("chess");
            String illegal = alice.reply(alice.awaitMail("your move, turn 1", 1), "Ke3");
            alice.reply(alice.awaitMail("Your turn was not accepted: Ke3", 1), "f3");
            bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
            alice.reply(alice.awaitMail("your move, turn 2", 1), "g4");
            bob.reply(bob.awaitMail("your move, turn 2", 1), "Qh4");
            bob.awaitMail("Game over", 1);
            Player carol = world.player("Carol", "carol@example.com");
            String stray = carol.write(MailWorld.SERVER_ADDRESS, "Hello", "Can I play too?");
            alice.sendRaw(MailWorld.SERVER_ADDRESS, outOfOffice());

            Monitoring.Scrape m = monitoring.awaitMetrics("all seven mails handled",
                    s -> s.value("epistle_mails_handled_total") == 7 && s.value("epistle_outbox_depth") == 0);

            assertEquals(7, m.value("epistle_mails_received_total"), m.text());
            assertEquals(4, m.value("epistle_mails_handled_total", "outcome", "accepted"), m.text());
            assertEquals(2, m.value("epistle_mails_handled_total", "outcome", "refused"), m.text());
            assertEquals(1, m.value("epistle_mails_handled_total", "outcome", "ignored"), m.text());
            assertTrue(m.text().contains("epistle_mails_handled_total{outcome=\"duplicate\"} 0.0"),
                    "every outcome has its series from the start, at 0: " + m.text());
            assertEquals(Set.of("cannot-move-at-all", "no-game-named"), m.labelValues("epistle_mails_refused_total", "reason"),
                    m.text());
            assertEquals(1, m.value("epistle_mails_refused_total", "reason", "cannot-move-at-all"), m.text());
            assertEquals(1, m.value("epistle_mails_refused_total", "reason", "no-game-named"), m.text());
            assertEquals(1, m.value("epistle_mails_ignored_total", "reason", "auto-reply"), m.text());
            assertEquals(4, m.value("epistle_turns_judged_total", "variant", "chess", "verdict", "accepted"), m.text());
            assertEquals(1, m.value("epistle_turns_judged_total", "variant", "chess", "verdict", "rejected"), m.text());
            assertEquals(5, m.value("epistle_turn_judging_seconds_count"), m.text());
            assertTrue(m.value("epistle_turn_judging_seconds_sum") > 0, m.text());
            assertEquals(7, m.value("epistle_mail_handling_seconds_count"), m.text());
            assertEquals(0, m.value("epistle_outbox_oldest_age_seconds"), "nothing waits: " + m.text());

            // the log: one key=value line per mail, the refused turn's with its reason and game, no secret in any
            List<String> handled = log.lines().stream().filter(l -> l.contains("mail handled message-id=")).toList();
            assertEquals(7, handled.size(), String.join("\n", handled));
            assertEquals(1, handled.stream().filter(l -> Pattern.compile("mail handled message-id=" + Pattern.quote(illegal)
                    + " sender=alice@example.com game=" + game + " outcome=refused reason=cannot-move-at-all millis=\\d+$")
                    .matcher(l).find()).count(), String.join("\n", handled));
            assertEquals(1, handled.stream().filter(l -> l.contains("message-id=" + stray + " sender=carol@example.com game=- outcome=refused reason=no-game-named "))
                    .count(), String.join("\n", handled));
            assertFalse(handled.stream().anyMatch(l -> l.contains("moves+") || l.contains("[g")), "no seat secret is logged");
        }
    }

    @Test
    void requests_are_counted_by_route_template_and_status_never_by_raw_path() {
        Monitoring monitoring = new Monitoring(world.webPort());
        long game = newGame("chess");
        assertEquals(200, monitoring.get("/games/" + game).statusCode());
        assertEquals(200, monitoring.get("/games/" + game).statusCode());
        assertEquals(404, monitoring.get("/games/" + (game + 1000)).statusCode());
        assertEquals(404, monitoring.get("/no/such/page").statusCode());
        assertEquals(200, monitoring.get("/static/epistle.css").statusCode());

        Monitoring.Scrape m = monitoring.awaitMetrics("the four requests",
                s -> s.value("epistle_http_requests_seconds_count", "route", "/games/{id}") == 3);
        assertEquals(2, m.value("epistle_http_requests_seconds_count", "method", "GET", "route", "/games/{id}", "status", "200"), m.text());
        assertEquals(1, m.value("epistle_http_requests_seconds_count", "route", "/games/{id}", "status", "404"), m.text());
        assertEquals(1, m.value("epistle_http_requests_seconds_count", "route", "unmatched", "status", "404"), m.text());
        assertEquals(1, m.value("epistle_http_requests_seconds_count", "route", "/static/*", "status", "200"), m.text());
        assertFalse(m.labelValues("epistle_http_requests_seconds_count", "route").stream().anyMatch(r -> r.matches(".*\\d.*")),
                "no raw path with a game's number: " + m.labelValues("epistle_http_requests_seconds_count", "route"));
    }

    private static byte[] outOfOffice() {
        return String.join("\r\n",
                "From: Alice <alice@example.com>",
                "To: " + MailWorld.SERVER_ADDRESS,
                "Subject: Out of office",
                "Message-ID: <away-" + System.nanoTime() + "@example.com>",
                "Auto-Submitted: auto-replied",
                "Content-Type: text/plain; charset=utf-8",
                "",
                "I am away until Monday.",
                "").getBytes(StandardCharsets.UTF_8);
    }
}
