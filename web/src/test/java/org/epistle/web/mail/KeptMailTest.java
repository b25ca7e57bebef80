package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.epistle.core.testing.MovedClock;
import org.epistle.web.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server keeps of the mail it handled: the bytes for {@code mail.keep-raw-days}, dropped by the clock's
 * tick after that, and the key for good, so the same mail delivered again still changes nothing. The test moves
 * the installation's clock and calls the tick itself; nothing sleeps for the clock.
 */
class KeptMailTest {
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path dir;
    final MovedClock clock = new MovedClock(T0);
    MailWorld world;
    Player alice;
    Player bob;

    @BeforeEach
    void start() {
        // the timer ticks hourly, so only the test's own ticks drop anything
        world = MailWorld.start(dir, Map.of("EPISTLE_CLOCK_TICK_SECONDS", "3600", "EPISTLE_MAIL_KEEP_RAW_DAYS", "30"), clock);
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private String kept(String messageId) {
        return world.installation().database().jdbi().withHandle(h -> h.createQuery(
                        "SELECT kept || ' ' || COALESCE(CAST(OCTET_LENGTH(raw_message) AS VARCHAR(20)), 'no bytes') FROM inbound_mail WHERE message_key = :key")
                .bind("key", messageId).mapTo(String.class).one());
    }

    private static byte[] move(String messageId, String subject, String line) {
        return ("From: Alice <alice@example.com>\r\nTo: " + MailWorld.SERVER_ADDRESS + "\r\nSubject: Re: " + subject
                + "\r\nMessage-ID: " + messageId + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                + line + "\r\n").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void a_handled_mail_keeps_its_bytes_thirty_days_then_its_key_alone_still_recognises_it() {
        long game = world.installation().games().create(new NewGame("chess",
                new Contact("Alice", alice.email()), new Contact("Bob", bob.email()))).gameId();
        String subject = Player.subjectOf(alice.awaitMail("your move, turn 1", 1));
        String id = "<e4-" + UUID.randomUUID() + "@example.com>";
        byte[] e4 = move(id, subject, "e4");
        alice.sendRaw(MailWorld.SERVER_ADDRESS, e4);
        bob.awaitMail("your move, turn 1", 1);
        assertTrue(kept(id).startsWith("WHOLE "), kept(id));

        clock.move(Duration.ofDays(30).minusHours(1));
        world.server().clockTick();
        assertTrue(kept(id).startsWith("WHOLE "), "kept for thirty days: " + kept(id));

        clock.move(Duration.ofHours(2));
        world.server().clockTick();
        assertEquals("NONE no bytes", kept(id), "after thirty days only the key and outcome stay");

        try (LogCapture log = new LogCapture()) {
            alice.sendRaw(MailWorld.SERVER_ADDRESS, e4); // the same mail, delivered again a month later
            Await.until(Duration.ofSeconds(30), () -> "the copy handled: " + log.lines(),
                    () -> log.lines().stream().anyMatch(l -> l.contains("mail handled message-id=" + id + " ")
                            && l.contains("outcome=duplicate")));
        }
        bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
        alice.awaitMail("your move, turn 2", 1);
        assertEquals(List.of("1. e4", "1... e5"), world.installation().games().view(game).history());
        assertEquals(List.of(), alice.inbox().stream().map(Player::seen).filter(s -> !s.contains("move, turn")).toList(),
                "no answer to the copy");
    }
}
