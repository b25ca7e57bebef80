package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.epistle.core.games.clock.ClockSettings;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.testing.MovedClock;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.StatementContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a clock job reads: a reminder reads the game's extra time and the players' leave once, for its decision and its mail. */
class ClockJobReadsTest {
    @TempDir
    Path dir;
    Club club;
    final MovedClock clock = new MovedClock(Club.NOW);
    final List<String> statements = new CopyOnWriteArrayList<>();
    GameService service;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        service = new GameService(club.db, Club.IDENTITY, club.key, clock, DaysPerMove.NONE, ClockSettings.DEFAULTS);
    }

    @AfterEach
    void close() {
        club.close();
    }

    long reads(String table) {
        return statements.stream().filter(sql -> sql.contains("FROM " + table)).count();
    }

    @Test
    void given_half_the_time_used_when_the_reminder_falls_due_then_extra_time_and_leave_are_read_once() {
        CreatedGame game = service.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                new Contact("Bob", "bob@example.org")).withTimeControl(TimeControl.parse("3d")));
        clock.set(Club.NOW.plus(Duration.ofHours(36))); // half of White's three days used
        club.db.jdbi().setSqlLogger(new SqlLogger() {
            @Override
            public void logAfterExecution(StatementContext context) {
                statements.add(context.getRenderedSql());
            }
        });

        assertEquals(1, service.tick(), "the half-time reminder was the one job due");

        List<OutboxMail> reminders = service.outbox().ofGame(game.gameId()).stream()
                .filter(m -> m.kind() == MailKind.CLOCK_NOTICE).toList();
        assertEquals(1, reminders.size(), "White is reminded");
        assertEquals("alice@example.org", reminders.get(0).toAddress());
        assertEquals("Reminder: 1 day 12 hours left", reminders.get(0).model().get("headline"));
        assertEquals(Club.NOW.plus(Duration.ofDays(3)).toString(), reminders.get(0).model().get("deadlineAt"),
                "the mail shows the clock the job read");
        assertTrue(String.valueOf(reminders.get(0).model().get("clock")).contains("Bob"), reminders.get(0).model().toString());
        assertEquals(1, reads("extra_time"), statements.toString());
        assertEquals(1, reads("leave_periods"), statements.toString());
        assertEquals(1, statements.stream().filter(sql -> sql.startsWith("SELECT time_zone FROM players")).count(),
                "the player's time zone read once, for the notice and the mail's deadline alike: " + statements);
        assertTrue(String.valueOf(reminders.get(0).model().get("explanation")).endsWith("please play by "
                + reminders.get(0).model().get("deadline") + "."), reminders.get(0).model().toString());
    }
}
