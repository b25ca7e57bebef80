package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.time.Clock;
import java.util.Optional;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameService;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.Result;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.DaysPerMove;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleListener;
import org.jdbi.v3.core.Handles;
import org.junit.jupiter.api.Test;

/**
 * What a game page costs the database: one read transaction for the game's row (which gives the version a kept page
 * is for), then, unless a page is kept for that version, its turns and its clock, so the clock shown is the clock of
 * the game shown and the game's row is read once.
 */
class GamePageReadsTest extends SitePageTest {
    final AtomicInteger handles = new AtomicInteger();
    final List<String> statements = new CopyOnWriteArrayList<>();

    @Override
    Site open(Path dir) {
        return Site.start(dir, new DaysPerMove(3));
    }

    void count() {
        site.db.jdbi().getConfig(Handles.class).addListener(new HandleListener() {
            @Override
            public void handleCreated(Handle handle) {
                handles.incrementAndGet();
            }
        });
        site.logStatementsTo(statements);
    }

    long gameRowReads() {
        return statements.stream().filter(sql -> sql.contains("FROM games WHERE id = ")).count();
    }

    @Test void given_a_game_under_a_clock_its_public_page_reads_the_game_and_its_clock_in_one_transaction() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        count();

        HttpResponse<String> page = site.get("/games/" + game.gameId());

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("3 days a move"), "the clock is on the page");
        assertEquals(1, handles.get(), "one read for the version, the game and its clock: " + statements);
        assertEquals(1, gameRowReads(), "the game's row once, the version check with it: " + statements);
    }

    @Test void given_a_finished_games_page_was_shown_once_showing_it_again_reads_only_its_row() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        site.play(game, Side.BLACK, "resign");
        HttpResponse<String> first = site.get("/games/" + game.gameId());
        count();

        HttpResponse<String> again = site.get("/games/" + game.gameId());

        assertEquals(200, again.statusCode());
        assertEquals(first.body(), again.body(), "the page kept for the game's version");
        assertEquals(1, handles.get(), statements.toString());
        assertEquals(List.of(1L, 1L), List.of(gameRowReads(), (long) statements.size()),
                "the game's version, one row by its key, and nothing else: " + statements);
        assertTrue(statements.get(0).startsWith("SELECT turns_played, state, draw_offered_by, updated_at FROM games"),
                "not the row with its players, which only a page not kept needs: " + statements);
    }

    @Test void given_a_game_under_a_clock_with_extra_time_given_its_page_reads_the_extra_time_once_and_both_players_leave_in_one_statement() {
        CreatedGame game = site.chess();
        site.play(game, Side.WHITE, "e4");
        site.games.grantExtraTime(game.gameId(), Side.BLACK, java.time.Duration.ofDays(2), "a storm");
        count();

        HttpResponse<String> page = site.get("/games/" + game.gameId());

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("a storm"), "the grant is on the page, with its reason: " + page.body());
        assertEquals(1, statements.stream().filter(sql -> sql.contains("FROM extra_time")).count(),
                "the extra time read once, for the page's lines and the clock's arithmetic alike: " + statements);
        assertEquals(1, statements.stream().filter(sql -> sql.contains("FROM leave_periods")).count(),
                "the leave of both players in one statement: " + statements);
    }

    @Test void given_a_game_under_a_clock_a_players_page_reads_the_game_and_its_clock_in_one_transaction() {
        CreatedGame game = site.chess();
        String path = Site.playPath(game, Side.WHITE);
        assertEquals(200, site.get(path).statusCode()); // the seats are read once and kept
        count();

        HttpResponse<String> page = site.get(path);

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("3 days a move"), "the clock is on the page");
        assertEquals(1, handles.get(), "one read for the game and its clock: " + statements);
        assertEquals(1, gameRowReads(), "the game's row once: " + statements);
    }

    @Test void given_a_game_this_server_has_not_read_yet_its_page_reads_the_games_row_once_with_its_start_position() {
        // another instance on the same database made the game and played e4: this server knows nothing of it yet
        GameService other = new GameService(site.db, Site.IDENTITY, ServerKey.inDirectory(dir), Clock.systemUTC(), new DaysPerMove(3));
        CreatedGame game = other.create(new NewGame("chess", new Contact("Ann", "ann@example.org"), new Contact("Ben", "ben@example.org")));
        Result played = other.handle(other.seat(game.gameId(), game.token(Side.WHITE)).orElseThrow(), CommandParser.parse("e4"), "e4",
                Optional.empty());
        assertEquals(Result.Effect.TURN_PLAYED, played.effect(), played.outcome());
        count();

        HttpResponse<String> page = site.get("/games/" + game.gameId());

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Black to move, turn 1"), "the game read whole and replayed: " + page.body());
        assertEquals(1, gameRowReads(), "the game's row once, its start position with it: " + statements);
        assertEquals(0, statements.stream().filter(sql -> sql.startsWith("SELECT start_fen")).count(), statements.toString());
        assertEquals(0, statements.stream().filter(sql -> sql.contains("FROM players WHERE id")).count(),
                "the players this server had not met, read with the row: " + statements);
        assertTrue(page.body().contains("Ann") && page.body().contains("Ben"), "both players on the page: " + page.body());
    }
}
