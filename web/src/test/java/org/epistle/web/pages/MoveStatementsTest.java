package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;

/**
 * What a move sent with the form costs the database, statement by statement (issue 15's web throughput): the game
 * row read once and written once on its version, the turn, one read of the facts most turns find empty (the mover's
 * leave, the digest takers, the observers, the opponent's conditional line) and both notifications in one batch. The
 * move's own statements run on plain JDBC ({@code MoveRows}), which Jdbi's SqlLogger does not see, so the test counts
 * those too. A new statement in the move's transaction should be a decision, seen here.
 */
class MoveStatementsTest extends SitePageTest {
    final List<String> statements = new CopyOnWriteArrayList<>();

    @Test void given_a_game_when_black_sends_a_turn_with_the_form_then_the_move_runs_five_statements() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        Map<String, String> form = site.form(game, Side.BLACK, "e5");
        site.logStatementsTo(statements);

        HttpResponse<String> r = site.post(Site.playPath(game, Side.BLACK), form);

        assertEquals(303, r.statusCode(), r.body());
        assertEquals(5, statements.size(), String.join("\n", statements));
        assertEquals(1, statements.stream().filter(s -> s.startsWith("SELECT") && s.contains(" FROM games WHERE id = ")).count(),
                "the game row read once: " + statements);
        assertEquals(1, statements.stream().filter(s -> s.startsWith("UPDATE games ")).count(), "and written once: " + statements);
        assertTrue(statements.stream().anyMatch(s -> s.startsWith("INSERT INTO outbox ")), "both mails, in one batch: " + statements);
        assertEquals(1, statements.stream().filter(s -> s.contains("leave_periods") && s.contains("digest_subscriptions")
                && s.contains("observers") && s.contains("conditional_pairs")).count(), "the four facts in one read: " + statements);
    }
}
