package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.epistle.core.games.conditional.ConditionalLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Conditional moves through the game service, as a mail's command arrives. */
class ConditionalLinesTest {
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

    private List<String> notations(CreatedGame game) {
        return club.view(game).turns().stream().map(TurnRecord::notation).toList();
    }

    private ConditionalLine line(CreatedGame game, org.epistle.core.rules.board.Side side) {
        return club.service.conditionalLine(game.gameId(), side);
    }

    @Test
    void a_line_is_kept_in_canonical_notation_and_its_owner_is_told() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5");
        int before = club.mails(game).size();

        Result r = club.play(game, BLACK, "if Ng1-f3 then Nb8-c6 if Bb5 then a6");

        assertEquals(Result.Effect.LINE_CHANGED, r.effect(), r.outcome());
        assertEquals(List.of(new ConditionalLine.Pair("Nf3", "Nc6"), new ConditionalLine.Pair("Bb5", "a6")), line(game, BLACK).pairs());
        List<OutboxMail> told = club.mailsAfter(game, before);
        assertEquals(1, told.size());
        assertEquals(MailKind.CONDITIONAL_LINE, told.get(0).kind());
        assertEquals("bob@example.org", told.get(0).toAddress());
        assertEquals(List.of("if Nf3 then Nc6", "if Bb5 then a6"), told.get(0).model().get("line"));
    }

    @Test
    void the_expected_turn_is_answered_at_once_and_the_rest_of_the_line_waits() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5", "Nf3");
        club.play(game, WHITE, "if Nc6 then Bb5 if a6 then Ba4");

        Result r = club.play(game, BLACK, "Nb8-c6");

        assertEquals(Result.Effect.TURN_PLAYED, r.effect());
        assertTrue(r.outcome().contains("White's conditional line"), r.outcome());
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5"), notations(game));
        assertEquals(BLACK, club.view(game).position().sideToMove());
        assertEquals(List.of(new ConditionalLine.Pair("a6", "Ba4")), line(game, WHITE).pairs());
        assertEquals("if Nc6 then Bb5", club.view(game).turns().get(4).rawText(), "the record says where the turn came from");

        club.play(game, BLACK, "a6");

        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"), notations(game));
        assertTrue(line(game, WHITE).isEmpty());
    }

    @Test
    void another_turn_cancels_the_whole_line_and_its_owner_is_told() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5");
        club.play(game, BLACK, "if Nf3 then Nc6 if Bb5 then a6");
        int before = club.mails(game).size();

        club.play(game, WHITE, "Nc3");

        assertEquals(List.of("e4", "e5", "Nc3"), notations(game));
        assertTrue(line(game, BLACK).isEmpty());
        OutboxMail told = club.mailsAfter(game, before).stream().filter(m -> m.kind() == MailKind.CONDITIONAL_LINE)
                .findFirst().orElseThrow();
        assertEquals("bob@example.org", told.toAddress());
        assertTrue(String.valueOf(told.model().get("lineNote")).contains("Alice played Nc3, not Nf3"), told.model().toString());
    }

    @Test
    void whole_turns_of_a_multi_move_variant_are_expected_and_answered() {
        CreatedGame game = club.game("marseillais");
        Result early = club.play(game, WHITE, "if e5/d5 then Nf3/Nc3");
        assertEquals(Result.Effect.REFUSED, early.effect(), "it is White's turn: a line answers the opponent's next turn");
        assertTrue(line(game, WHITE).isEmpty());

        Result queued = club.play(game, BLACK, "if e2-e4/d2-d4 then e7-e5/d7-d5");
        assertEquals(Result.Effect.LINE_CHANGED, queued.effect(), queued.outcome());

        club.play(game, WHITE, "e4/d4");

        assertEquals(List.of("e4/d4", "e5/d5"), notations(game));
        assertEquals(WHITE, club.view(game).position().sideToMove());
    }

    @Test
    void a_pair_that_cannot_be_played_is_refused_and_nothing_changes() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5");
        club.play(game, BLACK, "if Nf3 then Nc6");

        for (String bad : List.of("if Nf6 then Nc6", "if Nf3 then Nc5", "if Nf3 Nc6", "if then", "if Nf3 then Nc6 and so on")) {
            int before = club.mails(game).size();
            Result r = club.play(game, BLACK, bad);

            assertEquals(Result.Effect.REFUSED, r.effect(), bad + ": " + r.outcome());
            List<OutboxMail> told = club.mailsAfter(game, before);
            assertEquals(1, told.size(), bad);
            assertEquals(MailKind.REFUSAL, told.get(0).kind());
            assertTrue(String.valueOf(told.get(0).model().get("reason")).startsWith("conditional-"), bad + ": " + told.get(0).model());
            assertEquals(List.of(new ConditionalLine.Pair("Nf3", "Nc6")), line(game, BLACK).pairs(), "unchanged after " + bad);
        }
        assertEquals(List.of("e4", "e5"), notations(game));
    }

    @Test
    void if_cancel_clears_the_line() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4", "e5");
        club.play(game, BLACK, "if Nf3 then Nc6");

        Result r = club.play(game, BLACK, "if cancel");

        assertEquals(Result.Effect.LINE_CHANGED, r.effect());
        assertTrue(line(game, BLACK).isEmpty());
        club.play(game, WHITE, "Nf3");
        assertEquals(List.of("e4", "e5", "Nf3"), notations(game), "nothing was answered");
    }
}
