package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminActionsTest {
    @TempDir
    Path dir;
    Club club;
    CreatedGame game;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        game = club.chess();
        club.playAll(game, "e4", "e5");
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void an_adjudicated_game_has_the_result_and_both_players_get_the_reason() {
        int before = club.mails(game).size();

        club.service.adjudicate(game.gameId(), "0-1", "White stopped answering");

        GameView view = club.view(game);
        assertEquals(GameState.FINISHED, view.state());
        assertEquals("0-1", view.result().orElseThrow());
        assertEquals("adjudication", view.termination().orElseThrow());
        List<OutboxMail> mails = club.mailsAfter(game, before);
        assertEquals(List.of(MailKind.GAME_OVER, MailKind.GAME_OVER), mails.stream().map(OutboxMail::kind).toList());
        assertEquals(List.of("alice@example.org", "bob@example.org"), mails.stream().map(OutboxMail::toAddress).toList());
        for (OutboxMail m : mails) {
            assertEquals("Black wins by adjudication. The admin's reason: White stopped answering", m.model().get("ending"));
        }
    }

    @Test
    void an_aborted_game_has_no_result_and_cannot_be_ended_again() {
        club.service.adjudicate(game.gameId(), "aborted", "Entered by mistake");

        GameView view = club.view(game);
        assertEquals(GameState.ABORTED, view.state());
        assertTrue(view.result().isEmpty());
        OutboxMail last = club.mails(game).get(club.mails(game).size() - 1);
        assertEquals("*", last.model().get("result"));
        assertTrue(last.model().get("ending").toString().contains("Entered by mistake"));
        assertEquals("Game over: aborted by the admin", last.model().get("headline"));
        assertEquals(club.mails(game).get(1).subject(), last.subject(), "the game's subject, never \"Game over, null\"");
        assertThrows(IllegalStateException.class, () -> club.service.adjudicate(game.gameId(), "1-0", "again"));
        Result late = club.play(game, Side.WHITE, "e4");
        assertEquals("The game is over: it was stopped (aborted by the admin).", club.mails(game).get(club.mails(game).size() - 1)
                .model().get("explanation"), late.outcome());
    }

    @Test
    void a_result_that_is_not_one_of_the_four_or_a_blank_reason_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> club.service.adjudicate(game.gameId(), "2-0", "why"));
        assertThrows(IllegalArgumentException.class, () -> club.service.adjudicate(game.gameId(), "1-0", "  "));
        assertEquals(GameState.ACTIVE, club.view(game).state());
    }

    @Test
    void the_last_mail_to_a_player_is_resent_with_a_new_message_id_and_the_same_thread() {
        Player bob = club.service.players().stream().filter(p -> p.name().equals("Bob")).findFirst().orElseThrow();
        List<OutboxMail> before = club.mails(game);
        OutboxMail last = before.stream().filter(m -> m.toAddress().equals(bob.email())).reduce((a, b) -> b).orElseThrow();

        assertEquals(game.gameId(), club.service.resendLast(bob.id()).orElseThrow());

        List<OutboxMail> after = club.mails(game);
        assertEquals(before.size() + 1, after.size());
        OutboxMail copy = after.get(after.size() - 1);
        assertEquals(bob.email(), copy.toAddress());
        assertNotEquals(last.messageId(), copy.messageId());
        assertEquals(last.inReplyTo(), copy.inReplyTo());
        assertEquals(last.references(), copy.references());
        assertEquals(last.subject(), copy.subject());
        assertEquals(last.model(), copy.model());
        assertEquals(List.of("Alice", "Bob"), club.service.players().stream().map(Player::name).toList());
    }

    @Test
    void a_resent_opening_mail_joins_the_thread_it_is_the_root_of() {
        CreatedGame other = club.service.create(new NewGame("chess", new Contact("Carol", "carol@example.org"),
                new Contact("Dave", "dave@example.org")));
        Player carol = club.service.players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow();
        OutboxMail opening = club.mails(other).get(0);

        club.service.resendLast(carol.id());

        OutboxMail copy = club.mails(other).get(club.mails(other).size() - 1);
        assertEquals(opening.messageId(), copy.inReplyTo());
        assertEquals(List.of(opening.messageId()), copy.references());
        assertNotEquals(opening.messageId(), copy.messageId());
    }
}
