package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Knockouts run by the tournament service over the real database: byes, extra games, the tie rules, withdrawals. */
class KnockoutTournamentTest {
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

    private static List<Contact> players(int n) {
        List<Contact> list = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            list.add(new Contact("P" + i, "p" + i + "@example.org"));
        }
        return list;
    }

    private long knockout(String name, int players, TieRule rule) {
        long id = club.tournament(NewTournament.of(name, "chess", TournamentKind.KNOCKOUT).withTieRule(rule));
        club.enter(id, name, players(players));
        TournamentAnswer started = tournaments.start(id);
        assertTrue(started.isDone(), started.message());
        return id;
    }

    /** The unfinished game of the match between these seeds; the loser's side resigns it (or both draw). */
    private TournamentGame running(long id, int a, int b) {
        return tournaments.view(id).orElseThrow().games().stream()
                .filter(g -> g.outcome() == Outcome.UNFINISHED && (g.white() == a && g.black() == b || g.white() == b && g.black() == a))
                .min(java.util.Comparator.comparingLong(TournamentGame::gameId)).orElseThrow();
    }

    private void win(long id, int winner, int loser) {
        TournamentGame g = running(id, winner, loser);
        Side resigning = g.white() == loser ? Side.WHITE : Side.BLACK;
        Seat seat = club.service.seat(g.gameId(), SeatTokens.derive(club.key, g.gameId(), resigning)).orElseThrow();
        assertEquals(Result.Effect.RESIGNED, club.service.handle(seat, CommandParser.parse("resign"), "resign",
                Optional.empty()).effect());
    }

    @Test
    void five_players_give_the_three_top_seeds_a_bye_and_the_rounds_follow_as_matches_end() {
        long id = knockout("Cup of Five", 5, TieRule.LOTS);
        // eight places: 1 v 8 (bye), 4 v 5, 2 v 7 (bye), 3 v 6 (bye)
        assertEquals(List.of("round 1, match 1: P1 (1)  bye", "round 1, match 2: P4 (4) v P5 (5)  0-0  playing, 0 of 2 games over",
                "round 1, match 3: P2 (2)  bye", "round 1, match 4: P3 (3)  bye"), tournaments.bracket(id));
        assertEquals(2, tournaments.view(id).orElseThrow().games().size());
        win(id, 5, 4);
        win(id, 5, 4);
        // round 2: 1 v 5, 2 v 3, each two games
        TournamentView v = tournaments.view(id).orElseThrow();
        assertEquals(6, v.games().size());
        assertEquals("round 2, match 1: P1 (1) v P5 (5)  0-0  playing, 0 of 2 games over", tournaments.bracket(id).get(4));
        win(id, 1, 5);
        win(id, 5, 1);  // level 1-1: two more games
        assertEquals(8, tournaments.view(id).orElseThrow().games().size());
        win(id, 1, 5);
        win(id, 1, 5);  // 3-1 after the extra games
        assertEquals("round 2, match 1: P1 (1) v P5 (5)  3-1  P1 goes through after two extra games", tournaments.bracket(id).get(4));
        win(id, 3, 2);
        win(id, 3, 2);
        win(id, 3, 1);
        win(id, 3, 1);
        TournamentView end = tournaments.view(id).orElseThrow();
        assertEquals(TournamentState.FINISHED, end.tournament().state());
        assertEquals("round 3, match 1: P1 (1) v P3 (3)  0-2  P3 goes through on games", tournaments.bracket(id).get(6));
        List<OutboxMail> last = club.service.outbox().aboutNoGame().stream()
                .filter(m -> m.subject().contains("Cup of Five: the final bracket")).toList();
        assertEquals(5, last.size(), "every player gets the final bracket");
    }

    @Test
    void a_match_level_after_four_games_goes_to_the_better_rated_player_when_the_admin_chose_so() {
        long id = knockout("Rated Cup", 4, TieRule.BETTER_RATED);
        // 1 v 4, 2 v 3. Seed 4 wins games 1 and 3, seed 1 games 2 and 4: level 2-2.
        win(id, 4, 1);
        win(id, 1, 4);
        win(id, 4, 1);
        win(id, 1, 4);
        // Both are rated from four games against each other, alternating wins; the one who lost last... each
        // rating is read from the store, so the test reads them the same way and checks the rule picks the higher.
        long p1 = tournaments.view(id).orElseThrow().entrants().get(0).player().id();
        long p4 = tournaments.view(id).orElseThrow().entrants().get(3).player().id();
        double r1 = tournaments.ratings(p1).get(0).rating().rating();
        double r4 = tournaments.ratings(p4).get(0).rating().rating();
        assertTrue(r1 != r4, r1 + " " + r4);
        String winner = r1 > r4 ? "P1" : "P4";
        assertTrue(tournaments.bracket(id).get(0).endsWith(winner + " goes through on rating, the match level after four games"),
                tournaments.bracket(id).get(0));
    }

    @Test
    void a_withdrawal_forfeits_the_match_and_the_opponent_goes_through() {
        long id = knockout("Short Cup", 4, TieRule.LOTS);
        win(id, 1, 4);
        long p4 = tournaments.view(id).orElseThrow().entrants().get(3).player().id();
        TournamentAnswer a = tournaments.withdraw(id, p4);
        assertEquals("P4 withdrew from \"Short Cup\"; the match goes to P1.", a.message());
        assertEquals("round 1, match 1: P1 (1) v P4 (4)  2-0  P1 goes through by the opponent's withdrawal",
                tournaments.bracket(id).get(0));
        TournamentAnswer again = tournaments.withdraw(id, p4);
        assertFalse(again.isDone());
        assertEquals("P4 is not playing in \"Short Cup\", so there is nothing to withdraw from.", again.message());
    }
}
