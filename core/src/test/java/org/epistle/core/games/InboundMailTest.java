package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mail is stored before it is handled, and handled once, in the transaction of what it changes. */
class InboundMailTest {
    private static final Instant T1 = Instant.parse("2024-05-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2024-05-01T10:05:00Z");

    @TempDir
    Path dir;
    Club club;

    @BeforeEach
    void open() {
        club = Club.in(dir);
    }

    @AfterEach
    void close() {
        club.close();
    }

    private static byte[] raw(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void a_mail_delivered_twice_is_stored_once() {
        assertTrue(club.service.storeInbound("<a@example.org>", raw("first"), T1));
        assertFalse(club.service.storeInbound("<a@example.org>", raw("second"), T2));

        assertEquals(List.of("<a@example.org>"), club.service.unhandledInbound());
        assertArrayEquals(raw("first"), club.service.inboundRaw("<a@example.org>").orElseThrow());
    }

    @Test
    void a_batch_is_stored_in_one_go_and_says_which_mails_were_new() {
        club.service.storeInbound("<old@example.org>", raw("old"), T1);
        var batch = new java.util.LinkedHashMap<String, InboundCopy>();
        batch.put("<new@example.org>", InboundCopy.whole(raw("new")));
        batch.put("<old@example.org>", InboundCopy.whole(raw("old again")));
        batch.put(" <new@example.org> ", InboundCopy.whole(raw("the same key, spaced")));

        var fresh = club.service.storeInbound(batch, T2);

        assertEquals(java.util.Map.of("<new@example.org>", true, "<old@example.org>", false, " <new@example.org> ", false), fresh);
        assertEquals(java.util.List.of("<old@example.org>", "<new@example.org>"), club.service.unhandledInbound());
        assertEquals("new", new String(club.service.inboundRaw("<new@example.org>").orElseThrow(), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void unhandled_mail_comes_back_oldest_first() {
        club.service.storeInbound("<late@example.org>", raw("b"), T2);
        club.service.storeInbound("<early@example.org>", raw("a"), T1);

        assertEquals(List.of("<early@example.org>", "<late@example.org>"), club.service.unhandledInbound());
    }

    @Test
    void a_mail_without_message_id_is_known_by_the_hash_of_its_bytes() {
        String key = InboundKeys.of(null, raw("From: a\r\n\r\ne4"));

        assertTrue(key.matches("sha256:[0-9a-f]{64}"), key);
        assertEquals(key, InboundKeys.of("  ", raw("From: a\r\n\r\ne4")));
        assertEquals("<id@host>", InboundKeys.of(" <id@host> ", raw("x")));
    }

    @Test
    void a_hostile_overlong_message_id_is_stored_under_its_hash_and_found_again() {
        String huge = "<" + "x".repeat(5000) + "@example.org>";

        assertTrue(club.service.storeInbound(huge, raw("m"), T1));
        assertFalse(club.service.storeInbound(huge, raw("m"), T1));
        assertTrue(club.service.inboundRaw(huge).isPresent());
        assertTrue(club.service.unhandledInbound().get(0).startsWith("sha256:"));
    }

    @Test
    void a_large_mail_is_kept_whole() {
        byte[] big = new byte[5 * 1024 * 1024 + 17];
        new java.util.Random(7).nextBytes(big);

        club.service.storeInbound("<big@example.org>", big, T1);

        assertArrayEquals(big, club.service.inboundRaw("<big@example.org>").orElseThrow());
    }

    @Test
    void a_mail_refused_at_sight_keeps_its_header_and_size_but_never_its_body() {
        byte[] big = raw("From: x@example.net\r\nSubject: hello\r\n\r\n" + "e4 ".repeat(4_000_000));

        club.service.storeInbound("<huge@example.org>", InboundCopy.headerOnly(big, "TOO_LARGE (12000017 bytes)"), T1);

        InboundCopy kept = club.service.inboundCopy("<huge@example.org>").orElseThrow();
        assertEquals("From: x@example.net\r\nSubject: hello\r\n\r\n", new String(kept.bytes(), StandardCharsets.UTF_8));
        assertEquals(big.length, kept.size());
        assertEquals(Optional.of("TOO_LARGE (12000017 bytes)"), kept.headerOnlyBecause());
        assertFalse(club.service.storeInbound("<huge@example.org>", InboundCopy.headerOnly(big, "again"), T2), "the key stays");
    }

    @Test
    void a_header_without_end_is_cut_at_a_line_end_within_64_kib() {
        byte[] endless = raw(("X-Filler: " + "a".repeat(90) + "\r\n").repeat(2_000)); // 200 KB, no empty line

        InboundCopy copy = InboundCopy.headerOnly(endless, "MALFORMED (no body)");

        assertTrue(copy.bytes().length <= InboundCopy.MAX_HEADER_BYTES, "kept " + copy.bytes().length);
        assertTrue(new String(copy.bytes(), StandardCharsets.UTF_8).endsWith("\r\n"));
        assertEquals(endless.length, copy.size());
    }

    @Test
    void a_handled_mail_keeps_its_bytes_for_the_days_the_settings_say_then_only_its_key() {
        org.epistle.core.testing.MovedClock clock = new org.epistle.core.testing.MovedClock(T1);
        GameService service = new GameService(club.db, Club.IDENTITY, club.key, clock);
        CreatedGame game = service.create(new NewGame("chess", new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org")));
        Seat white = service.seat(game.gameId(), game.token(WHITE)).orElseThrow();
        service.storeInbound("<e4@example.org>", raw("e4"), clock.instant());
        service.handle(white, CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>"));
        service.storeInbound("<waiting@example.org>", raw("not handled yet"), clock.instant());
        java.time.Duration thirtyDays = java.time.Duration.ofDays(30);

        clock.move(java.time.Duration.ofDays(30).minusMinutes(1));
        assertEquals(0, service.dropHandledInbound(thirtyDays), "kept for thirty days");
        assertArrayEquals(raw("e4"), service.inboundRaw("<e4@example.org>").orElseThrow());

        clock.move(java.time.Duration.ofMinutes(2));
        assertEquals(1, service.dropHandledInbound(thirtyDays));
        assertEquals(0, service.dropHandledInbound(thirtyDays), "and once");

        assertEquals(Optional.empty(), service.inboundRaw("<e4@example.org>"));
        assertEquals(Optional.empty(), service.inboundCopy("<e4@example.org>"));
        assertTrue(service.isHandled("<e4@example.org>"), "the key stays");
        assertEquals("turn 1. e4 played", service.inboundOutcome("<e4@example.org>").orElseThrow());
        assertFalse(service.storeInbound("<e4@example.org>", raw("e4"), clock.instant()), "the same mail again is recognised");
        assertEquals(Result.Effect.ALREADY_HANDLED,
                service.handle(white, CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>")).effect());
        assertEquals(1, service.view(game.gameId()).turns().size());
        assertArrayEquals(raw("not handled yet"), service.inboundRaw("<waiting@example.org>").orElseThrow(),
                "a mail not handled yet keeps its bytes, however old");
        assertEquals(java.util.List.of("<waiting@example.org>"), service.unhandledInbound());
    }

    @Test
    void with_zero_days_a_mail_keeps_no_bytes_past_handling() {
        club.service.storeInbound("<ooo@example.org>", raw("Out of office"), T1);
        club.service.storeInbound("<e4@example.org>", raw("e4"), T1);
        club.service.ignore("<ooo@example.org>", "auto-reply");

        assertEquals(1, club.service.dropHandledInbound(java.time.Duration.ZERO));

        assertEquals(Optional.empty(), club.service.inboundRaw("<ooo@example.org>"));
        assertTrue(club.service.inboundRaw("<e4@example.org>").isPresent(), "not handled: kept");
    }

    @Test
    void handling_a_mail_marks_it_handled_with_what_became_of_it() {
        CreatedGame game = club.chess();
        club.service.storeInbound("<e4@example.org>", raw("e4"), T1);

        club.service.handle(club.seat(game, WHITE), CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>"));

        assertTrue(club.service.isHandled("<e4@example.org>"));
        assertEquals("turn 1. e4 played", club.service.inboundOutcome("<e4@example.org>").orElseThrow());
        assertTrue(club.service.unhandledInbound().isEmpty());
    }

    @Test
    void a_mail_handled_again_after_a_restart_changes_nothing() {
        CreatedGame game = club.chess();
        club.service.storeInbound("<e4@example.org>", raw("e4"), T1);
        Seat white = club.seat(game, WHITE);
        club.service.handle(white, CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>"));
        int mails = club.mails(game).size();

        Result again = club.service.handle(white, CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>"));

        assertEquals(Result.Effect.ALREADY_HANDLED, again.effect());
        assertEquals("handled before: turn 1. e4 played", again.outcome());
        assertEquals(1, club.view(game).turns().size());
        assertEquals(mails, club.mails(game).size());
    }

    @Test
    void when_handling_fails_midway_neither_the_turn_nor_the_handled_mark_is_kept() {
        CreatedGame game = club.chess();
        club.service.storeInbound("<e4@example.org>", raw("e4"), T1);
        // the turn and the game row are written, then writing the mails fails
        club.db.jdbi().useHandle(h -> h.execute("ALTER TABLE outbox ADD CONSTRAINT no_accepted_turns CHECK (kind <> 'TURN_ACCEPTED')"));

        assertThrows(RuntimeException.class, () ->
                club.service.handle(club.seat(game, WHITE), CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>")));

        assertFalse(club.service.isHandled("<e4@example.org>"));
        assertEquals(List.of("<e4@example.org>"), club.service.unhandledInbound());
        assertEquals(0, club.view(game).turns().size());
        assertEquals(0, club.service.games().get(0).turnsPlayed());
        assertEquals(2, club.mails(game).size());

        club.db.jdbi().useHandle(h -> h.execute("ALTER TABLE outbox DROP CONSTRAINT no_accepted_turns"));
        Result retried = club.service.handle(club.seat(game, WHITE), CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>"));
        assertEquals(Result.Effect.TURN_PLAYED, retried.effect());
        assertTrue(club.service.isHandled("<e4@example.org>"));
    }

    @Test
    void handling_a_mail_that_was_never_stored_is_a_mistake() {
        CreatedGame game = club.chess();

        assertThrows(IllegalArgumentException.class, () ->
                club.service.handle(club.seat(game, WHITE), CommandParser.parse("e4"), "e4", Optional.of("<nowhere@example.org>")));
        assertEquals(0, club.view(game).turns().size());
    }

    @Test
    void an_ignored_mail_is_handled_without_effect() {
        club.service.storeInbound("<ooo@example.org>", raw("Out of office"), T1);

        club.service.ignore("<ooo@example.org>", "auto-reply (Auto-Submitted: auto-replied)");
        club.service.ignore("<ooo@example.org>", "again");

        assertTrue(club.service.isHandled("<ooo@example.org>"));
        assertEquals("ignored, auto-reply (Auto-Submitted: auto-replied)", club.service.inboundOutcome("<ooo@example.org>").orElseThrow());
    }

    @Test
    void a_refusal_goes_to_a_registered_player_only() {
        club.chess();
        club.service.storeInbound("<forged@example.org>", raw("e4"), T1);
        club.service.storeInbound("<stranger@example.org>", raw("e4"), T1);

        club.service.refuse("Alice@Example.org", "The secret in your mail does not open any seat.", Optional.of("<forged@example.org>"));
        club.service.refuse("mallory@example.net", "The secret in your mail does not open any seat.", Optional.of("<stranger@example.org>"));

        List<OutboxMail> refusals = club.service.outbox().aboutNoGame();
        assertEquals(1, refusals.size());
        OutboxMail refusal = refusals.get(0);
        assertEquals(MailKind.REFUSAL, refusal.kind());
        assertEquals("alice@example.org", refusal.toAddress());
        assertEquals("The secret in your mail does not open any seat.", refusal.model().get("explanation"));
        assertEquals(0, refusal.gameId());
        assertTrue(club.service.isHandled("<forged@example.org>"));
        assertTrue(club.service.isHandled("<stranger@example.org>"));
        assertTrue(club.service.inboundOutcome("<stranger@example.org>").orElseThrow().contains("no mail sent"));
    }
}
