package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.epistle.core.testing.FullDisk;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The disk under H2 fills while a game goes on by mail, then space comes back. The running server (real Greenmail,
 * real HTTP) must come through it without a restart: /health says the database is failing meanwhile and ok after,
 * the mail that came in meanwhile is handled once space is back, and every move and notification happens once.
 */
class FullDiskByMailTest extends AliceAndBob {
    /** The server's H2 on the {@link FullDisk}; asked before the server starts, so a PostgreSQL run skips it first. */
    @Override
    Map<String, String> environment() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own file; PostgreSQL's disk is its server's");
        return Map.of("EPISTLE_DB_URL", FullDisk.url(dir.resolve("full")), "EPISTLE_DB_USER", "", "EPISTLE_DB_PASSWORD", "");
    }

    @AfterEach
    void emptyTheDisk() {
        FullDisk.free();                                        // before the server stops: its last writes need space
    }

    private static String firstLine(HttpResponse<String> r) {
        return r.body().lines().findFirst().orElse("");
    }

    private static List<String> messageIds(Player p) {
        return p.inbox().stream().map(m -> {
            try {
                return m.getMessageID();
            } catch (MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    @Test
    void a_move_mailed_while_the_disk_is_full_is_played_once_space_is_back_without_a_restart() {
        Monitoring monitoring = new Monitoring(world.webPort());
        long game = world.newGame("chess", alice, bob);
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        alice.awaitMail("to move, turn 1", 1); // her copy: the outbox is empty before the disk fills

        FullDisk.fill();
        bob.reply(forBob, "e5");
        // H2 meets the full disk when it writes Bob's mail and closes the database; a reading probe may well succeed
        // meanwhile (the next connection opens the file again for reading), but the store remembers the refused write,
        // so /health says failing from then on, and keeps saying it, until a write succeeds.
        // (a probe that lands while H2 is closed fails by itself first: what is awaited is the store's own record)
        HttpResponse<String> during = monitoring.awaitHealth("the refused write on /health",
                r -> r.body().contains("last write failed at "));
        assertTrue(FullDisk.refusedWrites() > 0, "H2 met the full disk");
        for (HttpResponse<String> probe : List.of(during, monitoring.health(), monitoring.health())) {
            assertEquals(503, probe.statusCode(), probe.body());
            assertTrue(firstLine(probe).startsWith("failing: database"), probe.body());
            String database = probe.body().lines().filter(l -> l.startsWith("database ")).findFirst().orElse("");
            assertTrue(database.startsWith("database failing (") && database.contains("last write failed at ")
                    && database.contains("No space left on device"), probe.body());
        }
        assertEquals(List.of(), alice.inbox().stream().map(Player::seen).filter(s -> s.contains("turn 2")).toList(),
                "nothing is played on a full disk");

        FullDisk.free();
        try {
            alice.awaitMail("your move, turn 2", 1, Duration.ofSeconds(60));
        } catch (AssertionError e) { // what the store holds tells a lost commit from a mail not yet handled
            throw new AssertionError(e.getMessage() + "\nhistory " + world.installation().games().view(game).history()
                    + "\ninbound " + world.installation().database().jdbi().withHandle(h -> h.createQuery(
                            "SELECT message_key || ' ' || status || ' ' || COALESCE(outcome, '') FROM inbound_mail ORDER BY id")
                    .mapTo(String.class).list()), e);
        }
        alice.reply(alice.awaitMail("your move, turn 2", 1, Duration.ofSeconds(60)), "Nf3");
        bob.awaitMail("your move, turn 2", 1);
        HttpResponse<String> ok = monitoring.awaitHealth("ok again", r -> r.statusCode() == 200);
        assertEquals("ok", firstLine(ok), ok.body());

        assertEquals(List.of("1. e4", "1... e5", "2. Nf3"), world.installation().games().view(game).history());
        for (Player p : List.of(alice, bob)) {
            List<String> ids = messageIds(p);
            assertEquals(ids.stream().distinct().count(), ids.size(), p.name() + " got a mail twice: " + ids);
            assertEquals(1, p.inbox().stream().map(Player::seen).filter(s -> s.contains("your move, turn 2")).count(),
                    p.name() + ": " + p.inbox().stream().map(Player::seen).toList());
        }
        assertEquals(List.of(), world.installation().games().unhandledInbound());
    }
}
