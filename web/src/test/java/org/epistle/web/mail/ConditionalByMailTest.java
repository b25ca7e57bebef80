package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.util.List;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;

/** Conditional lines sent by mail: played when the opponent follows them, cancelled when not. */
class ConditionalByMailTest extends AliceAndBob {

    private List<String> turns(long game) {
        return world.installation().games().view(game).turns().stream().map(TurnRecord::notation).toList();
    }

    @Test
    void a_line_is_played_while_the_opponent_follows_it_and_cancelled_when_not() throws Exception {
        long game = newGame("chess");
        MimeMessage opening = bob.awaitMail("to move, turn 1", 1);
        bob.reply(opening, "if e4 then e5\nif Nf3 then Nc6\nif Bb5 then a6");
        MimeMessage queued = bob.awaitMail("Your conditional line is queued.", 1); // the answer, in the game's thread
        String text = text(queued);
        assertTrue(text.contains("Your conditional line is queued.") && text.contains("    if Nf3 then Nc6\n"), text);

        alice.reply(alice.awaitMail("your move, turn 1", 1), "e2-e4");
        MimeMessage afterE5 = alice.awaitMail("your move, turn 2", 1);
        assertTrue(text(afterE5).contains("Black (Bob) played turn 1:\n\n    e5\n"), text(afterE5));
        assertEquals(List.of("e4", "e5"), turns(game));
        assertEquals("if e4 then e5", world.installation().games().view(game).turns().get(1).rawText());

        alice.reply(afterE5, "Nc3"); // not the expected Nf3
        bob.awaitMail("your move, turn 2", 1); // Alice's turn, and what it did to the line
        bob.awaitMail("not Nf3 as your line expected", 1);
        List<String> bobs = bob.inbox().stream().map(ConditionalByMailTest::text).toList();
        assertTrue(bobs.stream().anyMatch(t -> t.contains("Alice played Nc3, not Nf3 as your line expected, so your conditional"
                + " line was cancelled: if Nf3 then Nc6 if Bb5 then a6.")), bobs.toString());
        assertEquals(List.of("e4", "e5", "Nc3"), turns(game));
        assertTrue(world.installation().games().conditionalLine(game, Side.BLACK).isEmpty());
    }

    @Test
    void a_marseillais_line_answers_a_whole_turn() throws Exception {
        long game = newGame("marseillais");
        bob.reply(bob.awaitMail("to move, turn 1", 1), "if e2-e4/d2-d4 then e7-e5/d7-d5");
        bob.awaitMail("Your conditional line is queued.", 1);

        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4/d4");

        MimeMessage forAlice = alice.awaitMail("your move, turn 2", 1);
        assertEquals(List.of("e4/d4", "e5/d5"), turns(game));
        assertTrue(text(forAlice).contains("e5/d5"), text(forAlice));
    }

    @Test
    void an_illegal_or_unreadable_pair_is_refused_and_changes_nothing() throws Exception {
        long game = newGame("chess");
        MimeMessage opening = bob.awaitMail("to move, turn 1", 1);

        bob.reply(opening, "if e4 then Ke5");
        MimeMessage illegal = bob.awaitMail("Not accepted: ", 1);
        bob.reply(opening, "if e4 e5");
        MimeMessage unreadable = bob.awaitMail("Not accepted: ", 2);

        assertTrue(text(illegal).contains("Not accepted: Ke5") && text(illegal).contains("would not be legal after e4"), text(illegal));
        assertTrue(text(unreadable).contains("the word then is missing"), text(unreadable));
        assertTrue(text(unreadable).contains("no game has changed"), text(unreadable));
        assertTrue(world.installation().games().conditionalLine(game, Side.BLACK).isEmpty());
        assertEquals(List.of(), turns(game));
    }

    static String text(MimeMessage m) {
        try {
            return Player.text(m).replace("\r\n", "\n");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
