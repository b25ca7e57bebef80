package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.web.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * People who do not play follow a game by mail: they ask with {@code subscribe <game>}, confirm by replying to
 * the code, get each turn two turns late (the server's delay in this world), and stop by mail or by the one-click
 * link of the {@code List-Unsubscribe} header. All over real SMTP, IMAP and HTTP.
 */
class ObserversByMailTest {
    private static final Pattern ONE_CLICK = Pattern.compile("<(https?://[^>]+/unsubscribe/[^>]+)>");

    @TempDir
    Path dir;
    MailWorld world;
    Player alice;
    Player bob;
    Player carol;
    Player dave;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of("EPISTLE_OBSERVERS_DELAY_TURNS", "2"));
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
        carol = world.player("Carol", "carol@example.org");
        dave = world.player("Dave", "dave@example.net");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void an_observer_confirms_sees_each_turn_two_turns_late_and_stops_with_the_one_click_link() throws Exception {
        long game = world.newGame("chess", alice, bob);
        follow(carol, game);

        play("e4", "e5", "Nf3");
        MimeMessage first = carol.awaitMail("Alice played 1. e4 (shown 2 turns late)", 1);
        assertTrue(Player.seen(first).startsWith("[Epistle] Following game " + game + " · Alice v Bob\n"), Player.seen(first));
        String text = Player.text(first);
        assertTrue(text.contains("4 | .  .  .  .  P  .  .  .  |"), "the position after 1. e4, not the one now: " + text);
        assertFalse(text.contains("5 | .  .  .  .  p"), "Black's e5 is still held back: " + text);
        assertTrue(text.contains("unsubscribe " + game), text);
        String listUnsubscribe = first.getHeader("List-Unsubscribe")[0].replaceAll("\\s+", " ");
        assertTrue(listUnsubscribe.startsWith("<mailto:" + MailWorld.SERVER_ADDRESS + "?subject=unsubscribe%20" + game + ">, <http"),
                listUnsubscribe);
        assertEquals("List-Unsubscribe=One-Click", first.getHeader("List-Unsubscribe-Post")[0]);
        noSeatSecretIn(first);

        bob.reply(bob.awaitMail("your move, turn 2", 1), "Nc6");
        MimeMessage second = carol.awaitMail("Bob played 1... e5 (shown 2 turns late)", 1);
        noSeatSecretIn(second);

        Matcher link = ONE_CLICK.matcher(listUnsubscribe);
        assertTrue(link.find(), listUnsubscribe);
        String path = URI.create(link.group(1)).getPath();
        HttpResponse<String> asked = http(HttpRequest.newBuilder(local(path)).GET());
        assertEquals(200, asked.statusCode());
        assertTrue(asked.body().contains("Stop following game " + game + "?"), "a GET only asks: " + asked.body());
        // RFC 8058: the reader's mail system posts from its own site, without any login
        HttpResponse<String> done = http(HttpRequest.newBuilder(local(path))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", "https://mail.example.net")
                .POST(HttpRequest.BodyPublishers.ofString("List-Unsubscribe=One-Click")));
        assertEquals(200, done.statusCode(), done.body());
        assertTrue(done.body().contains("You no longer follow game " + game), done.body());
        carol.awaitMail("You no longer follow game " + game, 1);
        assertTrue(http(HttpRequest.newBuilder(local(path)).POST(HttpRequest.BodyPublishers.ofString("List-Unsubscribe=One-Click")))
                .body().contains("Nothing to stop"), "a used link stops nothing more");

        alice.reply(alice.awaitMail("your move, turn 3", 1), "Bb5");
        bob.awaitMail("your move, turn 3", 1); // the turn's transaction, which would have written Carol's mail, is over
        assertEquals(2, observerTurnsTo(game, carol), "nothing after the unsubscription");
    }

    @Test
    void an_observer_stops_by_mail_and_another_gets_the_held_back_turns_at_the_end() throws Exception {
        long game = world.newGame("chess", alice, bob);
        follow(carol, game);
        follow(dave, game);

        // what the mailto: of List-Unsubscribe writes: the command in the subject, no body
        carol.write(MailWorld.SERVER_ADDRESS, "unsubscribe " + game, "");
        carol.awaitMail("You no longer follow game " + game, 1);

        play("e4", "e5", "Nf3");
        dave.awaitMail("Alice played 1. e4", 1);
        bob.reply(bob.awaitMail("your move, turn 2", 1), "resign");
        MimeMessage over = dave.awaitMail("Game over: Alice v Bob", 1);
        assertTrue(Player.firstLine(over).contains("1-0"), Player.firstLine(over));
        String text = Player.text(over);
        assertTrue(text.contains("1... e5") && text.contains("2. Nf3"), "the turns held back come at the end: " + text);
        assertTrue(text.contains("last mail about this game"), text);
        assertEquals(0, over.getHeader("List-Unsubscribe") == null ? 0 : over.getHeader("List-Unsubscribe").length,
                "nothing left to unsubscribe from");
        noSeatSecretIn(over);
        assertEquals(0, observerTurnsTo(game, carol));
        assertEquals(2, observerTurnsTo(game, dave), "1. e4, then the end with the rest");
    }

    @Test
    void a_request_is_confirmed_only_by_a_reply_from_the_address_it_was_sent_to() throws Exception {
        long game = world.newGame("chess", alice, bob);
        dave.write(MailWorld.SERVER_ADDRESS, "subscribe", "subscribe " + game);
        MimeMessage ask = dave.awaitMail("Follow game " + game + "?", 1);
        // Carol has seen Dave's mail (a forward) and replies with its code from her own address
        String forged = carol.reply(ask, "yes");
        assertTrue(outcomeOf(forged).startsWith("ignored: no waiting follow request matches"), outcomeOf(forged));
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4");
        bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
        alice.reply(alice.awaitMail("your move, turn 2", 1), "Nf3");
        bob.awaitMail("your move, turn 2", 1);
        assertEquals(0, observerTurnsTo(game, carol));
        assertEquals(0, observerTurnsTo(game, dave), "Dave never confirmed");
        assertTrue(carol.inbox().isEmpty(), "nothing goes to an address that did not ask");
    }

    /** The observer asks by mail and confirms by replying to the code. */
    private void follow(Player observer, long game) {
        observer.write(MailWorld.SERVER_ADDRESS, "subscribe", "subscribe " + game);
        MimeMessage ask = observer.awaitMail("Follow game " + game + "?", 1);
        observer.reply(ask, "yes");
        observer.awaitMail("You now follow game " + game, 1);
    }

    /** Alice and Bob play these turns in turn, Alice first, each answering the other's mail. */
    private void play(String... turns) {
        for (int i = 0; i < turns.length; i++) {
            Player mover = i % 2 == 0 ? alice : bob;
            mover.reply(mover.awaitMail("your move, turn " + (i / 2 + 1), 1), turns[i]);
        }
    }

    /** What the server recorded of a mail it handled, waiting for it as a mailbox is waited for. */
    private String outcomeOf(String messageId) {
        return Await.value(java.time.Duration.ofSeconds(20), last -> "the outcome of " + messageId,
                () -> world.installation().games().inboundOutcome(messageId), java.util.Optional::isPresent).get();
    }

    private long observerTurnsTo(long game, Player observer) {
        List<OutboxMail> mails = world.installation().games().outbox().ofGame(game);
        return mails.stream().filter(m -> m.kind() == MailKind.OBSERVER_TURN && m.toAddress().equals(observer.email())).count();
    }

    /** Neither player's seat secret (the tag in their subjects) appears anywhere in the observer's mail. */
    private void noSeatSecretIn(MimeMessage m) throws Exception {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        m.writeTo(raw);
        String all = raw.toString(StandardCharsets.UTF_8);
        for (Player p : List.of(alice, bob)) {
            Matcher tag = Pattern.compile("\\[g\\d+\\.([a-z2-7]+)]").matcher(Player.subjectOf(p.inbox().get(0)));
            assertTrue(tag.find());
            assertFalse(all.contains(tag.group(1)), p.name() + "'s secret is in an observer's mail");
        }
        assertNotNull(m.getReplyTo());
        assertEquals(MailWorld.SERVER_ADDRESS, m.getReplyTo()[0].toString());
    }

    private URI local(String path) {
        return URI.create("http://127.0.0.1:" + world.webPort() + path);
    }

    private static HttpResponse<String> http(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
