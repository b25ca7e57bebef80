package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game service keeps the games it read or changed, and must still see every change made elsewhere: by a
 * second process on the same database (here a second service), which it knows of only through the row.
 */
class KeptGamesTest {
    @TempDir
    Path dir;
    Club club;
    GameService elsewhere;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        elsewhere = new GameService(club.db, Club.IDENTITY, club.key, Clock.fixed(Club.NOW, ZoneOffset.UTC));
    }

    @AfterEach
    void close() {
        club.close();
    }

    private Result play(GameService service, CreatedGame game, org.epistle.core.rules.board.Side side, String line) {
        Seat seat = service.seat(game.gameId(), game.token(side)).orElseThrow();
        return service.handle(seat, CommandParser.parse(line), line, Optional.empty());
    }

    @Test
    void turns_played_by_another_process_are_seen_by_the_next_command() {
        CreatedGame game = club.chess();
        assertEquals(Result.Effect.TURN_PLAYED, play(club.service, game, WHITE, "e4").effect());  // kept here
        assertEquals(Result.Effect.TURN_PLAYED, play(elsewhere, game, BLACK, "e5").effect());     // not known here

        Result next = play(club.service, game, WHITE, "Nf3");

        assertEquals(Result.Effect.TURN_PLAYED, next.effect(), next.outcome());
        assertEquals(List.of("1. e4", "1... e5", "2. Nf3"), club.service.view(game.gameId()).history());
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                org.epistle.core.rules.position.Fen.write(club.service.view(game.gameId()).position()));
    }

    @Test
    void a_draw_offer_made_elsewhere_is_seen_though_no_turn_was_played() {
        CreatedGame game = club.chess();
        club.service.view(game.gameId());                                                          // kept here
        assertEquals(Result.Effect.DRAW_OFFERED, play(elsewhere, game, BLACK, "draw").effect());

        assertEquals(Result.Effect.DRAW_AGREED, play(club.service, game, WHITE, "accept").effect());
        assertEquals(Optional.of("1/2-1/2"), club.service.view(game.gameId()).result());
    }
}
