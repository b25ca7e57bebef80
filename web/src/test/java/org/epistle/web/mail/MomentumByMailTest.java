package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.epistle.core.games.GameView;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.notation.GameRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Momentum Chess by mail, end to end: the third game of the document (Remarkable Rookies against
 * Nutty Knights) replayed through real SMTP and IMAP, with its typo at Black's 11th turn sent as
 * printed and refused, then the corrected turn, to Black's resignation.
 */
class MomentumByMailTest {
    @TempDir
    Path dir;
    private MailWorld world;
    private Player ralph;
    private Player joao;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir);
        ralph = world.player("Ralph", "ralph@example.org");
        joao = world.player("Joao", "joao@example.org");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void the_third_momentum_game_by_mail_with_a_refused_turn() throws Exception {
        long game = world.newGame("momentum", "remarkable-rookies", "nutty-knights", ralph, joao);
        GameRecord record = GameRecord.read(Files.readString(
                Path.of("..", "core", "src", "test", "resources", "records", "momentum-betza-neto-3.txt")));

        MimeMessage last = ralph.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(last).contains("Momentum"), Player.text(last));
        for (GameRecord.Turn turn : record.turns()) {
            Player mover = turn.side() == Side.WHITE ? ralph : joao;
            Player other = turn.side() == Side.WHITE ? joao : ralph;
            int nextNumber = turn.side() == Side.WHITE ? turn.number() : turn.number() + 1;
            if (turn.number() == 11 && turn.side() == Side.BLACK) {
                // as printed: the Charging Knight is on e6, not d6 (the record holds the move meant)
                mover.reply(last, "(fhNrlbK)d6:g5");
                MimeMessage refusal = mover.awaitMail("Your turn was not accepted: (fhNrlbK)d6:g5", 1);
                String text = Player.text(refusal);
                assertTrue(text.contains("The piece on d6 is your pawn, not the Charging Knight (fhNrlbK) the move names."), text);
                assertTrue(text.contains("> (fhNrlbK)d6:g5"), text);
                mover.reply(last, turn.text());
            } else {
                mover.reply(last, turn.text());
            }
            last = other.awaitMail("your move, turn " + nextNumber, 1, Duration.ofSeconds(20));
        }
        String position = Player.text(last);
        assertTrue(position.contains("(RN)h7:g5"), position);

        joao.reply(last, "resign");
        MimeMessage over = ralph.awaitMail(s -> s.contains("1-0") || s.toLowerCase().contains("over"), 1, Duration.ofSeconds(20));
        assertTrue(Player.text(over).contains("resigned"), Player.text(over));
        GameView view = world.installation().games().view(game);
        assertEquals("1-0", view.result().orElseThrow());
        assertEquals(25, view.turns().size());
    }

    @Test
    void a_turn_mail_lists_the_pieces_in_motion_and_draws_their_arrows() throws Exception {
        world.newGame("momentum", "remarkable-rookies", "nutty-knights", ralph, joao);
        ralph.reply(ralph.awaitMail("your move, turn 1", 1), "(RN)d1-e3");
        MimeMessage forJoao = joao.awaitMail("your move, turn 1", 1);
        String text = Player.text(forJoao);
        assertTrue(text.contains("Pieces in motion:"), text);
        assertTrue(text.contains("White Chancellor (RN) e3 → f5 (1,2 leap a turn)"), text);
        assertTrue(Player.hasInlineImage(forJoao, "diagram"));
    }

    @Test
    void a_piece_left_out_of_a_turn_goes_on_by_itself_and_both_mails_write_it_out() throws Exception {
        world.newGame("momentum", "remarkable-rookies", "nutty-knights", ralph, joao);
        ralph.reply(ralph.awaitMail("your move, turn 1", 1), "(RN)d1-e3");
        joao.reply(joao.awaitMail("your move, turn 1", 1), "(fbNF)g8-h6");
        // the Chancellor on e3 is in motion towards f5; the turn starts a pawn and leaves the Chancellor out
        ralph.reply(ralph.awaitMail("your move, turn 2", 1), "h2-h3");
        MimeMessage moverMail = ralph.awaitMail("to move, turn 2", 1);
        String mine = Player.text(moverMail);
        assertTrue(mine.contains("h2-h3, (RN)e3-f5"), mine);
        assertTrue(mine.contains("e3 went on to f5 by itself, as the turn left it out: (RN)e3-f5."), mine);
        // Friendly news, so a neutral style in the HTML part: not bold, not red.
        org.jsoup.nodes.Element notice = org.jsoup.Jsoup.parse(Player.html(moverMail)).selectFirst("p.notice");
        assertTrue(notice.text().contains("went on to f5 by itself"), notice.outerHtml());
        assertTrue(notice.select("strong, b").isEmpty() && !notice.attr("style").contains("#b00000")
                && notice.attr("style").contains("color: #222222"), notice.outerHtml());
        String theirs = Player.text(joao.awaitMail("your move, turn 2", 1));
        assertTrue(theirs.contains("h2-h3, (RN)e3-f5"), theirs);
        assertTrue(!theirs.contains("by itself, as the turn left it out"), "the notice is the mover's: " + theirs);
    }
}
