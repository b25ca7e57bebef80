package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.TournamentService.EntryCommand;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.tournament.Crosstable;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tournaments run through the service, its hook in the game service, and the real H2 database. */
class TournamentsTest {
    @TempDir
    Path dir;
    Club club;
    TournamentService tournaments;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        tournaments = club.service.tournaments();
    }

    @AfterEach
    void close() {
        club.close();
    }

    private List<OutboxMail> tournamentMailsTo(String address) {
        return club.service.outbox().aboutNoGame().stream()
                .filter(m -> m.kind() == MailKind.TOURNAMENT && m.toAddress().equals(address)).toList();
    }

    /** The player with this side in the tournament game of these pairing numbers writes the line. */
    private Result play(TournamentView view, int round, int white, int black, Side side, String line) {
        TournamentGame g = view.games().stream()
                .filter(x -> x.round() == round && x.white() == white && x.black() == black).findFirst().orElseThrow();
        Seat seat = club.service.seat(g.gameId(), SeatTokens.derive(club.key, g.gameId(), side)).orElseThrow();
        return club.service.handle(seat, CommandParser.parse(line), line, Optional.empty());
    }

    private void resign(TournamentView v, int round, int white, int black, Side loser) {
        assertEquals(Result.Effect.RESIGNED, play(v, round, white, black, loser, "resign").effect());
    }

    private void draw(TournamentView v, int round, int white, int black) {
        assertEquals(Result.Effect.DRAW_OFFERED, play(v, round, white, black, Side.WHITE, "draw").effect());
        assertEquals(Result.Effect.DRAW_AGREED, play(v, round, white, black, Side.BLACK, "accept").effect());
    }

    @Test
    void starting_creates_every_game_of_the_berger_table_and_mails_each_player_their_games() {
        long id = club.tournament(NewTournament.of("Spring Marseillais", "marseillais", TournamentKind.DOUBLE_ROUND_ROBIN));
        club.enter(id, "spring marseillais", Club.PLAYERS);

        TournamentAnswer started = tournaments.start(id);

        assertTrue(started.isDone(), started.message());
        TournamentView v = tournaments.view(id).orElseThrow();
        assertEquals(TournamentState.PLAYING, v.tournament().state());
        assertEquals(12, v.games().size());
        assertEquals(List.of(1, 2, 3, 4), v.entrants().stream().map(Entrant::number).toList());
        assertEquals(List.of("Ann", "Ben", "Cat", "Dan"), v.entrants().stream().map(e -> e.player().name()).toList());
        // Round 4 of the double table: 4-1 3-2, the first round with colours reversed.
        TournamentGame dan = v.games().stream().filter(g -> g.round() == 4 && g.white() == 4).findFirst().orElseThrow();
        GameView game = club.service.view(dan.gameId());
        assertEquals("Dan", game.white().name());
        assertEquals("Ann", game.black().name());
        assertEquals("marseillais", game.variant().key());
        OutboxMail annStart = tournamentMailsTo("ann@example.org").get(2); // invitation, joined, started
        @SuppressWarnings("unchecked")
        List<String> lines = (List<String>) annStart.model().get("paragraphs");
        assertEquals(7, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith("Round 1: White against Dan, game "), lines.get(1));
        assertTrue(lines.get(4).startsWith("Round 4: Black against Dan, game " + dan.gameId()), lines.get(4));
        assertEquals(2, club.mails(new CreatedGame(dan.gameId(), "", "")).size(), "both opening mails of the game");
    }

    /**
     * A double round robin of four, numbered as they joined: Ann 1, Ben 2, Cat 3, Dan 4.
     * R1 1-4 Dan resigns, 2-3 drawn; R3 4-3 Cat resigns, 1-2 drawn; R2 2-4 Ben resigns, 3-1 Ann resigns
     * (FIDE plays the table's rounds 2 and 3 in reverse order in a double round robin; played here as listed);
     * R4 3-2 Cat resigns; R5 2-1 drawn; R6 1-3 drawn. Dan, having finished 3 of his 6 games (not fewer than
     * half), withdraws: his games 4-1, 3-4 and 4-2 are lost by forfeit.
     * Points: Ann 1+½+0+1(+)+½+½ = 3½; Ben ½+½+0+1+½+1(+) = 3½; Cat ½+0+1+0+1(+)+½ = 3; Dan 0+1+1 = 2.
     * SB: Ann 2 (Dan) + 1¾ (Ben) + 2 (Dan, +) + 1¾ (Ben) + 1½ (Cat) = 9; Ben 1½ + 1¾ + 3 (Cat) + 1¾ + 2 = 10;
     * Cat 1¾ + 3½ (Ann) + 2 + 1¾ = 9; Dan 3 (Cat) + 3½ (Ben) = 6½. Ben is first on SB.
     * Wins (forfeits count): two each. Koya (3 points or more: Ann, Ben, Cat): Ann ½+½+0+½ = 1½;
     * Ben ½+½+½+1 = 2½; Cat ½+1+0+½ = 2; Dan 1 + 1 = 2.
     */
    @Test
    void a_double_round_robin_played_to_the_end_with_a_withdrawal() {
        long id = club.tournament(NewTournament.of("Spring Marseillais", "marseillais", TournamentKind.DOUBLE_ROUND_ROBIN)
                .withWithdrawalRule(WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED));
        club.enter(id, "Spring Marseillais", Club.PLAYERS);
        tournaments.start(id);
        TournamentView v = tournaments.view(id).orElseThrow();

        resign(v, 1, 1, 4, Side.BLACK);
        draw(v, 1, 2, 3);
        resign(v, 3, 4, 3, Side.BLACK);
        draw(v, 3, 1, 2);
        resign(v, 2, 2, 4, Side.WHITE);
        resign(v, 2, 3, 1, Side.BLACK);
        resign(v, 4, 3, 2, Side.WHITE);
        draw(v, 5, 2, 1);
        draw(v, 6, 1, 3);
        assertEquals(TournamentState.PLAYING, tournaments.view(id).orElseThrow().tournament().state());

        TournamentAnswer left = tournaments.byMail("dan@example.org", new EntryCommand(false, "Spring Marseillais"),
                Optional.empty());

        assertTrue(left.isDone(), left.message());
        assertEquals("Dan withdrew from \"Spring Marseillais\"; 3 unfinished games are lost by forfeit.", left.message());
        TournamentView end = tournaments.view(id).orElseThrow();
        assertEquals(TournamentState.FINISHED, end.tournament().state());
        // rounds 4, 5, 6: 4-1 (Ann had Black), 3-4 (Cat had White), 4-2 (Ben had Black)
        assertEquals(List.of(Outcome.BLACK_WINS_BY_FORFEIT, Outcome.WHITE_WINS_BY_FORFEIT, Outcome.BLACK_WINS_BY_FORFEIT),
                end.games().stream().filter(g -> g.outcome().isForfeit()).map(TournamentGame::outcome).toList());
        TournamentGame forfeited = end.games().stream().filter(g -> g.round() == 4 && g.white() == 4).findFirst().orElseThrow();
        GameView game = club.service.view(forfeited.gameId());
        assertEquals("0-1", game.result().orElseThrow());
        assertEquals("forfeit", game.termination().orElseThrow());

        Crosstable table = end.crosstable().orElseThrow();
        assertEquals(List.of("3½", "3½", "3", "2"), table.rows().stream().map(Crosstable.Row::points).toList());
        assertEquals(List.of("2", "1", "3", "4"), table.rows().stream().map(Crosstable.Row::place).toList());
        // SB, DE (not needed: nobody level after SB), Wins, Koya
        assertEquals(List.of("9", "", "2", "1½"), table.rows().get(0).tieBreaks());
        assertEquals(List.of("10", "", "2", "2½"), table.rows().get(1).tieBreaks());
        assertEquals(List.of("9", "", "2", "2"), table.rows().get(2).tieBreaks());
        assertEquals(List.of("6½", "", "2", "2"), table.rows().get(3).tieBreaks());
        // Ann's row: against Ben ½ ½, against Cat 0 ½, against Dan 1 +
        assertEquals(List.of("■", "½½", "0½", "1+"), table.rows().get(0).cells().stream().map(Crosstable.Cell::text).toList());
        assertEquals(List.of("0−", "1−", "1−", "■"), table.rows().get(3).cells().stream().map(Crosstable.Cell::text).toList());
        assertEquals("Dan (withdrew)", table.rows().get(3).name());

        for (Contact c : Club.PLAYERS) {
            List<OutboxMail> mails = tournamentMailsTo(c.email());
            OutboxMail last = mails.get(mails.size() - 1);
            assertEquals("[Epistle] Spring Marseillais: the final table", last.subject());
            assertEquals(table.text(), last.model().get("crosstable"));
        }
        assertEquals(List.of(
                "  #  Player           1   2   3   4    Pts     SB     DE   Wins   Koya  Place",
                "  1  Ann              ■  ½½  0½  1+     3½      9             2     1½  2",
                "  2  Ben             ½½   ■  ½1  0+     3½     10             2     2½  1",
                "  3  Cat             1½  ½0   ■  0+      3      9             2      2  3",
                "  4  Dan (withdrew)  0−  1−  1−   ■      2     6½             2      2  4"), table.text());
    }

    /**
     * Ratings: the nine games played over the board are rated in the order they ended, each a rating
     * period of its own, in the Marseillais family; forfeits are not rated. Replaying the same games
     * through Glicko-2 by hand gives the same figures.
     */
    @Test
    void played_games_are_rated_in_the_variants_family_and_forfeits_are_not() {
        long id = club.tournament(NewTournament.of("Rated", "balanced-marseillais", TournamentKind.ROUND_ROBIN));
        club.enter(id, "Rated", Club.PLAYERS.subList(0, 3));
        tournaments.start(id);
        TournamentView v = tournaments.view(id).orElseThrow();
        // Three players: round 1 1-4(bye) 2-3, round 2 4-3(bye) 1-2, round 3 2-4(bye) 3-1.
        resign(v, 1, 2, 3, Side.BLACK);   // Ben beats Cat
        draw(v, 2, 1, 2);                 // Ann draws Ben

        Glicko2 g = Glicko2.standard();
        Rating ben1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
        Rating cat1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 0)));
        Rating ann2 = g.rate(Rating.NEW, List.of(new Encounter(ben1, 0.5)));
        Rating ben2 = g.rate(ben1, List.of(new Encounter(Rating.NEW, 0.5)));
        // Two newcomers, one game: the winner goes up by as much as the loser goes down, to 1662.3 (Glickman's steps by hand).
        assertEquals(1662.3, ben1.rating(), 0.1);
        assertEquals(1337.7, cat1.rating(), 0.1);

        long ann = v.entrants().get(0).player().id();
        long ben = v.entrants().get(1).player().id();
        long cat = v.entrants().get(2).player().id();
        assertEquals(List.of(new FamilyRating("marseillais", ann2, 1)), tournaments.ratings(ann));
        assertEquals(List.of(new FamilyRating("marseillais", ben2, 2)), tournaments.ratings(ben));
        assertEquals(List.of(new FamilyRating("marseillais", cat1, 1)), tournaments.ratings(cat));

        // Cat withdraws with one of two games played: not fewer than half, so Ann wins the last by forfeit, unrated.
        assertTrue(tournaments.withdraw(id, cat).isDone());
        assertEquals(List.of(new FamilyRating("marseillais", ann2, 1)), tournaments.ratings(ann));
        assertEquals(TournamentState.FINISHED, tournaments.view(id).orElseThrow().tournament().state());
    }

    /** Dan withdraws after one game of three: fewer than half played, so his games are all annulled. */
    @Test
    void a_withdrawal_before_half_the_games_annuls_them_all_and_stops_the_running_ones() {
        long id = club.tournament(NewTournament.of("Early", "chess", TournamentKind.ROUND_ROBIN));
        club.enter(id, "Early", Club.PLAYERS);
        tournaments.start(id);
        TournamentView v = tournaments.view(id).orElseThrow();
        resign(v, 1, 1, 4, Side.WHITE); // Dan (4) beats Ann

        TournamentAnswer a = tournaments.byMail("dan@example.org", new EntryCommand(false, "early"), Optional.empty());

        assertEquals("Dan withdrew from \"Early\"; all 3 of their games are annulled (fewer than half were played).",
                a.message());
        TournamentView after = tournaments.view(id).orElseThrow();
        assertEquals(3, after.games().stream().filter(g -> g.outcome() == Outcome.ANNULLED).count());
        assertEquals("0", after.crosstable().orElseThrow().rows().get(0).points());
        TournamentGame running = after.games().stream().filter(g -> g.round() == 2 && g.white() == 4).findFirst().orElseThrow();
        assertEquals(GameState.ABORTED, club.service.view(running.gameId()).state());
    }
}
