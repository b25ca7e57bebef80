package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DrawsAndResignationTest {
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

    private List<MailKind> newMails(int before) {
        return club.mailsAfter(game, before).stream().map(OutboxMail::kind).toList();
    }

    private int mailCount() {
        return club.mails(game).size();
    }

    @Test
    void a_player_may_resign_at_any_time_and_the_opponent_wins() {
        int before = mailCount();

        Result r = club.play(game, BLACK, "Resign.");

        assertEquals(Result.Effect.RESIGNED, r.effect());
        assertEquals(List.of(MailKind.GAME_OVER, MailKind.GAME_OVER), newMails(before));
        assertEquals("Black resigned; White wins.", club.mails(game).get(before).model().get("ending"));
        List<?> diagram = (List<?>) club.mails(game).get(before).model().get("diagram");
        assertEquals("Game over: 1-0 (resignation).", diagram.get(diagram.size() - 1));
        GameView view = club.view(game);
        assertEquals(GameState.FINISHED, view.state());
        assertEquals("1-0", view.result().orElseThrow());
        assertEquals("resignation", view.termination().orElseThrow());
    }

    @Test
    void an_offered_draw_accepted_ends_the_game_drawn() {
        int before = mailCount();

        assertEquals(Result.Effect.DRAW_OFFERED, club.play(game, WHITE, "draw").effect());
        assertEquals(Side.WHITE, club.view(game).drawOfferedBy().orElseThrow());
        assertEquals(Result.Effect.DRAW_AGREED, club.play(game, BLACK, "accept").effect());

        assertEquals(List.of(MailKind.DRAW_OFFERED, MailKind.DRAW_OFFERED, MailKind.GAME_OVER, MailKind.GAME_OVER), newMails(before));
        assertTrue(club.mails(game).get(before + 1).model().get("instructions").toString().startsWith("White offers a draw: reply accept or decline."));
        assertEquals("1/2-1/2", club.view(game).result().orElseThrow());
        assertEquals("agreement", club.view(game).termination().orElseThrow());
    }

    @Test
    void a_declined_draw_is_no_longer_standing() {
        club.play(game, WHITE, "draw");
        int before = mailCount();

        assertEquals(Result.Effect.DRAW_DECLINED, club.play(game, BLACK, "decline").effect());

        assertEquals(List.of(MailKind.DRAW_DECLINED, MailKind.DRAW_DECLINED), newMails(before));
        assertTrue(club.view(game).drawOfferedBy().isEmpty());
        assertEquals(Result.Effect.REFUSED, club.play(game, BLACK, "accept").effect());
    }

    @Test
    void a_turn_by_the_opponent_lets_a_draw_offer_lapse_but_the_offerers_own_turn_does_not() {
        club.play(game, WHITE, "draw");
        club.play(game, WHITE, "Nf3");
        assertEquals(Side.WHITE, club.view(game).drawOfferedBy().orElseThrow());

        club.play(game, BLACK, "Nc6");

        assertTrue(club.view(game).drawOfferedBy().isEmpty());
    }

    @Test
    void a_turn_may_carry_a_draw_offer_which_the_opponents_mail_tells_and_which_may_be_accepted() {
        Result r = club.play(game, WHITE, "Nf3 draw");

        assertEquals(Result.Effect.TURN_PLAYED, r.effect(), r.outcome());
        assertEquals(java.util.Optional.of(WHITE), club.view(game).drawOfferedBy());
        List<OutboxMail> mails = club.mailsAfter(game, 6);
        assertEquals(List.of(MailKind.TURN_ACCEPTED, MailKind.TURN_ACCEPTED), mails.stream().map(OutboxMail::kind).toList());
        assertEquals("Alice played Nf3 and offers a draw — your move, turn 2", mails.get(1).model().get("headline"));
        assertEquals("You played Nf3 and offered a draw — Bob to move, turn 2", mails.get(0).model().get("headline"));
        assertEquals("White", mails.get(1).model().get("drawOfferedBy"));
        assertTrue(String.valueOf(mails.get(1).model().get("instructions")).startsWith("White offers a draw: reply accept or decline."));

        assertEquals(Result.Effect.DRAW_AGREED, club.play(game, BLACK, "accept").effect());
        assertEquals("1/2-1/2", club.view(game).result().orElseThrow());
    }

    @Test
    void an_illegal_turn_with_a_draw_offer_offers_nothing() {
        assertEquals(Result.Effect.TURN_REFUSED, club.play(game, WHITE, "Ke3 draw").effect());

        assertEquals(java.util.Optional.empty(), club.view(game).drawOfferedBy());
    }

    @Test
    void offering_a_draw_when_the_opponent_offered_one_agrees_to_it() {
        club.play(game, WHITE, "draw");

        assertEquals(Result.Effect.DRAW_AGREED, club.play(game, BLACK, "draw").effect());
        assertEquals("1/2-1/2", club.view(game).result().orElseThrow());
    }

    @Test
    void accepting_a_draw_nobody_offered_is_refused_to_the_sender_only() {
        int before = mailCount();

        Result r = club.play(game, BLACK, "accept");

        assertEquals(Result.Effect.REFUSED, r.effect());
        List<OutboxMail> mails = club.mailsAfter(game, before);
        assertEquals(1, mails.size());
        assertEquals(MailKind.REFUSAL, mails.get(0).kind());
        assertEquals("bob@example.org", mails.get(0).toAddress());
        assertEquals("There is no draw offer from White to accept.", mails.get(0).model().get("explanation"));
        assertEquals(GameState.ACTIVE, club.view(game).state());
    }

    @Test
    void a_second_offer_by_the_same_player_is_refused() {
        club.play(game, WHITE, "draw");

        assertEquals(Result.Effect.REFUSED, club.play(game, WHITE, "offer draw").effect());
    }

    @Test
    void resigning_a_finished_game_is_refused() {
        club.play(game, WHITE, "resign");

        Result r = club.play(game, BLACK, "resign");

        assertEquals(Result.Effect.REFUSED, r.effect());
        assertEquals("0-1", club.view(game).result().orElseThrow());
    }

    @Test
    void board_history_and_help_go_to_the_sender_only() {
        int before = mailCount();

        club.play(game, BLACK, "board");
        club.play(game, BLACK, "HISTORY");
        club.play(game, WHITE, "help");

        List<OutboxMail> mails = club.mailsAfter(game, before);
        assertEquals(List.of(MailKind.BOARD, MailKind.HISTORY, MailKind.HELP), mails.stream().map(OutboxMail::kind).toList());
        assertEquals(List.of("bob@example.org", "bob@example.org", "alice@example.org"), mails.stream().map(OutboxMail::toAddress).toList());
        assertEquals(List.of("1. e4", "1... e5"), mails.get(1).model().get("history"));
        assertTrue(mails.get(2).model().get("rulesSummary").toString().startsWith("The ordinary rules of chess."));
        assertTrue(mails.get(2).model().get("notationHelp").toString().contains("Nf3"));
        assertEquals(2, club.view(game).turns().size());
    }

    /** Ten turns of Italian Progressive, five each, by knights and rooks alone: no capture, no pawn move, no check. */
    static final String[] TEN_QUIET_TURNS = {"Nf3", "Nh6, Nc6", "Na3, Rb1, Rg1", "Rb8, Nf5, Ne5, Nh4",
            "Ra1, Nd4, Ndb5, Rh1, Rg1", "Nc4, Nf5, Ne5, Nc4, Ng3, Ra8", "Nd4, Nab5, Na3, Nc6, Nd4, Ne6, Nd4",
            "Ne3, Nd5, Nh1, Ng3, Nb4, Nh5, Na6, Nb4", "Rh1, Nf3, Nd4, Rg1, Nf3, Nd4, Nb1, Na3, Nf5",
            "Nf4, Nbd5, Ne6, Ne3, Nd5, Nf6, Nd5, Ng5, Rg8, Ne3"};

    @Test
    void in_italian_progressive_a_draw_may_be_claimed_after_five_quiet_turns_each_and_not_before() {
        CreatedGame italian = club.game("italian-progressive");
        club.playAll(italian, java.util.Arrays.copyOf(TEN_QUIET_TURNS, 9));
        int before = club.mails(italian).size();
        List<?> diagram = (List<?>) club.mails(italian).get(before - 1).model().get("diagram");
        assertTrue(diagram.contains("  9 of 10 turns in a row without a capture or a pawn move"), diagram.toString());

        assertEquals(Result.Effect.REFUSED, club.play(italian, BLACK, "claim").effect());
        OutboxMail refusal = club.mailsAfter(italian, before).get(0);
        assertEquals("bob@example.org", refusal.toAddress());
        assertEquals("There is no draw to claim: a draw may be claimed after 5 turns each (10 turns in a row) without a "
                + "capture or a pawn move; the last 9 turns had none.", refusal.model().get("explanation"));

        club.playAll(italian, TEN_QUIET_TURNS[9]);
        before = club.mails(italian).size();
        assertEquals(Result.Effect.DRAW_CLAIMED, club.play(italian, WHITE, "Claim a draw.").effect());

        List<OutboxMail> over = club.mailsAfter(italian, before);
        assertEquals(List.of(MailKind.GAME_OVER, MailKind.GAME_OVER), over.stream().map(OutboxMail::kind).toList());
        assertEquals("Drawn by claim after turns without a capture or a pawn move.", over.get(0).model().get("ending"));
        assertEquals("1/2-1/2", club.view(italian).result().orElseThrow());
    }

    @Test
    void a_pawn_move_starts_the_quiet_count_again() {
        CreatedGame italian = club.game("italian-progressive");
        club.playAll(italian, java.util.Arrays.copyOf(TEN_QUIET_TURNS, 9));
        club.playAll(italian, "Nf4, Nbd5, Ne6, Ne3, Nd5, Nf6, Nd5, Ng5, Rg8, e6");

        assertEquals(Result.Effect.REFUSED, club.play(italian, WHITE, "claim").effect());
        assertTrue(club.mails(italian).get(club.mails(italian).size() - 1).model().get("explanation").toString()
                .endsWith("the last turn had one."));
    }

    @Test
    void in_chess_a_draw_is_agreed_never_claimed() {
        int before = mailCount();

        assertEquals(Result.Effect.REFUSED, club.play(game, WHITE, "claim").effect());
        assertEquals("There is no draw to claim: in Chess a draw is never claimed, only agreed.",
                club.mailsAfter(game, before).get(0).model().get("explanation"));
        assertEquals(GameState.ACTIVE, club.view(game).state());
    }
}
