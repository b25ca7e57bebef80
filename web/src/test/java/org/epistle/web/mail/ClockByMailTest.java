package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.epistle.core.games.Contact;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameView;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.clock.TimeControl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Games on a clock, end to end: real SMTP and IMAP (Greenmail), the real server on an H2 file, and one injected
 * clock that the test moves; the scheduler's tick is called directly, nothing sleeps for the clock.
 */
class ClockByMailTest {
    /** A Tuesday, 10:00 UTC. */
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path dir;
    final AtomicReference<Instant> now = new AtomicReference<>(T0);
    final Clock clock = new Clock() {
        @Override public ZoneId getZone() { return ZoneOffset.UTC; }
        @Override public Clock withZone(ZoneId zone) { return this; }
        @Override public Instant instant() { return now.get(); }
    };
    MailWorld world;
    Player alice;
    Player bob;
    Player carol;
    Player dave;

    @BeforeEach
    void start() {
        // the timer ticks hourly, so only the test's own ticks do the due work; 10 days of leave a year
        world = MailWorld.start(dir, Map.of("EPISTLE_CLOCK_TICK_SECONDS", "3600", "EPISTLE_CLOCK_LEAVE_DAYS_PER_YEAR", "10"), clock);
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
        carol = world.player("Carol", "carol@example.com");
        dave = world.player("Dave", "dave@example.com");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    GameService games() {
        return world.installation().games();
    }

    long newGame(String variant, Player white, Player black, String control) {
        return games().create(new NewGame(variant, new Contact(white.name(), white.email()), new Contact(black.name(), black.email()))
                .withTimeControl(TimeControl.parse(control))).gameId();
    }

    void at(Duration sinceStart) {
        now.set(T0.plus(sinceStart));
    }

    int tick() {
        return world.server().clockTick();
    }

    static Duration hours(long n) {
        return Duration.ofHours(n);
    }

    Optional<Instant> deadline(long game) {
        return games().clock(games().view(game)).deadlineAt();
    }

    long clockNotices(long game) {
        return games().outbox().ofGame(game).stream().filter(m -> m.kind() == MailKind.CLOCK_NOTICE).count();
    }

    /** The plain text of a mail with its line ends as Java writes them. */
    static String text(MimeMessage m) throws Exception {
        return Player.text(m).replace("\r\n", "\n");
    }

    static List<String> texts(List<MimeMessage> mails) throws Exception {
        List<String> out = new java.util.ArrayList<>();
        for (MimeMessage m : mails) {
            out.add(Player.text(m));
        }
        return out;
    }

    static long containing(Player p, String part) throws Exception {
        return texts(p.inbox()).stream().filter(t -> t.contains(part)).count();
    }

    /** A mail the player writes themselves, to the server's address, naming no game. */
    static void write(Player p, String body) {
        String raw = "From: " + p.name() + " <" + p.email() + ">\r\nTo: " + MailWorld.SERVER_ADDRESS + "\r\nSubject: " + body
                + "\r\nMessage-ID: <" + UUID.randomUUID() + "@example.com>\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" + body + "\r\n";
        p.sendRaw(MailWorld.SERVER_ADDRESS, raw.getBytes(StandardCharsets.UTF_8));
    }

    static Optional<String> calendar(MimeMessage m) throws Exception {
        if (!(m.getContent() instanceof Multipart mixed) || !m.getContentType().startsWith("multipart/mixed")) {
            return Optional.empty();
        }
        for (int i = 0; i < mixed.getCount(); i++) {
            BodyPart part = mixed.getBodyPart(i);
            if (part.getContentType().startsWith("text/calendar")) {
                return Optional.of(new String(part.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    @Test
    void reminders_go_once_each_across_restarts_and_the_deadline_ends_a_fide_and_a_marseillais_game_on_time() throws Exception {
        long chess = newGame("chess", alice, bob, "3d");
        long marseillais = newGame("marseillais", carol, dave, "3d");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        String openingText = text(opening);
        assertTrue(openingText.contains("It is your turn. Please reply by Friday 4 December 2026, 10:00 UTC.\n"
                + "You have 3 days; Bob has 3 days. (3 days a move)"), openingText);
        assertTrue(calendar(opening).orElseThrow().contains("DTEND:20261204T100000Z"), "the deadline in the calendar");
        assertTrue(calendar(bob.awaitMail("to move, turn 1", 1)).isEmpty(), "the waiting side gets no calendar entry");

        at(hours(1));
        alice.reply(opening, "e4");
        carol.reply(carol.awaitMail("your move, turn 1", 1), "e4/d4");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        dave.awaitMail("your move, turn 1", 1);
        // Black's move came at hour 1 with 3 days: half used at 1 + 36 = 37 h, a day before the end at 1 + 48 = 49 h, out at 73 h
        // (days a move: Alice will have her 3 days again for her next move, whatever she used of this one)
        assertTrue(text(forBob).contains("Please reply by Friday 4 December 2026, 11:00 UTC.\nYou have 3 days; Alice has 3 days."),
                text(forBob));

        at(hours(37).minusMinutes(1));
        assertEquals(0, tick(), "nothing due a minute early");
        at(hours(37));
        assertEquals(2, tick(), "the half-time reminders of both games");
        assertEquals(0, tick(), "and only once");
        MimeMessage half = bob.awaitMail("Reminder: 1 day 12 hours left", 1);
        assertTrue(Player.text(half).contains("A reminder: 50% of your time for this move is used. You have 1 day 12 hours left; "
                + "please play by Friday 4 December 2026, 11:00 UTC."), Player.text(half));
        dave.awaitMail("Reminder: ", 1);

        world.stopEpistle(); // a restart between the reminders: new service and scheduler on the same H2 file
        world.startEpistle();
        assertEquals(0, tick(), "nothing is sent again after a restart");

        at(hours(49));
        assertEquals(2, tick(), "the reminders a day before the deadline");
        MimeMessage lastDay = bob.awaitMail("Reminder: ", 2);
        assertTrue(Player.text(lastDay).contains("your time for this move runs out in 1 day, on Friday 4 December 2026, 11:00 UTC."),
                Player.text(lastDay));
        dave.awaitMail("Reminder: ", 2);
        world.stopEpistle();
        world.startEpistle();
        assertEquals(0, tick());

        at(hours(73));
        assertEquals(2, tick(), "both games time out");
        for (Player p : List.of(alice, bob, carol, dave)) {
            MimeMessage over = p.awaitMail("Game over: ", 1);
            assertTrue(Player.text(over).contains("ran out of time."), Player.text(over));
            assertTrue(Player.text(over).contains("White wins by time forfeit."), Player.text(over));
        }
        for (long game : List.of(chess, marseillais)) {
            GameView view = games().view(game);
            assertEquals(Optional.of("1-0"), view.result());
            assertEquals(Optional.of("time forfeit"), view.termination());
            String pgn = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + world.webPort() + "/games/" + game + "/record.pgn")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(pgn.contains("[Termination \"time forfeit\"]") && pgn.contains("[Result \"1-0\"]"), pgn);
            assertEquals(2, clockNotices(game), "one reminder of each kind for game " + game);
        }
        assertEquals(1, containing(bob, "50% of your time for this move is used"));
        assertEquals(1, containing(bob, "runs out in 1 day"));
        assertEquals(1, containing(dave, "50% of your time for this move is used"));
        assertEquals(0, tick(), "a game that ended has nothing due");
    }

    @Test
    void leave_by_mail_stops_both_clocks_a_turn_ends_it_and_every_refusal_says_why() throws Exception {
        long chess = newGame("chess", alice, bob, "3d");
        long marseillais = newGame("marseillais", carol, bob, "3d");
        at(hours(1));
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4");
        carol.reply(carol.awaitMail("your move, turn 1", 1), "e4/d4");
        bob.awaitMail(s -> s.contains("Game " + chess + " ·") && s.contains("your move, turn 1"), 1, Duration.ofSeconds(20));
        MimeMessage bobsMarseillais = bob.awaitMail(s -> s.contains("Game " + marseillais + " ·") && s.contains("your move, turn 1"), 1,
                Duration.ofSeconds(20));
        assertEquals(Optional.of(Instant.parse("2026-12-04T11:00:00Z")), deadline(chess));

        write(bob, "leave 2026-12-03 2026-12-04");
        MimeMessage booked = bob.awaitMail("Your leave and time zone", 1);
        assertTrue(Player.text(booked).contains("Your leave is booked from Thursday 3 December 2026 to Friday 4 December 2026 (2 days)"),
                Player.text(booked));
        assertTrue(Player.text(booked).contains("Days of leave left: 8 in 2026."), Player.text(booked));
        for (Player opponent : List.of(alice, carol)) {
            MimeMessage told = opponent.awaitMail("Bob has booked leave", 1);
            assertTrue(Player.text(told).contains("Bob has booked leave from Thursday 3 December 2026, 00:00 UTC to Saturday 5 "
                    + "December 2026, 00:00 UTC."), Player.text(told));
        }
        // 37 of Bob's 72 hours run before the leave starts on 3 December at 00:00; the other 35 after it, from 5 December
        for (long game : List.of(chess, marseillais)) {
            assertEquals(Optional.of(Instant.parse("2026-12-06T11:00:00Z")), deadline(game), "game " + game);
        }

        List<String[]> refused = List.of(
                new String[] {"leave 2026-12-32 2026-12-40", "\"2026-12-32\" is not a date"},
                new String[] {"leave 2026-11-20 2026-11-22", "Leave cannot start in the past"},
                new String[] {"leave 2027-01-01 2028-02-04", "That is 400 days of leave, too long: at most 10 days"},
                new String[] {"leave 2026-12-04 2026-12-06", "overlaps the leave you have booked from 2026-12-03 to 2026-12-04"},
                new String[] {"leave 2026-12-10 2026-12-19", "you have 8 days of leave left in 2026, and this leave takes 10 days"},
                new String[] {"leave 2026-12-02 2026-12-02", "the first day can be 2026-12-03 at the earliest"},
                new String[] {"timezone Mars/Olympus", "\"Mars/Olympus\" is not a time zone"});
        int n = 0;
        for (String[] r : refused) {
            write(bob, r[0]);
            MimeMessage answer = bob.awaitMail("Your mail could not be used", ++n);
            assertTrue(Player.text(answer).contains(r[1]), r[0] + ": " + Player.text(answer));
            assertTrue(Player.text(answer).contains("no game has changed"), Player.text(answer));
        }
        for (long game : List.of(chess, marseillais)) {
            assertEquals(Optional.of(Instant.parse("2026-12-06T11:00:00Z")), deadline(game), "refusals change nothing");
            assertEquals(1, clockNotices(game), "only the booking was told to the opponent");
        }

        at(hours(38)); // 3 December, 00:00: the leave starts (the half-time reminders of hour 37 fall due too)
        assertEquals(4, tick());
        for (Player opponent : List.of(alice, carol)) {
            MimeMessage started = opponent.awaitMail("Bob is on leave from now", 1);
            assertTrue(Player.text(started).contains("Bob is on leave from now until Saturday 5 December 2026, 00:00 UTC"),
                    Player.text(started));
        }

        at(hours(50)); // 3 December, 12:00: a turn during the leave ends it, in both games
        bob.reply(bobsMarseillais, "e5/d5");
        alice.awaitMail(s -> s.contains("Game " + chess), 3, Duration.ofSeconds(20));
        carol.awaitMail("your move, turn 2", 1);
        // Marseillais: 37 hours used, 35 left from 12:00 on 3 December
        assertEquals(Optional.of(Instant.parse("2026-12-04T23:00:00Z")), deadline(chess));
        assertEquals(2, tick(), "the end of the leave is told in both games");
        for (Player opponent : List.of(alice, carol)) {
            assertTrue(opponent.inbox().size() >= 4);
        }
        alice.awaitMail("Bob's leave is over", 1);
        assertEquals(1, containing(alice, "Bob's leave is over"));
        carol.awaitMail("Bob's leave is over", 1);
        assertEquals(1, containing(carol, "Bob's leave is over"));
    }
}
