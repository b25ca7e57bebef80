package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.epistle.core.games.desk.DeskGame;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.StatementContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a desk costs the database: its games are read together, so a desk of eight games asks as many statements as
 * a desk of two, reads no game's turns one game at a time and replays none; and what it shows (whose move, the
 * turn, the deadline with leave and extra time) is what the game itself, loaded whole and replayed, shows.
 */
class DeskReadsTest {
    static final Instant MONDAY_NOON = Instant.parse("2024-05-06T12:00:00Z");

    @TempDir
    Path dir;
    Database db;
    org.epistle.core.testing.MovedClock clock;
    GameService service;
    final List<String> statements = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        db = org.epistle.core.testing.TestDatabase.in(dir).open();
        clock = new org.epistle.core.testing.MovedClock(MONDAY_NOON);
        service = new GameService(db, Club.IDENTITY, ServerKey.inDirectory(dir), clock, new DaysPerMove(3));
    }

    @AfterEach
    void close() {
        db.close();
    }

    private CreatedGame game(String variant, String white, String black) {
        return service.create(new NewGame(variant, new Contact(white, white.toLowerCase() + "@example.org"),
                new Contact(black, black.toLowerCase() + "@example.org")));
    }

    private void play(CreatedGame game, Side side, String turn) {
        Result r = service.handle(service.seat(game.gameId(), game.token(side)).orElseThrow(), CommandParser.parse(turn),
                turn, Optional.empty());
        assertTrue(r.effect() == Result.Effect.TURN_PLAYED || r.effect() == Result.Effect.LINE_CHANGED
                || r.effect() == Result.Effect.RESIGNED, r.outcome());
    }

    private long carol() {
        return service.players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow().id();
    }

    /** Carol's desk, and the statements it ran. */
    private List<DeskGame> countedDesk() {
        long carol = carol();
        statements.clear();
        db.jdbi().setSqlLogger(new SqlLogger() {
            @Override
            public void logAfterExecution(StatementContext context) {
                statements.add(context.getRenderedSql());
            }
        });
        try {
            return service.desk(carol);
        } finally {
            db.jdbi().setSqlLogger(SqlLogger.NOP_SQL_LOGGER);
        }
    }

    /** Carol plays {@code count} games more, on either side, some with turns played. */
    private List<CreatedGame> carolPlays(int count, int from) {
        List<CreatedGame> games = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            CreatedGame g = i % 2 == 0 ? game("chess", "Carol", "Opponent" + i) : game("chess", "Opponent" + i, "Carol");
            for (String turn : List.of("e4", "e5", "Nf3").subList(0, i % 4)) {
                play(g, service.view(g.gameId()).position().sideToMove(), turn);
            }
            games.add(g);
        }
        return games;
    }

    @Test
    void given_a_player_with_eight_games_then_the_desk_asks_as_many_statements_as_with_two() {
        carolPlays(2, 0);
        assertEquals(2, countedDesk().size());
        List<String> ofTwo = List.copyOf(statements);

        carolPlays(6, 2);
        assertEquals(8, countedDesk().size());

        assertEquals(ofTwo.size(), statements.size(), "two games: " + ofTwo + "\neight games: " + statements);
        assertTrue(statements.stream().noneMatch(sql -> sql.contains("game_id = ") || sql.contains("FROM games WHERE id = ")),
                "no statement for one game alone: " + statements);
    }

    @Test
    void given_no_running_game_then_the_desk_reads_the_player_and_the_running_games_only() {
        CreatedGame g = game("chess", "Carol", "Dave");
        play(g, Side.WHITE, "resign");

        assertEquals(List.of(), countedDesk());
        assertEquals(2, statements.size(), statements.toString());
    }

    @Test
    void what_the_desk_shows_is_what_the_game_replayed_shows_with_leave_extra_time_a_line_and_two_moves_a_turn() {
        CreatedGame marseillais = game("marseillais", "Carol", "Dave");
        play(marseillais, Side.WHITE, "e4/d4");
        play(marseillais, Side.BLACK, "e5/d5");                 // two moves a turn: White's second turn
        CreatedGame chess = game("chess", "Erin", "Carol");
        play(chess, Side.WHITE, "e4");
        clock.move(Duration.ofHours(5));
        play(chess, Side.BLACK, "e5");
        play(chess, Side.BLACK, "if Nf3 then Nc6");              // Carol's line in the game Erin is to move in
        service.grantExtraTime(chess.gameId(), Side.BLACK, Duration.ofDays(2), "a storm");
        Result leave = service.handle("erin@example.org", new org.epistle.core.games.clock.CalendarCommand.BookLeave("2024-05-08 2024-05-09"), Optional.empty());
        assertEquals(Result.Effect.PLAYER_CHANGED, leave.effect(), leave.outcome());
        clock.move(Duration.ofHours(3));

        List<DeskGame> desk = service.desk(carol());

        assertEquals(2, desk.size());
        DeskGame withLine = desk.stream().filter(g -> g.gameId() == chess.gameId()).findFirst().orElseThrow();
        assertEquals(1, withLine.line().size(), withLine.toString());
        assertTrue(withLine.line().get(0).contains("Nf3") && withLine.line().get(0).contains("Nc6"), withLine.toString());
        for (DeskGame shown : desk) {
            TimedGame whole = service.findWithClock(shown.gameId()).orElseThrow();
            Side toMove = whole.game().position().sideToMove();
            assertEquals(whole.game().position().turnNumber(), shown.turnNumber(), shown.toString());
            assertEquals(whole.game().player(toMove).name().equals("Carol"), shown.yourMove(), shown.toString());
            assertEquals(whole.clock().deadlineAt(), shown.due(), shown.toString());
            assertTrue(shown.due().isPresent(), shown.toString());
        }
    }
}
