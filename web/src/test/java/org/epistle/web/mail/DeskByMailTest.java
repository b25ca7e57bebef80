package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Carol plays four games at once and asks for her desk and a daily digest by mail: over real SMTP and IMAP,
 * the desk page over real HTTP, on a clock the test moves (the digest tick is called as the server's
 * scheduler calls it).
 */
class DeskByMailTest {
    /** In the past: the outbox sender sends what is due by the real time. */
    static final Instant MONDAY_NOON = Instant.parse("2024-05-06T12:00:00Z");

    @TempDir
    Path dir;
    org.epistle.core.testing.MovedClock clock = new org.epistle.core.testing.MovedClock(MONDAY_NOON);
    MailWorld world;
    Player carol;
    Player dave;
    Player erin;
    Player frank;
    Player grace;
    long first;
    long second;
    long third;
    long fourth;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeEach
    void start() {
        world = MailWorld.startWithClock(dir, clock, java.util.Map.of("EPISTLE_SERVER_DAYS_PER_MOVE", "3"));
        carol = world.player("Carol", "carol@example.com");
        dave = world.player("Dave", "dave@example.com");
        erin = world.player("Erin", "erin@example.com");
        frank = world.player("Frank", "frank@example.com");
        grace = world.player("Grace", "grace@example.com");
        first = world.newGame("chess", carol, dave);   // Carol to move from the start
        second = world.newGame("chess", carol, erin);  // Carol plays e4 below: Erin to move
        third = world.newGame("chess", frank, carol);  // Frank plays d4 below: Carol to move
        fourth = world.newGame("chess", grace, carol); // Grace to move
        carol.awaitMail("[Epistle] Game", 4);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private String serverAddress() {
        return MailWorld.SERVER_ADDRESS;
    }

    /**
     * Monday: Carol opens two games, Frank opens his; Tuesday: Dave answers. So Carol is to move in Frank's
     * game (play by Thursday) and Dave's (by Friday), Erin and Grace are to move in theirs (by Thursday).
     */
    private void turnsOfMondayAndTuesday() {
        carol.reply(carol.withSubject("Game " + second + " ").get(0), "e4");
        erin.awaitMail("your move, turn 1", 1);
        carol.reply(carol.withSubject("Game " + first + " ").get(0), "e4");
        MimeMessage forDave = dave.awaitMail("your move, turn 1", 1);
        frank.reply(frank.awaitMail("Game " + third + " ", 1), "d4");
        frank.awaitMail("to move, turn 1", 1);
        clock.move(Duration.ofDays(1));
        dave.reply(forDave, "e5");
        dave.awaitMail("to move, turn 2", 1);
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The desk link in a mail, pointed at the port this test's server listens on. */
    private String deskUrl(MimeMessage mail) throws Exception {
        Matcher m = Pattern.compile("http://[^/\\s]+(/desk/\\S+)").matcher(Player.text(mail));
        assertTrue(m.find(), Player.text(mail));
        return "http://127.0.0.1:" + world.webPort() + m.group(1);
    }

    @Test
    void one_digest_a_day_lists_exactly_the_games_to_play_also_across_a_restart() throws Exception {
        carol.write(serverAddress(), "digest", "digest on 18:00");
        MimeMessage answer = carol.awaitMail("Your games", 1);
        assertTrue(Player.text(answer).contains("Your daily digest is on: one mail a day at 18:00 UTC"), Player.text(answer));
        turnsOfMondayAndTuesday();

        clock.set(Instant.parse("2024-05-07T17:59:00Z"));
        world.installation().games().sendDigests();
        clock.set(Instant.parse("2024-05-07T18:00:00Z"));
        world.installation().games().sendDigests();
        MimeMessage digest = carol.awaitMail("Your move in", 1);
        world.stopEpistle();
        world.startEpistle();
        clock.set(Instant.parse("2024-05-07T21:00:00Z"));
        assertEquals(0, world.installation().games().sendDigests(), "the day's digest was written before the restart");

        assertTrue(Player.subjectOf(digest).contains("Your move in 2 games · Tuesday 7 May 2024"), Player.subjectOf(digest));
        String text = Player.text(digest).replace("\r\n", "\n");
        assertTrue(text.contains("Game " + first + ", Chess: you play White against Dave."), text);
        assertTrue(text.contains("Game " + third + ", Chess: you play Black against Frank."), text);
        assertEquals(2, Pattern.compile("(?m)^Game \\d+, ").matcher(text).results().count(), text);
        // What was written, read from the outbox rather than waited for in the mailbox: one digest, no mail per turn.
        var outbox = world.installation().games().outbox();
        assertEquals(1, outbox.aboutNoGame().stream()
                .filter(m -> m.kind() == org.epistle.core.games.MailKind.DIGEST && m.toAddress().equals(carol.email())).count());
        assertEquals(0, java.util.stream.Stream.of(first, second, third, fourth).flatMap(g -> outbox.ofGame(g).stream())
                .filter(m -> m.kind() == org.epistle.core.games.MailKind.TURN_ACCEPTED && m.toAddress().equals(carol.email()))
                .count(), "no mail per turn while the digest is on");

        clock.set(Instant.parse("2024-05-08T18:00:00Z"));
        world.installation().games().sendDigests();
        carol.awaitMail("Your move in 2 games · Wednesday 8 May 2024", 1);
    }

    @Test
    void the_desk_page_from_the_link_in_the_games_mail_lists_my_moves_first_and_least_time_first() throws Exception {
        turnsOfMondayAndTuesday();
        carol.write(serverAddress(), "my games", "games");
        MimeMessage mail = carol.awaitMail("Your games", 1);
        String text = Player.text(mail);
        assertTrue(text.indexOf("Game " + third + ",") < text.indexOf("Game " + first + ","), text);

        HttpResponse<String> page = get(deskUrl(mail));

        assertEquals(200, page.statusCode(), page.body());
        assertEquals("no-store", page.headers().firstValue("Cache-Control").orElse(""));
        String html = page.body();
        List<Integer> order = List.of(third, first, second, fourth).stream()
                .map(id -> html.indexOf(">Game " + id + "</a>")).toList();
        assertTrue(order.stream().allMatch(i -> i > 0), html);
        assertEquals(order.stream().sorted().toList(), order, "my moves first (Frank's game is older), then the others: " + html);
        assertTrue(html.contains("/play/" + third + "/"), html);
    }

    @Test
    void an_expired_or_altered_desk_link_gets_a_page_that_says_so_and_how_to_get_a_new_one() throws Exception {
        carol.write(serverAddress(), "games", "games");
        String url = deskUrl(carol.awaitMail("Your games", 1));
        String token = url.substring(url.lastIndexOf('/') + 1);
        String[] parts = token.split("-");
        String altered = url.substring(0, url.lastIndexOf('/') + 1) + parts[0] + "-" + (Long.parseLong(parts[1]) + 3600) + "-" + parts[2];

        HttpResponse<String> forged = get(altered);
        clock.move(Duration.ofDays(7));
        HttpResponse<String> expired = get(url);

        assertEquals(404, forged.statusCode());
        assertTrue(forged.body().contains("This desk link is not valid"), forged.body());
        assertTrue(forged.body().contains("mail with the single word games to " + serverAddress()), forged.body());
        assertEquals(410, expired.statusCode());
        assertTrue(expired.body().contains("This desk link has expired"), expired.body());
        assertTrue(expired.body().contains("Monday 13 May 2024, 12:00 UTC"), expired.body()); // mailed Monday noon, 7 days
        assertTrue(!expired.body().contains("Carol") && !forged.body().contains("Carol"), "an error page tells nothing of the desk");
    }

    @Test
    void digest_maybe_is_answered_and_changes_nothing() throws Exception {
        carol.write(serverAddress(), "digest", "digest maybe");

        MimeMessage refusal = carol.awaitMail("could not be used", 1);

        String text = Player.text(refusal);
        assertTrue(text.contains("\"maybe\" is neither on nor off. Your digest setting has not changed."), text);
        assertTrue(text.contains("digest on 18:00"), text);
        assertTrue(world.installation().games().digestTime(
                world.installation().games().players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow().id()).isEmpty());
    }

    private HttpResponse<String> post(String url, String form) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void leave_is_booked_and_cancelled_on_the_desk_and_a_refusal_says_why_on_the_page() throws Exception {
        carol.write(serverAddress(), "games", "games");
        String desk = deskUrl(carol.awaitMail("Your games", 1));
        String page = get(desk).body();
        assertTrue(page.contains("You have no leave booked.") && page.contains("Days of leave left in 2024: 30"), page);

        HttpResponse<String> tooLong = post(desk + "/leave", "first=2024-05-10&last=2024-07-30");
        assertEquals(422, tooLong.statusCode());
        assertTrue(tooLong.body().contains("Nothing was changed.") && tooLong.body().contains("aria-invalid"), tooLong.body());
        assertTrue(get(desk).body().contains("You have no leave booked."));

        HttpResponse<String> booked = post(desk + "/leave", "first=2024-05-10&last=2024-05-14");
        assertEquals(303, booked.statusCode(), booked.body());
        page = get("http://127.0.0.1:" + world.webPort() + booked.headers().firstValue("Location").orElseThrow()).body();
        assertTrue(page.contains("Your leave is booked.") && page.contains("from 2024-05-10 to 2024-05-14")
                && page.contains("Days of leave left in 2024: 25"), page);
        dave.awaitMail(s -> s.contains("Game " + first), 2, java.time.Duration.ofSeconds(20)); // Dave is told by mail

        assertEquals(303, post(desk + "/leave", "cancel=yes").statusCode());
        assertTrue(get(desk).body().contains("You have no leave booked."));
        assertEquals(404, post(desk.substring(0, desk.length() - 3) + "xyz/leave", "cancel=yes").statusCode(),
                "an altered link books nothing");
    }
}
