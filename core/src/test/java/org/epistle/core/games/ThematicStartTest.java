package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.archive.PgnExport;
import org.epistle.core.games.archive.PgnWriter;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.position.Fen;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament's thematic start is where its games begin, and where their turns are judged from: after a turn,
 * after a restart (nothing remembered), and in the record, which names the start with SetUp and FEN.
 */
class ThematicStartTest {
    /** The Ruy Lopez after 3.Bb5, Black to move. */
    static final String RUY_LOPEZ = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

    @TempDir Path dir;
    Club club;

    @BeforeEach void open() {
        club = Club.in(dir);
    }

    @AfterEach void close() {
        club.close();
    }

    @Test void games_of_a_thematic_tournament_are_played_and_replayed_from_its_position() {
        TournamentService tournaments = club.service.tournaments();
        long id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Ruy Lopez theme", "chess", TournamentKind.ROUND_ROBIN)
                .withStartFen(RUY_LOPEZ))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(id, new Contact(name, address));
            assertTrue(tournaments.byMail(address, new TournamentService.EntryCommand(true, "Ruy Lopez theme"), Optional.empty()).isDone());
        }
        assertTrue(tournaments.start(id).isDone());
        long gameId = tournaments.view(id).orElseThrow().games().get(0).gameId();
        assertEquals(RUY_LOPEZ, Fen.write(club.service.view(gameId).position()));

        assertEquals(Result.Effect.TURN_PLAYED, play(club.service, gameId, Side.BLACK, "a6").effect());
        assertEquals(Result.Effect.TURN_PLAYED, play(club.service, gameId, Side.WHITE, "Ba4").effect());

        // a server started afresh remembers nothing and replays the stored turns from the thematic start
        GameService afresh = new GameService(club.db, Club.IDENTITY, club.key, Clock.fixed(Club.NOW, ZoneOffset.UTC));
        GameView game = afresh.view(gameId);
        assertEquals(Optional.of(RUY_LOPEZ), game.startFen());
        assertEquals(List.of("a6", "Ba4"), game.turns().stream().map(TurnRecord::notation).toList());
        assertEquals(Result.Effect.TURN_PLAYED, play(afresh, gameId, Side.BLACK, "Nf6").effect());

        String pgn = PgnWriter.write(PgnExport.of(afresh.view(gameId), "here", "Ruy Lopez theme", "1", ""));
        assertTrue(pgn.contains("[SetUp \"1\"]\n[FEN \"" + RUY_LOPEZ + "\"]\n"), pgn);
        assertTrue(pgn.contains("\n3... a6 4. Ba4 Nf6 *\n"), pgn);
    }

    private Result play(GameService service, long gameId, Side side, String line) {
        Seat seat = service.seat(gameId, SeatTokens.derive(club.key, gameId, side)).orElseThrow();
        return service.handle(seat, CommandParser.parse(line), line, Optional.empty());
    }
}
