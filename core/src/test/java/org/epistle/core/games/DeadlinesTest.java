package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server that gives three days per move: every mail and view says by which day the side to move should play. */
class DeadlinesTest {
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
        service = new GameService(club.db, Club.IDENTITY, club.key, clock, new DaysPerMove(3));
    }

    @AfterEach
    void close() {
        club.close();
    }

    private CreatedGame game() {
        return service.create(new NewGame("chess", new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org")));
    }

    private Result play(CreatedGame game, Side side, String line) {
        Seat seat = service.seat(game.gameId(), game.token(side)).orElseThrow();
        return service.handle(seat, CommandParser.parse(line), line, Optional.empty());
    }

    private List<Object> deadlines(CreatedGame game, int skip) {
        List<OutboxMail> mails = service.outbox().ofGame(game.gameId());
        return mails.subList(skip, mails.size()).stream().map(m -> m.model().get("deadline")).toList();
    }

    @Test
    void the_opening_mails_give_white_three_days_from_the_start() {
        CreatedGame game = game();

        assertEquals(List.of("Saturday 4 May 2024, 12:00 UTC", "Saturday 4 May 2024, 12:00 UTC"), deadlines(game, 0));
        assertEquals(Optional.of(LocalDate.of(2024, 5, 4)), service.deadline(service.view(game.gameId())));
    }

    @Test
    void each_turn_gives_the_other_side_three_days_from_when_it_was_played_and_a_draw_offer_does_not() {
        CreatedGame game = game();
        now.set(Club.NOW.plus(Duration.ofDays(2)).plus(Duration.ofHours(13)));          // Saturday 4 May, 01:00
        play(game, Side.WHITE, "e4");
        assertEquals(List.of("Tuesday 7 May 2024, 01:00 UTC", "Tuesday 7 May 2024, 01:00 UTC"), deadlines(game, 2));

        now.set(now.get().plus(Duration.ofDays(1)));
        play(game, Side.WHITE, "draw");                                                    // the clock of Black's turn runs on
        assertEquals(Optional.of(LocalDate.of(2024, 5, 7)), service.deadline(service.view(game.gameId())));
    }

    @Test
    void an_ended_game_has_no_deadline() {
        CreatedGame game = game();
        play(game, Side.BLACK, "resign");

        assertEquals(List.of("", ""), deadlines(game, 2));
        assertEquals(Optional.empty(), service.deadline(service.view(game.gameId())));
    }

    @Test
    void without_days_per_move_there_is_no_deadline_and_the_days_are_bounded() {
        CreatedGame game = club.chess();

        assertEquals("", club.mails(game).get(0).model().get("deadline"));
        assertThrows(IllegalArgumentException.class, () -> new DaysPerMove(-1));
        assertThrows(IllegalArgumentException.class, () -> new DaysPerMove(366));
    }
}
