package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;

/**
 * A game without a clock keeps its public page with the game's version: shown again unchanged, the page costs one
 * query for the version; once a turn is played, the next view reads the game and shows that turn.
 */
class KeptGamePageTest extends SitePageTest {
    final List<String> statements = new CopyOnWriteArrayList<>();

    @Test void given_a_games_page_was_shown_when_nothing_changed_then_it_is_shown_again_after_one_query_for_its_version() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        HttpResponse<String> first = site.get("/games/" + game.gameId());
        site.logStatementsTo(statements);

        HttpResponse<String> again = site.get("/games/" + game.gameId());

        assertEquals(200, again.statusCode());
        assertEquals(first.body(), again.body());
        assertEquals(1, statements.size(), statements.toString());
        assertTrue(statements.get(0).startsWith("SELECT turns_played, state, draw_offered_by, updated_at FROM games"), statements.toString());
    }

    @Test void given_a_games_page_was_shown_when_the_next_turn_is_played_then_the_page_shows_it() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        HttpResponse<String> before = site.get("/games/" + game.gameId());
        assertTrue(before.body().contains("Black to move"), before.body());
        site.play(game, Side.BLACK, "e5");
        site.logStatementsTo(statements);

        HttpResponse<String> after = site.get("/games/" + game.gameId());

        assertEquals(200, after.statusCode());
        assertTrue(after.body().contains("White to move, turn 2"), after.body());
        assertTrue(after.body().contains("e5"), after.body());
        assertTrue(statements.size() > 1, "the kept page's version is old: the game is read again: " + statements);
    }
}
