package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.util.List;
import org.epistle.core.games.GameView;
import org.junit.jupiter.api.Test;

/** Two people play whole games by replying to the server's mail, over real SMTP and IMAP. */
class PlayByMailTest extends AliceAndBob {

    @Test
    void a_whole_fide_game_by_mail_from_the_opening_mail_to_mate() throws Exception {
        long game = newGame("chess");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        assertNull(bob.awaitMail("Game " + game, 1).getHeader("In-Reply-To"), "the opening mail is the thread's root");

        String alicesReply = alice.reply(opening, "f3");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        bob.reply(forBob, "e5");
        MimeMessage forAlice = alice.awaitMail("your move, turn 2", 1);
        alice.reply(forAlice, "g4");
        forBob = bob.awaitMail("your move, turn 2", 1);
        bob.reply(forBob, "Qh4");

        MimeMessage over = alice.awaitMail(s -> s.contains("0-1") || s.toLowerCase().contains("over"), 1, java.time.Duration.ofSeconds(20));
        bob.awaitMail(s -> s.contains("0-1") || s.toLowerCase().contains("over"), 1, java.time.Duration.ofSeconds(20));
        assertTrue(Player.text(over).contains("checkmate"), Player.text(over));

        GameView view = world.installation().games().view(game);
        assertEquals("0-1", view.result().orElseThrow());
        assertEquals(4, view.turns().size());
        everyMailIsThreadedUnderOneRoot(alice.inbox());
        everyMailIsThreadedUnderOneRoot(bob.inbox());
        MimeMessage answer = alice.awaitMail("You played f3", 1);
        assertEquals(alicesReply, answer.getHeader("In-Reply-To")[0], "her copy of the turn answers her own mail");
        assertEquals(opening.getMessageID() + " " + alicesReply, answer.getHeader("References")[0].replaceAll("\\s+", " "));
    }

    @Test
    void a_whole_marseillais_game_by_mail() throws Exception {
        long game = newGame("marseillais");
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4/Bc4");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(forBob).contains("e4/Bc4"), Player.text(forBob));
        bob.reply(forBob, "a6/a5");
        alice.reply(alice.awaitMail("your move, turn 2", 1), "Qh5/Qxf7");
        MimeMessage over = bob.awaitMail(s -> s.contains("1-0") || s.toLowerCase().contains("over"), 1, java.time.Duration.ofSeconds(20));
        assertTrue(Player.text(over).contains("Qh5/Qxf7#"), Player.text(over));
        assertEquals("1-0", world.installation().games().view(game).result().orElseThrow());
    }

    @Test
    void every_turn_mail_carries_the_text_diagram_and_an_inline_png() throws Exception {
        newGame("chess");
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        String text = Player.text(forBob);
        assertTrue(text.contains("4 | .  .  .  .  P  .  .  .  |"), text);
        assertTrue(text.contains("/play/1/"), "the personal page link: " + text);
        assertTrue(Player.html(forBob).contains("cid:diagram"), "the HTML shows the inline diagram");
        assertTrue(Player.hasInlineImage(forBob, "diagram"), "the PNG is attached inline");
    }

    @Test
    void an_illegal_turn_is_answered_to_its_sender_only_and_changes_nothing() throws Exception {
        long game = newGame("chess");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        alice.reply(opening, "Ke3");
        MimeMessage refusal = alice.awaitMail("Your turn was not accepted: Ke3", 1); // the first line says so
        String text = Player.text(refusal);
        assertTrue(text.contains("A king on e1 cannot move to e3; in this position it has no move at all."), text);
        assertTrue(text.contains("> Ke3"), "the player's own text is quoted: " + text);
        assertTrue(text.contains("8 | r  n  b  q  k  b  n  r  |"), text);
        assertEquals(0, world.installation().games().view(game).turns().size());
        assertEquals(1, bob.inbox().size(), "the opponent hears nothing of it");

        alice.reply(opening, "e4");
        bob.awaitMail("your move, turn 1", 1);
    }

    /**
     * Issue 14: a turn written for an earlier position is refused in plain words — which turn the game is at,
     * that the turn was for an earlier position — with no code ("mark it #N") and no "send your turn again".
     */
    @Test
    void given_the_game_has_moved_on_when_a_player_answers_an_old_turn_then_he_is_told_plainly() throws Exception {
        long game = newGame("chess");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        alice.reply(opening, "e4");
        bob.reply(bob.awaitMail("your move, turn 1", 1), "e5");
        alice.awaitMail("your move, turn 2", 1);

        alice.reply(opening, "#1 d4");

        MimeMessage refusal = alice.awaitMail("Your turn was not accepted", 1);
        String text = Player.text(refusal);
        assertTrue(text.contains("Your mail answers turn 1, an earlier position: the game is now at turn 2, White to move,"
                + " so your turn was not played."), text);
        assertTrue(text.contains("The board below shows the game as it is now, at turn 2: choose your turn for this position"
                + " and reply with it."), text);
        assertFalse(text.contains("mark it") || text.contains("#2") || text.toLowerCase().contains("send your turn again"), text);
        assertEquals(2, world.installation().games().view(game).turns().size());
    }

    /** Issue 14: "a refused move is quoted whole (escaped), not cut", in the first line and in both parts. */
    @Test
    void a_long_and_odd_refused_turn_is_quoted_whole_and_escaped() throws Exception {
        newGame("chess");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        String odd = "Nf3<b>&amp;\"é\"</b>" + "x".repeat(300) + "#end";
        alice.reply(opening, odd);

        MimeMessage refusal = alice.awaitMail("Your turn was not accepted: ", 1);
        String text = Player.text(refusal);
        String html = Player.html(refusal);
        // the first line names the exact part the referee could not accept, as the body's "Not accepted:" line does
        String part = text.lines().filter(l -> l.startsWith("Not accepted: ")).findFirst().orElseThrow().substring(14);
        assertEquals("Your turn was not accepted: " + part, Player.firstLine(refusal));
        assertTrue(odd.startsWith(part), part);
        assertTrue(text.contains("> " + odd), "the quote holds it whole: " + text);
        String escaped = "Nf3&lt;b&gt;&amp;amp;&quot;é&quot;&lt;/b&gt;" + "x".repeat(300) + "#end";
        assertTrue(html.contains(escaped), "the HTML part holds it whole, escaped: " + html);
        assertFalse(html.contains("<b>&amp;"), "nothing the player wrote is markup");
    }

    @Test
    void help_and_board_answer_the_sender_only() throws Exception {
        newGame("marseillais");
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        alice.reply(opening, "help");
        MimeMessage help = alice.awaitMail("Help: how to play Marseillais Chess", 1);
        String text = Player.text(help);
        assertTrue(text.contains("A move that gives check"), "the variant's rules summary: " + text);
        alice.reply(opening, "board");
        MimeMessage board = alice.awaitMail("The board — your move, turn 1", 1);
        assertTrue(Player.text(board).contains("1 | R  N  B  Q  K  B  N  R  |"), Player.text(board));
        assertEquals(1, bob.inbox().size(), "the opponent gets none of these");
    }

    /**
     * One player's mails of a game are one conversation in any client: the first is the root (sent, with no
     * In-Reply-To), every later one names it first in References, and all have the same subject.
     */
    private static void everyMailIsThreadedUnderOneRoot(List<MimeMessage> mails) throws Exception {
        assertTrue(mails.size() >= 3, "the opening, turns and the end");
        MimeMessage opening = mails.get(0);
        String root = opening.getMessageID();
        assertNull(opening.getHeader("In-Reply-To"));
        assertNull(opening.getHeader("References"));
        for (MimeMessage m : mails.subList(1, mails.size())) {
            assertTrue(m.getHeader("References")[0].strip().startsWith(root), m.getHeader("References")[0]);
            assertTrue(m.getMessageID().startsWith("<") && !m.getMessageID().equals(root));
            assertEquals(opening.getSubject(), m.getSubject(), "one subject for the whole game");
        }
        assertTrue(Player.firstLine(mails.get(mails.size() - 1)).startsWith("Game over: "), Player.firstLine(mails.get(mails.size() - 1)));
    }
}
