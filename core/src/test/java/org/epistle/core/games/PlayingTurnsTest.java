package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.variant.Ruleset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayingTurnsTest {
    @TempDir
    Path dir;
    Club club;

    @BeforeEach
    void open() {
        club = Club.in(dir);
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void an_accepted_turn_is_sent_to_both_players_in_the_games_notation() {
        CreatedGame game = club.chess();

        Result r = club.play(game, WHITE, "Ng1-f3");

        assertEquals(Result.Effect.TURN_PLAYED, r.effect());
        List<OutboxMail> mails = club.mailsAfter(game, 2);
        assertEquals(List.of(MailKind.TURN_ACCEPTED, MailKind.TURN_ACCEPTED), mails.stream().map(OutboxMail::kind).toList());
        assertEquals(List.of("alice@example.org", "bob@example.org"), mails.stream().map(OutboxMail::toAddress).toList());
        Map<String, Object> toBob = mails.get(1).model();
        assertEquals(Map.of("number", 1, "side", "White", "by", "Alice", "notation", "Nf3"), toBob.get("playedTurn"));
        assertEquals(List.of(Map.of("from", "g1", "to", "f3")), toBob.get("moved"));
        assertEquals("Black", toBob.get("sideToMove"));
        assertEquals(true, toBob.get("yourTurn"));
        assertEquals("[Epistle] Game " + game.gameId() + " · Chess · Alice v Bob [g" + game.gameId() + "."
                + game.blackToken() + "]", mails.get(1).subject());
        assertEquals("Alice played Nf3 — your move, turn 1", toBob.get("headline"));
        assertEquals("You played Nf3 — Bob to move, turn 1", mails.get(0).model().get("headline"));
        TurnRecord stored = club.view(game).turns().get(0);
        assertEquals("Ng1-f3", stored.rawText());
        assertEquals("Nf3", stored.notation());
        assertEquals(Club.NOW, stored.playedAt());
    }

    @Test
    void fools_mate_ends_the_game_0_1_with_a_game_over_mail_to_both() {
        CreatedGame game = club.chess();
        club.playAll(game, "f3", "e5", "g4");

        Result r = club.play(game, BLACK, "Qh4");

        assertEquals(Result.Effect.TURN_PLAYED, r.effect());
        assertEquals("turn 2... Qh4# played; Black wins by checkmate.", r.outcome());
        GameView view = club.view(game);
        assertEquals(GameState.FINISHED, view.state());
        assertEquals("0-1", view.result().orElseThrow());
        assertEquals("checkmate", view.termination().orElseThrow());
        List<OutboxMail> last = club.mailsAfter(game, 2 + 3 * 2);
        assertEquals(List.of(MailKind.GAME_OVER, MailKind.GAME_OVER), last.stream().map(OutboxMail::kind).toList());
        Map<String, Object> model = last.get(0).model();
        assertEquals("Black wins by checkmate.", model.get("ending"));
        assertEquals(true, model.get("gameOver"));
        assertEquals(List.of("1. f3", "1... e5", "2. g4", "2... Qh4#"), model.get("history"));
        assertEquals("Game over: Bob played Qh4# — Black wins by checkmate.", model.get("headline"));
        assertEquals(club.mails(game).get(0).subject(), last.get(0).subject());
    }

    @Test
    void an_illegal_turn_is_explained_to_its_sender_only_and_changes_nothing() {
        CreatedGame game = club.chess();
        String fenBefore = Fen.write(club.view(game).position());

        Result r = club.play(game, WHITE, "Bf1-c4");

        assertEquals(Result.Effect.TURN_REFUSED, r.effect());
        List<OutboxMail> mails = club.mailsAfter(game, 2);
        assertEquals(1, mails.size());
        OutboxMail rejection = mails.get(0);
        assertEquals(MailKind.TURN_REJECTED, rejection.kind());
        assertEquals("alice@example.org", rejection.toAddress());
        Map<String, Object> model = rejection.model();
        assertEquals("path-blocked", model.get("reason"));
        assertEquals("The path from f1 to c4 is blocked by the white pawn on e2.", model.get("explanation"));
        assertEquals("Bf1-c4", model.get("rawText"));
        assertEquals("Bf1-c4", model.get("notAccepted"));
        assertTrue(((List<?>) model.get("marked")).contains("e2"), model.get("marked").toString());
        assertTrue(((List<?>) model.get("diagram")).stream().anyMatch(line -> line.toString().contains("[P]")));
        assertEquals(0, club.view(game).turns().size());
        assertEquals(fenBefore, Fen.write(club.view(game).position()));
    }

    @Test
    void a_turn_that_answers_an_old_turn_number_is_refused_politely() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5", "Nf3", "Nc6");

        Result r = club.play(game, WHITE, "#2 Bc4");

        assertEquals(Result.Effect.TURN_REFUSED, r.effect());
        Map<String, Object> model = club.mailsAfter(game, 10).get(0).model();
        assertEquals("stale-turn-number", model.get("reason"));
        assertEquals("Your mail answers turn 2, an earlier position: the game is now at turn 3, White to move, so your turn was"
                + " not played.", model.get("explanation"));
        assertEquals("The board below shows the game as it is now, at turn 3: choose your turn for this position and reply"
                + " with it.", model.get("hint"));
        assertEquals(4, club.view(game).turns().size());
    }

    @Test
    void a_turn_that_names_the_current_turn_number_is_played() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5");

        assertEquals(Result.Effect.TURN_PLAYED, club.play(game, WHITE, "Nf3 #2").effect());
        assertEquals(Result.Effect.TURN_PLAYED, club.play(game, BLACK, "#2 Nc6").effect());
    }

    @Test
    void a_turn_sent_again_after_it_was_played_is_refused_as_stale() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4");

        Result r = club.play(game, WHITE, "#1 e4");

        assertEquals(Result.Effect.TURN_REFUSED, r.effect());
        assertEquals("stale-turn-number", club.mailsAfter(game, 4).get(0).model().get("reason"));
        assertEquals(1, club.view(game).turns().size());
    }

    @Test
    void a_player_who_is_not_to_move_is_told_so() {
        CreatedGame game = club.chess();

        Result r = club.play(game, BLACK, "e5");

        assertEquals(Result.Effect.TURN_REFUSED, r.effect());
        OutboxMail refusal = club.mailsAfter(game, 2).get(0);
        assertEquals("bob@example.org", refusal.toAddress());
        assertEquals("not-your-turn", refusal.model().get("reason"));
        assertEquals("It is White's turn (turn 1), not yours.", refusal.model().get("explanation"));
        assertEquals(1, club.mailsAfter(game, 2).size());
        assertEquals(0, club.view(game).turns().size());
    }

    @Test
    void a_turn_after_the_end_is_refused() {
        CreatedGame game = club.chess();
        club.playAll(game, "f3", "e5", "g4", "Qh4#");

        Result r = club.play(game, WHITE, "e4");

        assertEquals(Result.Effect.TURN_REFUSED, r.effect());
        assertEquals("The game is over: 0-1 (checkmate).", club.mails(game).get(club.mails(game).size() - 1).model().get("explanation"));
        assertEquals(4, club.view(game).turns().size());
    }

    @Test
    void a_turn_refused_from_the_page_is_told_on_the_page_in_its_words_and_mails_nobody() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4");

        Result illegal = club.service.handleFromPage(club.seat(game, BLACK), CommandParser.parse("Bc5"), "Bc5");
        Result stale = club.service.handleFromPage(club.seat(game, BLACK),
                new Command.Move("e5", java.util.OptionalInt.of(0)), "e5");
        Result noOffer = club.service.handleFromPage(club.seat(game, BLACK), new Command.AcceptDraw(), "accept");

        assertEquals(Result.Effect.TURN_REFUSED, illegal.effect());
        assertEquals("Bc5", illegal.refusal().orElseThrow().notAccepted());
        assertEquals("stale-turn-number", stale.refusal().orElseThrow().reason());
        for (Result r : List.of(illegal, stale, noOffer)) {
            Refusal why = r.refusal().orElseThrow();
            String words = why.explanation() + " " + why.hint();
            assertFalse(words.contains("mail answers") || words.contains("#") || words.contains("reply"), words);
        }
        assertEquals(4, club.mails(game).size(), "no mail for a refusal on the page");
        assertEquals(1, club.view(game).turns().size());
    }

    @Test
    void a_marseillais_turn_is_two_moves() {
        CreatedGame game = club.game("marseillais");

        club.playAll(game, "e4/d4", "e5/exd4", "Qxd4/Nf3");

        GameView view = club.view(game);
        assertEquals(List.of("1. e4/d4", "1... e5/exd4", "2. Qxd4/Nf3"), view.history());
        assertEquals(BLACK, view.position().sideToMove());
        assertEquals(2, view.position().turnNumber());
        OutboxMail toBlack = club.mails(game).get(club.mails(game).size() - 1);
        assertEquals(List.of(Map.of("from", "d1", "to", "d4"), Map.of("from", "g1", "to", "f3")), toBlack.model().get("moved"));
        assertEquals("[Epistle] Game " + game.gameId() + " · Marseillais · Alice v Bob [g" + game.gameId()
                + "." + game.blackToken() + "]", toBlack.subject());
        assertEquals("Alice played Qxd4/Nf3 — your move, turn 2", toBlack.model().get("headline"));
    }

    @Test
    void a_marseillais_turn_of_one_move_is_refused_with_the_referees_reason() {
        CreatedGame game = club.game("marseillais");

        club.play(game, WHITE, "e4");

        Map<String, Object> model = club.mailsAfter(game, 2).get(0).model();
        assertEquals("too-few-moves", model.get("reason"));
        assertEquals("This turn of Marseillais Chess has 2 moves; you sent 1.", model.get("explanation"));
        assertTrue(((String) model.get("hint")).startsWith("Add the missing move, for example e4/"), model.get("hint").toString());
    }

    @Test
    void replaying_the_stored_turns_gives_the_cached_position() {
        CreatedGame game = club.game("marseillais");
        club.playAll(game, "e4/d4", "e5/exd4", "Qxd4/Nf3", "Nc6/Nf6", "Qe3/Bc4");

        GameView view = club.view(game);
        var replayed = Replayer.fromStart(game.gameId(), new Ruleset(view.variant(), view.whiteArmy(), view.blackArmy()), view.turns());
        String cached = club.db.jdbi().withHandle(h -> h.createQuery("SELECT fen FROM games WHERE id = :id")
                .bind("id", game.gameId()).mapTo(String.class).one());
        assertEquals(cached, Fen.write(replayed.position()));
        assertEquals(cached, view.turns().get(view.turns().size() - 1).fenAfter());
        assertEquals(cached, Fen.write(view.position()));
    }

    @Test
    void a_second_service_over_the_same_database_sees_the_same_game() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "c5");
        var other = new GameService(club.db, Club.IDENTITY, club.key, java.time.Clock.systemUTC());

        assertEquals(Fen.write(club.view(game).position()), Fen.write(other.view(game.gameId()).position()));
        assertEquals(Result.Effect.TURN_PLAYED,
                other.handle(club.seat(game, WHITE), CommandParser.parse("Nf3"), "Nf3", java.util.Optional.empty()).effect());
        assertEquals(List.of("1. e4", "1... c5", "2. Nf3"), club.view(game).history());
    }
}
