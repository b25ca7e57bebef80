package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import org.epistle.core.games.GameView;
import org.junit.jupiter.api.Test;

/**
 * Lene Hau Chess by mail, over real SMTP and IMAP: the mails list the travellers and draw them,
 * an order to a piece still on its way is refused with the reason quoted, and a pawn that arrives
 * is taken by a capture that arrives at once.
 */
class LeneHauByMailTest extends AliceAndBob {

    @Test
    void a_lene_hau_game_by_mail_with_travellers_a_refused_order_and_a_crowd_capture() throws Exception {
        long game = newGame("lene-hau");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(opening).contains("Lene Hau"), Player.text(opening));
        assertTrue(Player.text(opening).contains("When you have no legal move but pieces on their way, write pass."),
                Player.text(opening));
        alice.reply(opening, "e2-e4");

        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        String text = Player.text(forBob);
        assertTrue(text.contains("Travelling:"), text);
        assertTrue(text.contains("white pawn e3 → e4 (arrives next turn)"), text);
        assertTrue(text.contains(" P~ "), "the text diagram marks the traveller: " + text);
        assertTrue(Player.hasInlineImage(forBob, "diagram"));
        bob.reply(forBob, "d7-d5");

        MimeMessage forAlice = alice.awaitMail("your move, turn 2", 1);
        alice.reply(forAlice, "e3-e4");
        MimeMessage refusal = alice.awaitMail("Your turn was not accepted: e3-e4", 1);
        String refused = Player.text(refusal);
        assertTrue(refused.contains("Your pawn on e3 is travelling to e4 and takes no new orders until it arrives there."), refused);
        assertTrue(refused.contains("> e3-e4"), refused);
        assertEquals(2, world.installation().games().view(game).turns().size(), "the refused order changed nothing");

        alice.reply(forAlice, "Ng1-f3");
        forBob = bob.awaitMail("your move, turn 2", 1);
        assertTrue(Player.text(forBob).contains("white knight g2 → f3 (arrives next turn)"), Player.text(forBob));
        assertTrue(Player.text(forBob).contains("on g2 together: white pawn at rest and white knight travelling"), Player.text(forBob));
        bob.reply(forBob, "Ng8-f6");

        forAlice = alice.awaitMail("your move, turn 3", 1);
        alice.reply(forAlice, "e4xd5");
        forBob = bob.awaitMail("your move, turn 3", 1);
        assertTrue(Player.text(forBob).contains("e4xd5"), Player.text(forBob));
        GameView view = world.installation().games().view(game);
        assertEquals(5, view.turns().size());
        String fen = org.epistle.core.rules.position.Fen.write(view.position());
        assertTrue(fen.startsWith("rnbqkb1r/ppp1pppp/8/3P4/8/5N2/PPPP1PPP/RNBQKB1R b KQkq"), "the pawn on d5 was taken: " + fen);
        assertTrue(fen.endsWith(" travel:ng7:g8>f6"), fen);
    }
}
