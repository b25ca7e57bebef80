package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seat's secret moves its game only in mail from the seat's player: the opponent or a stranger who has
 * seen the secret (a forward, a quote) changes nothing, and only the secret's owner is told. A player may
 * add another address by mail, confirmed from that address.
 */
class SeatBindingTest {
    private static final Pattern TAG = Pattern.compile("\\[g(\\d+)\\.([a-z2-7]+)]");
    private static final Pattern CONFIRM = Pattern.compile("\\[confirm\\.([a-z2-7]+)]");

    @TempDir
    Path dir;
    MailWorld world;
    Player alice;
    Player bob;
    Player mallory;
    long game;
    MimeMessage aliceOpening;
    String aliceTag;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir);
        alice = world.player("Alice", "alice@example.com");
        bob = world.player("Bob", "bob@example.com");
        mallory = world.player("Mallory", "mallory@example.net");
        game = world.newGame("chess", alice, bob);
        aliceOpening = alice.awaitMail("your move, turn 1", 1);
        Matcher m = TAG.matcher(Player.subjectOf(aliceOpening));
        assertTrue(m.find());
        aliceTag = m.group();
        bob.awaitMail("Game " + game, 1);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private List<String> history() {
        return world.installation().games().view(game).history();
    }

    /** A mail as a client writes it, with White's secret in the subject, from whoever. */
    private byte[] withAlicesSecret(String from, String body) {
        String text = "From: " + from + "\r\nTo: " + MailWorld.SERVER_ADDRESS + "\r\nSubject: Re: [Epistle] Game " + game + " "
                + aliceTag + "\r\nMessage-ID: <" + UUID.randomUUID() + "@example.net>\r\nMIME-Version: 1.0\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String notices(Player p) {
        return p.inbox().stream().map(Player::subjectOf).toList().toString();
    }

    @Test
    void the_opponent_sending_whites_secret_from_his_own_address_moves_nothing_and_only_white_is_told() throws Exception {
        bob.sendRaw(MailWorld.SERVER_ADDRESS, withAlicesSecret("Bob <bob@example.com>", "e4"));

        MimeMessage warning = alice.awaitMail("Game " + game, 2); // the opening mail, then the warning
        String text = Player.text(warning);
        assertTrue(text.contains("bob@example.com") && text.contains("not one of your addresses"), text);
        assertEquals(List.of(), history(), "White's secret from Black's address plays nothing");
        assertEquals(1, bob.inbox().size(), "the sender hears nothing: " + notices(bob));

        alice.reply(aliceOpening, "d4"); // Alice herself still plays
        bob.awaitMail("your move, turn 1", 1);
        assertEquals(List.of("1. d4"), history());
    }

    @Test
    void a_stranger_forwarding_a_tagged_mail_moves_nothing_and_the_owner_is_told_once_an_hour() throws Exception {
        mallory.reply(aliceOpening, "e4");
        mallory.sendRaw(MailWorld.SERVER_ADDRESS, withAlicesSecret("Mallory <mallory@example.net>", "move " + game + " x f4"));
        mallory.sendRaw(MailWorld.SERVER_ADDRESS, withAlicesSecret("Mallory <mallory@example.net>", "resign"));
        alice.reply(aliceOpening, "c4"); // handled after the three, in the game's order
        bob.awaitMail("your move, turn 1", 1);

        assertEquals(List.of("1. c4"), history());
        List<MimeMessage> warnings = alice.inbox().stream()
                .filter(m -> { try { return Player.text(m).contains("mallory@example.net"); } catch (Exception e) { throw new AssertionError(e); } })
                .toList();
        assertEquals(1, warnings.size(), "three hostile mails within the hour, one warning: " + notices(alice));
        assertEquals(List.of(), mallory.inbox(), "no answer to the stranger");
    }

    @Test
    void the_pbmserv_line_with_the_right_secret_from_a_stranger_moves_nothing() throws Exception {
        String token = aliceTag.substring(aliceTag.indexOf('.') + 1, aliceTag.length() - 1);
        String raw = "From: mallory@example.net\r\nTo: " + MailWorld.SERVER_ADDRESS + "\r\nSubject: my move\r\nMessage-ID: <"
                + UUID.randomUUID() + "@example.net>\r\n\r\nmove " + game + " " + token + " e4\r\n";
        mallory.sendRaw(MailWorld.SERVER_ADDRESS, raw.getBytes(StandardCharsets.US_ASCII));
        MimeMessage warning = alice.awaitMail("Game " + game, 2);
        assertTrue(Player.text(warning).contains("mallory@example.net"));
        assertEquals(List.of(), history());
        assertEquals(List.of(), mallory.inbox());
    }

    @Test
    void a_player_adds_a_second_address_by_mail_and_confirms_it_from_there() throws Exception {
        Player work = world.player("Alice at work", "alice@work.example");
        alice.reply(aliceOpening, "address add alice@work.example");

        MimeMessage confirmation = work.awaitMail("Confirm your address", 1);
        Matcher code = CONFIRM.matcher(Player.subjectOf(confirmation));
        assertTrue(code.find(), Player.subjectOf(confirmation));
        alice.awaitMail("Your addresses", 1);

        // Before confirming, the work address is a stranger's.
        work.sendRaw(MailWorld.SERVER_ADDRESS, withAlicesSecret("Alice <alice@work.example>", "e4"));
        alice.awaitMail(s -> s.contains("Game " + game), 2, Duration.ofSeconds(20));
        assertEquals(List.of(), history());

        // A reply with the code from any other address confirms nothing.
        mallory.reply(confirmation, "yes");
        work.reply(confirmation, "yes, that is me");
        MimeMessage added = alice.awaitMail("Your addresses", 2);
        assertTrue(Player.text(added).contains("alice@work.example is now one of your addresses"), Player.text(added));
        assertEquals(List.of("alice@example.com", "alice@work.example"),
                world.installation().games().addresses().of(world.installation().games().players().get(0).id()));

        work.sendRaw(MailWorld.SERVER_ADDRESS, withAlicesSecret("Alice <alice@work.example>", "e4"));
        bob.awaitMail("your move, turn 1", 1);
        assertEquals(List.of("1. e4"), history());
        assertEquals(List.of(), mallory.inbox(), "no answer to a stranger replying to a confirmation");
    }

    @Test
    void an_address_of_another_player_is_refused_to_the_asker() throws Exception {
        alice.reply(aliceOpening, "address add bob@example.com");
        MimeMessage refused = alice.awaitMail("Your addresses", 1);
        assertTrue(Player.text(refused).contains("bob@example.com already belongs to another player"), Player.text(refused));
        assertEquals(1, bob.inbox().size(), "Bob is not asked to confirm anything");
    }
}
