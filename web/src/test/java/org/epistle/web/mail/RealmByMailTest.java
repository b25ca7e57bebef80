package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Realm Chess by mail, over real SMTP and IMAP: the sample game's concentrations, dispersal and
 * rearrangement written as players type them, a rearrangement out of its realm refused with the
 * reason quoted back, and Scholar's mate, which no turn of any kind answers.
 */
class RealmByMailTest extends AliceAndBob {

    @Test
    void a_short_realm_game_by_mail_with_a_refused_rearrangement() throws Exception {
        long game = newGame("realm");
        MimeMessage forAlice = alice.awaitMail("your move, turn 1", 1);
        String opening = Player.text(forAlice);
        assertTrue(opening.contains("or a rearrangement, each man's square, =, and the square he is put on (Ke1=f1, Bf1=e1)."), opening);

        alice.reply(forAlice, "e4");
        bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
        alice.reply(alice.awaitMail("your move, turn 2", 1), "Bc4, Nc3");
        MimeMessage forBob = bob.awaitMail("your move, turn 2", 1);
        assertTrue(Player.text(forBob).contains("Bf1-c4, Nb1-c3"), Player.text(forBob));
        bob.reply(forBob, "c7-c5, Nb8-c6");
        alice.reply(alice.awaitMail("your move, turn 3", 1), "a2-a4, b2-b4");

        forBob = bob.awaitMail("your move, turn 3", 1);
        bob.reply(forBob, "Ra8=c8");
        String refusal = Player.text(bob.awaitMail("Your turn was not accepted: Ra8=c8", 1));
        assertTrue(refusal.contains("A rearrangement keeps its men inside one realm, so your rook on a8 cannot be put on c8: "
                + "c8 is not in a8's realm, a7-b8."), refusal);
        assertTrue(refusal.contains("> Ra8=c8"), refusal);
        assertEquals(5, world.installation().games().view(game).turns().size(), "the refused turn changed nothing");

        bob.reply(forBob, "Ra8=b8");
        alice.reply(alice.awaitMail("your move, turn 4", 1), "Qh5");
        bob.reply(bob.awaitMail("your move, turn 4", 1), "a6");
        alice.reply(alice.awaitMail("your move, turn 5", 1), "Qxf7");

        MimeMessage over = bob.awaitMail(s -> s.contains("1-0") || s.toLowerCase().contains("over"), 1, Duration.ofSeconds(20));
        String text = Player.text(over);
        assertTrue(text.contains("Qxf7#"), text);
        assertTrue(text.contains("checkmate"), text);
        assertEquals("1-0", world.installation().games().view(game).result().orElseThrow());
    }
}
