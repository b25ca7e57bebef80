package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Progressive Chess by mail, over real SMTP and IMAP: turns of one, two, three... moves written
 * with commas as the records write them, a turn with a move missing refused with the count, and
 * the Italian form played to an Italian mate.
 */
class ProgressiveByMailTest extends AliceAndBob {

    @Test
    void the_1996_email_game_by_mail_with_a_short_turn_refused_then_a_resignation() throws Exception {
        long game = newGame("progressive");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(opening).contains("A turn is its moves joined by commas: Nf3, e4."), Player.text(opening));
        alice.reply(opening, "d4");
        bob.reply(bob.awaitMail("your move, turn 1", 1), "c5, cxd4");
        MimeMessage forAlice = alice.awaitMail("your move, turn 2", 1);
        assertTrue(Player.text(forAlice).contains("c5, cxd4"), Player.text(forAlice));
        alice.reply(forAlice, "e4, e5, Na3");

        MimeMessage forBob = bob.awaitMail("your move, turn 2", 1);
        bob.reply(forBob, "d5, Bg4, Bxd1");
        MimeMessage refusal = bob.awaitMail("Your turn was not accepted: ", 1);
        assertTrue(Player.text(refusal).contains("This turn of Progressive Chess has 4 moves; you sent 3."), Player.text(refusal));
        assertEquals(3, world.installation().games().view(game).turns().size(), "the short turn changed nothing");

        bob.reply(forBob, "d5, Bg4, Bxd1, Kd7");
        forAlice = alice.awaitMail("your move, turn 3", 1);
        alice.reply(forAlice, "Kd2, Kd3, Kxd4, Kxd5, e6+");
        forBob = bob.awaitMail("your move, turn 3", 1);
        assertTrue(Player.text(forBob).contains("Kd2, Kd3, Kxd4, Kxd5, e6+"), Player.text(forBob));
        bob.reply(forBob, "resign");
        alice.awaitMail(s -> s.contains("1-0") || s.toLowerCase().contains("over"), 1, Duration.ofSeconds(20));
        assertEquals("1-0", world.installation().games().view(game).result().orElseThrow());
    }

    @Test
    void bonifaces_italian_progressive_win_by_mail_ends_in_italian_mate() throws Exception {
        long game = newGame("italian-progressive");
        String[] turns = {"d4", "c5, cxd4", "e4, e5, Na3", "e6, Qg5, Qxc1, Qxd1+", "Rxd1, Rxd4, Bb5, Rc4, Rxc8+",
                "Ke7, Nc6, Rxc8, Nd4, Nxb5, Nxa3", "c4, Kd2, Kc3, Kb4, Nf3, Rd1, Rxd7"};
        for (int i = 0; i < turns.length; i++) {
            boolean white = i % 2 == 0;
            Player mover = white ? alice : bob;
            MimeMessage mail = mover.awaitMail("your move, turn " + (i / 2 + 1), 1);
            mover.reply(mail, turns[i]);
        }
        MimeMessage over = bob.awaitMail(s -> s.contains("1-0") || s.toLowerCase().contains("over"), 1, Duration.ofSeconds(20));
        String text = Player.text(over);
        assertTrue(text.contains("Rxd7#"), text);
        assertTrue(text.contains("checkmate"), text);
        assertEquals("1-0", world.installation().games().view(game).result().orElseThrow());
    }
}
