package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameView;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench's set-based fill writes games the server can use: every game replays from its turns to the position
 * stored on its row, the active ones wait under a clock with their jobs planned, two different players sit at each
 * board, and the service goes on creating games after the bench's. On H2, and on PostgreSQL when a server is named.
 */
class ScaleFillTest {
    @TempDir
    Path dir;

    @Test void on_h2_the_filled_games_replay_to_their_stored_positions_and_the_active_ones_wait_under_a_clock() {
        try (TestDatabase scratch = TestDatabase.in(dir)) {
            Assumptions.assumeFalse(TestDatabase.isPostgres(), "the PostgreSQL run is the test below");
            filledGamesAreGames(scratch, dir);
        }
    }

    @Test void on_postgresql_the_filled_games_replay_to_their_stored_positions_and_the_active_ones_wait_under_a_clock() {
        Assumptions.assumeTrue(TestDatabase.hasPostgresServer(), "no PostgreSQL server named");
        try (TestDatabase scratch = TestDatabase.onPostgres(dir)) {
            filledGamesAreGames(scratch, dir);
        }
    }

    private static void filledGamesAreGames(TestDatabase scratch, Path dir) {
        int games = 3000;
        try (Database db = scratch.open()) {
            int turns = ScaleBench.fill(db, new ScaleBench.Options(games, 20, 40, 10, 10, null));
            assertEquals(games * 20, turns);
            Map<String, Object> counts = db.jdbi().withHandle(h -> h.createQuery("""
                    SELECT (SELECT COUNT(*) FROM games) AS games, (SELECT COUNT(*) FROM turns) AS turns,
                           (SELECT COUNT(*) FROM players) AS players,
                           (SELECT COUNT(*) FROM games WHERE state = 'ACTIVE') AS active,
                           (SELECT COUNT(*) FROM games WHERE white_player = black_player) AS alone,
                           (SELECT COUNT(*) FROM due_jobs) AS jobs,
                           (SELECT COUNT(*) FROM due_jobs WHERE status = 'PENDING') AS pending,
                           (SELECT COUNT(*) FROM games g WHERE g.last_turn_at <> (SELECT t.played_at FROM turns t
                                                                                 WHERE t.game_id = g.id AND t.seq = 20)) AS astray
                    """).mapToMap().one());
            assertEquals(games, number(counts, "games"));
            assertEquals(games * 20L, number(counts, "turns"));
            assertEquals(40L, number(counts, "players"));
            long active = number(counts, "active");
            assertTrue(active > games / 20 && active < games / 5, "about a tenth being played: " + active);
            assertEquals(0L, number(counts, "alone"), "two players at every board");
            assertEquals(3 * active, number(counts, "jobs"), "two reminders and a timeout for each game being played");
            assertTrue(number(counts, "pending") > 0, "jobs still to come");
            assertEquals(0L, number(counts, "astray"), "the last turn's time is kept on the row");

            GameService service = new GameService(db, new MailIdentity("moves@epistle.test", false, "http://127.0.0.1"),
                    ServerKey.inDirectory(dir),
                    Clock.systemUTC());
            for (long id : List.of(1L, 2L, 1777L, (long) games)) {
                GameView game = service.view(id); // replayed from its turns
                String stored = db.jdbi().withHandle(h -> h.createQuery("SELECT fen FROM games WHERE id = :id").bind("id", id)
                        .mapTo(String.class).one());
                assertEquals(stored, Fen.write(game.position()), "game " + id + " replays to its stored position");
                assertEquals(20, game.turns().size());
                assertTrue(game.state() == GameState.ACTIVE || game.state() == GameState.FINISHED);
            }
            long next = service.create(new NewGame("chess", new Contact("Ann", "ann@example.org"), new Contact("Ben", "ben@example.org")))
                    .gameId();
            assertEquals(games + 1L, next, "the service's ids go on after the bench's");
        }
    }

    private static long number(Map<String, Object> row, String column) {
        return ((Number) row.get(column)).longValue();
    }
}
