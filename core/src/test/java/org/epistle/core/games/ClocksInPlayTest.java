package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.epistle.core.games.clock.ClockHistory;
import org.epistle.core.games.clock.ClockSettings;
import org.epistle.core.games.clock.CalendarCommand;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clock of stored games, through the game service, with a clock the test moves. */
class ClocksInPlayTest {
    @TempDir
    Path dir;
    Club club;
    final AtomicReference<Instant> now = new AtomicReference<>(Club.NOW); // Wednesday 1 May 2024, 12:00 UTC
    GameService service;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        Clock clock = new Clock() {
            @Override public ZoneId getZone() { return ZoneOffset.UTC; }
            @Override public Clock withZone(ZoneId zone) { return this; }
            @Override public Instant instant() { return now.get(); }
        };
        service = new GameService(club.db, Club.IDENTITY, club.key, clock, DaysPerMove.NONE, ClockSettings.DEFAULTS);
    }

    @AfterEach
    void close() {
        club.close();
    }

    CreatedGame game(String variant, String control) {
        return service.create(new NewGame(variant, new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org"))
                .withTimeControl(TimeControl.parse(control)));
    }

    Result play(CreatedGame game, Side side, String line) {
        Seat seat = service.seat(game.gameId(), game.token(side)).orElseThrow();
        return service.handle(seat, CommandParser.parse(line), line, Optional.empty());
    }

    Optional<Instant> deadline(CreatedGame game) {
        return service.clock(service.view(game.gameId())).deadlineAt();
    }

    @Test
    void in_quest_chess_a_segment_that_stops_for_an_answer_and_the_answer_complete_no_turn() {
        CreatedGame game = game("quest", "10d+1d/20d");
        play(game, Side.WHITE, "e4, Nf3, Bc4, d4, O-O");
        play(game, Side.BLACK, "e5, Nc6, d6, Bg4, Nf6, Be7, O-O, a6, h6, Re8");
        play(game, Side.WHITE, "dxe5");
        play(game, Side.BLACK, "Nxe5");
        List<TurnRecord> turns = service.view(game.gameId()).turns();
        assertEquals(4, turns.size(), turns.toString());
        List<ClockHistory.Handover> seen = turns.stream().map(ClockKeeper::handover).toList();
        assertEquals(Optional.of(Side.WHITE), seen.get(0).turnEndedBy(), "White's whole first turn");
        assertEquals(Optional.of(Side.BLACK), seen.get(1).turnEndedBy(), "Black's whole first turn");
        assertEquals(new ClockHistory.Handover(turns.get(2).playedAt(), Side.BLACK, Optional.empty()), seen.get(2),
                "dxe5 stops for Black's answer: White's turn goes on");
        assertEquals(new ClockHistory.Handover(turns.get(3).playedAt(), Side.WHITE, Optional.empty()), seen.get(3),
                "the answer hands the move back to White and completes no turn of Black's");
    }

    @Test
    void extra_time_moves_the_deadline_and_both_players_are_told() {
        CreatedGame game = game("chess", "3d");
        assertEquals(Optional.of(Club.NOW.plus(Duration.ofDays(3))), deadline(game));

        now.set(Club.NOW.plus(Duration.ofDays(1)));
        service.grantExtraTime(game.gameId(), Side.WHITE, Duration.ofDays(2).plusHours(6), "the post was on strike");
        assertEquals(Optional.of(Club.NOW.plus(Duration.ofDays(5).plusHours(6))), deadline(game));
        List<OutboxMail> told = service.outbox().ofGame(game.gameId()).stream().filter(m -> m.kind() == MailKind.CLOCK_NOTICE).toList();
        assertEquals(2, told.size());
        assertEquals("The admin gave White (Alice) 2 days 6 hours more in this game. The admin's reason: the post was on strike",
                told.get(0).model().get("explanation"));
        assertTrue(service.clock(service.view(game.gameId())).extraTime().get(0).startsWith("2 days 6 hours given to White (Alice)"));

        assertThrows(IllegalArgumentException.class, () -> service.grantExtraTime(game.gameId(), Side.BLACK, Duration.ofDays(1), " "));
        CreatedGame untimed = game("chess", "none");
        assertThrows(IllegalArgumentException.class,
                () -> service.grantExtraTime(untimed.gameId(), Side.WHITE, Duration.ofDays(1), "why not"));
    }

    @Test
    void a_turn_that_comes_after_the_deadline_finds_the_game_lost_on_time() {
        CreatedGame game = game("chess", "1d");
        now.set(Club.NOW.plus(Duration.ofDays(1)).plusSeconds(1)); // before the scheduler's tick saw it
        Result late = play(game, Side.WHITE, "e4");
        assertEquals(Result.Effect.TIME_FORFEIT, late.effect());
        GameView view = service.view(game.gameId());
        assertEquals(Optional.of("0-1"), view.result());
        assertEquals(Optional.of("time forfeit"), view.termination());
        assertEquals(0, view.turns().size(), "the late turn is not played");
        assertEquals(0, service.tick(), "the timeout job was voided with the game");
    }

    @Test
    void deadlines_are_shown_in_the_players_own_zone_too() {
        CreatedGame game = game("chess", "3d");
        Result set = service.handle("alice@example.org", new CalendarCommand.SetTimeZone("Europe/Paris"), Optional.empty());
        assertEquals(Result.Effect.PLAYER_CHANGED, set.effect());
        play(game, Side.WHITE, "e4");
        play(game, Side.BLACK, "e5");
        OutboxMail toAlice = service.outbox().ofGame(game.gameId()).stream()
                .filter(m -> m.toAddress().equals("alice@example.org")).reduce((a, b) -> b).orElseThrow();
        assertEquals("Saturday 4 May 2024, 12:00 UTC (Saturday 4 May 2024, 14:00 in Europe/Paris)", toAlice.model().get("deadline"));
        assertEquals(Result.Effect.REFUSED, service.handle("alice@example.org", new CalendarCommand.SetTimeZone("CET+1"), Optional.empty()).effect());
        assertEquals(Result.Effect.REFUSED, service.handle("mallory@example.org", new CalendarCommand.CancelLeave(), Optional.empty()).effect());
    }
}
