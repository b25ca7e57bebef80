package org.epistle.core.games.tournament;

import static org.epistle.core.games.tournament.Outcome.ANNULLED;
import static org.epistle.core.games.tournament.Outcome.BLACK_WINS;
import static org.epistle.core.games.tournament.Outcome.DRAW;
import static org.epistle.core.games.tournament.Outcome.UNFINISHED;
import static org.epistle.core.games.tournament.Outcome.WHITE_WINS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.epistle.core.games.tournament.KnockoutBracket.Tie;
import org.epistle.core.games.tournament.KnockoutMatch.Decision;
import org.epistle.core.games.tournament.KnockoutMatch.Playing;
import org.epistle.core.games.tournament.KnockoutMatch.Won;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KnockoutTest {

    @Test
    void eight_players_are_seeded_one_against_eight_and_one_and_two_meet_only_in_the_final() {
        KnockoutBracket b = KnockoutBracket.of(8);
        assertEquals(List.of(1, 8, 4, 5, 2, 7, 3, 6), b.seedLines());
        assertEquals("[1 v 8, 4 v 5, 2 v 7, 3 v 6]", b.firstRound().toString());
        assertEquals(3, b.rounds());
    }

    @Test
    void byes_go_to_the_top_seeds() {
        KnockoutBracket b = KnockoutBracket.of(6);
        assertEquals(8, b.size());
        assertEquals("[1 (bye), 4 v 5, 2 (bye), 3 v 6]", b.firstRound().toString());
        assertEquals("[1 (bye), 8 v 9, 4 (bye), 5 (bye), 2 (bye), 7 v 10, 3 (bye), 6 (bye)]",
                KnockoutBracket.of(10).firstRound().toString());
    }

    @Test
    void sixty_four_players_fill_the_bracket_once_each() {
        KnockoutBracket b = KnockoutBracket.of(64);
        Set<Integer> seen = new HashSet<>();
        for (Tie t : b.firstRound()) {
            assertEquals(65, t.higher() + t.lower(), t.toString());
            assertTrue(seen.add(t.higher()) && seen.add(t.lower()));
        }
        assertEquals(64, seen.size());
        assertEquals(6, b.rounds());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 65, 200})
    void fields_outside_four_to_sixty_four_are_refused(int players) {
        var e = assertThrows(IllegalArgumentException.class, () -> KnockoutBracket.of(players));
        assertEquals("a knockout is for 4 to 64 players, not " + players, e.getMessage());
    }

    @Test
    void winners_meet_their_neighbours_the_better_seed_white_first() {
        assertEquals("[1 v 5, 2 v 3]", KnockoutBracket.nextRound(1, List.of(1, 5, 2, 3)).toString());
        assertEquals(2, KnockoutBracket.nextRound(1, List.of(1, 5, 2, 3)).get(0).round());
    }

    private static KnockoutMatch match(long tournament) {
        return new KnockoutMatch(tournament, new Tie(1, 2, 4, 5));
    }

    @Test
    void the_colours_swap_every_game() {
        KnockoutMatch m = match(1);
        assertEquals(List.of("4-5", "5-4", "4-5", "5-4"),
                List.of(m.game(1), m.game(2), m.game(3), m.game(4)).stream().map(Pairing::toString).toList());
    }

    @Test
    void a_match_won_in_two_games() {
        // 4 wins with White, then draws with Black: 1½-½.
        assertEquals(new Won(4, Decision.GAMES), match(1).state(List.of(WHITE_WINS, DRAW), TieRule.LOTS, 0, 0));
        // 5 wins with White in game 2 after a draw.
        assertEquals(new Won(5, Decision.GAMES), match(1).state(List.of(DRAW, WHITE_WINS), TieRule.LOTS, 0, 0));
        assertEquals(new Playing(2), match(1).state(List.of(WHITE_WINS, UNFINISHED), TieRule.LOTS, 0, 0));
    }

    @Test
    void a_level_match_goes_to_two_more_games() {
        // Each wins with White: 1-1.
        List<Outcome> level = List.of(WHITE_WINS, WHITE_WINS);
        assertEquals(new Playing(4), match(1).state(level, TieRule.LOTS, 0, 0));
        assertEquals(new Playing(4), match(1).state(List.of(WHITE_WINS, WHITE_WINS, DRAW, UNFINISHED),
                TieRule.LOTS, 0, 0));
        // Game 4: 4 has Black and wins: 4 goes through 2½-1½.
        assertEquals(new Won(4, Decision.EXTRA_GAMES), match(1).state(List.of(WHITE_WINS, WHITE_WINS, DRAW, BLACK_WINS),
                TieRule.LOTS, 0, 0));
    }

    @Test
    void still_level_after_four_the_better_rated_goes_through() {
        List<Outcome> level = List.of(WHITE_WINS, WHITE_WINS, DRAW, DRAW);
        assertEquals(new Won(5, Decision.RATING), match(1).state(level, TieRule.BETTER_RATED, 1500, 1620));
        assertEquals(new Won(4, Decision.RATING), match(1).state(level, TieRule.BETTER_RATED, 1700, 1620));
        assertEquals(new Won(4, Decision.RATING), match(1).state(level, TieRule.BETTER_RATED, 1500, 1500));
    }

    @Test
    void lots_are_the_same_every_time_for_a_tournament_and_differ_between_tournaments() {
        List<Outcome> level = List.of(DRAW, DRAW, DRAW, DRAW);
        Set<Integer> winners = new HashSet<>();
        for (long t = 1; t <= 20; t++) {
            Won first = (Won) match(t).state(level, TieRule.LOTS, 0, 0);
            assertEquals(Decision.LOTS, first.by());
            assertEquals(first, match(t).state(level, TieRule.LOTS, 0, 0));
            winners.add(first.winner());
        }
        assertEquals(Set.of(4, 5), winners);
    }

    @Test
    void an_aborted_game_counts_as_not_played_and_is_made_again_with_its_colours() {
        KnockoutMatch m = match(1);
        // Game 1 (4 White) aborted while game 2 (5 White) is still going: a new game with 4 White is due at once.
        List<KnockoutMatch.Game> aborted = List.of(new KnockoutMatch.Game(4, ANNULLED), new KnockoutMatch.Game(5, UNFINISHED));
        assertEquals(new Playing(2), m.stateOf(aborted, TieRule.LOTS, 0, 0));
        assertEquals(List.of(1), m.toMake(aborted, 2));
        // Made: nothing more is due; 5 wins game 2 with White, then 4 wins the replay with White: 1-1, level.
        List<KnockoutMatch.Game> replayed = List.of(new KnockoutMatch.Game(4, ANNULLED), new KnockoutMatch.Game(5, WHITE_WINS),
                new KnockoutMatch.Game(4, WHITE_WINS));
        assertEquals(List.of(), m.toMake(List.of(aborted.get(0), aborted.get(1), new KnockoutMatch.Game(4, UNFINISHED)), 2));
        assertEquals(new Playing(4), m.stateOf(replayed, TieRule.LOTS, 0, 0));
        assertEquals(List.of(3, 4), m.toMake(replayed, 4));
        // Had 4 drawn the replay, 5 would go through on games, the aborted game counting for nothing.
        assertEquals(new Won(5, Decision.GAMES), m.stateOf(List.of(new KnockoutMatch.Game(4, ANNULLED),
                new KnockoutMatch.Game(5, WHITE_WINS), new KnockoutMatch.Game(4, DRAW)), TieRule.LOTS, 0, 0));
    }

    @Test
    void an_aborted_extra_game_is_made_again_too() {
        KnockoutMatch m = match(1);
        List<KnockoutMatch.Game> games = List.of(new KnockoutMatch.Game(4, WHITE_WINS), new KnockoutMatch.Game(5, WHITE_WINS),
                new KnockoutMatch.Game(4, DRAW), new KnockoutMatch.Game(5, ANNULLED));
        assertEquals(new Playing(4), m.stateOf(games, TieRule.LOTS, 0, 0));
        assertEquals(List.of(4), m.toMake(games, 4));
    }
}
