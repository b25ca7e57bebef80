package org.epistle.core.games.tournament;

import static org.epistle.core.games.tournament.Outcome.BLACK_WINS;
import static org.epistle.core.games.tournament.Outcome.DRAW;
import static org.epistle.core.games.tournament.Outcome.UNFINISHED;
import static org.epistle.core.games.tournament.Outcome.WHITE_WINS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Four-player round robins on the Berger table (round 1: 1-4 2-3, round 2: 4-3 1-2, round 3: 2-4 3-1),
 * each worked out by hand in the comment above the test.
 */
class StandingsTest {

    /**
     * 1 beats 2, draws 3, loses to 4; 2 beats 3 and 4; 3 beats 4.
     * Points: 2 has 2, 1 and 3 have 1½, 4 has 1.
     * SB(1) = 2 (beat 2) + ½·1½ (drew 3) = 2.75; SB(3) = ½·1½ (drew 1) + 1 (beat 4) = 1.75;
     * SB(2) = 1½ + 1 = 2.5; SB(4) = 1½ (beat 1).
     */
    static final List<GameResult> SB_TABLE = List.of(
            GameResult.of(1, 1, 4, BLACK_WINS), GameResult.of(1, 2, 3, WHITE_WINS),
            GameResult.of(2, 4, 3, BLACK_WINS), GameResult.of(2, 1, 2, WHITE_WINS),
            GameResult.of(3, 2, 4, WHITE_WINS), GameResult.of(3, 3, 1, DRAW));

    @Test
    void sonneborn_berger_puts_who_beat_the_stronger_ahead() {
        Standings s = Standings.of(4, SB_TABLE, Scoring.CLASSICAL, List.of(TieBreak.SONNEBORN_BERGER));
        assertEquals(List.of(2, 1, 3, 4), s.table().stream().map(Standing::player).toList());
        assertEquals(2.75, s.of(1).tieBreak(TieBreak.SONNEBORN_BERGER).getAsDouble());
        assertEquals(1.75, s.of(3).tieBreak(TieBreak.SONNEBORN_BERGER).getAsDouble());
        assertEquals(2.5, s.of(2).tieBreak(TieBreak.SONNEBORN_BERGER).getAsDouble());
        assertEquals(1.5, s.of(4).tieBreak(TieBreak.SONNEBORN_BERGER).getAsDouble());
        assertEquals("2", s.of(1).placeLabel());
        assertEquals("3", s.of(3).placeLabel());
    }

    /**
     * Same table. Half the possible points is 1½, reached by 1, 2 and 3.
     * Koya(1) = 1 (v 2) + ½ (v 3) = 1½; Koya(3) = ½ (v 1) + 0 (v 2) = ½;
     * Koya(2) = 0 (v 1) + 1 (v 3) = 1; Koya(4) = 1 (v 1) + 0 + 0 = 1.
     */
    @Test
    void koya_counts_points_against_those_on_half_or_more() {
        Standings s = Standings.of(4, SB_TABLE, Scoring.CLASSICAL, List.of(TieBreak.KOYA));
        assertEquals(List.of(2, 1, 3, 4), s.table().stream().map(Standing::player).toList());
        assertEquals(1.5, s.of(1).tieBreak(TieBreak.KOYA).getAsDouble());
        assertEquals(0.5, s.of(3).tieBreak(TieBreak.KOYA).getAsDouble());
        assertEquals(1.0, s.of(2).tieBreak(TieBreak.KOYA).getAsDouble());
        assertEquals(1.0, s.of(4).tieBreak(TieBreak.KOYA).getAsDouble());
    }

    /**
     * 1 draws all three; 2 beats 3 and loses to 4; 3 beats 4; so everyone has 1½.
     * Wins: 2, 3 and 4 one each, 1 none: 2-4 share places 1-3, 1 is 4th.
     * With 3/1/0 the same games give 1 three points and the others four.
     */
    static final List<GameResult> LEVEL_TABLE = List.of(
            GameResult.of(1, 1, 4, DRAW), GameResult.of(1, 2, 3, WHITE_WINS),
            GameResult.of(2, 4, 3, BLACK_WINS), GameResult.of(2, 1, 2, DRAW),
            GameResult.of(3, 2, 4, BLACK_WINS), GameResult.of(3, 3, 1, DRAW));

    @Test
    void number_of_wins_breaks_a_tie_of_draws_against_wins_and_losses() {
        Standings s = Standings.of(4, LEVEL_TABLE, Scoring.CLASSICAL, List.of(TieBreak.WINS));
        for (int p = 1; p <= 4; p++) {
            assertEquals(1.5, s.points(p));
        }
        assertEquals(List.of(2, 3, 4, 1), s.table().stream().map(Standing::player).toList());
        assertEquals("1-3", s.of(2).placeLabel());
        assertEquals("1-3", s.of(4).placeLabel());
        assertEquals("4", s.of(1).placeLabel());
        assertEquals(0.0, s.of(1).tieBreak(TieBreak.WINS).getAsDouble());
    }

    @Test
    void three_one_zero_scoring_rewards_the_wins() {
        Standings s = Standings.of(4, LEVEL_TABLE, Scoring.THREE_ONE_ZERO, List.of());
        assertEquals(3.0, s.points(1));
        assertEquals(4.0, s.points(2));
        assertEquals(4.0, s.points(3));
        assertEquals(4.0, s.points(4));
        assertEquals("1-3", s.of(3).placeLabel());
        assertEquals("4", s.of(1).placeLabel());
    }

    /**
     * 1 beats 2 and 4, loses to 3: 2 points. 2 beats 3 and 4: 2 points. 3 beats 1, loses to 4: 1.
     * 4 beats 3: 1. Head to head: 1 beat 2, so 1 is first; 4 beat 3, so 4 is third.
     */
    @Test
    void head_to_head_orders_level_players_by_their_own_games() {
        List<GameResult> games = List.of(
                GameResult.of(1, 1, 4, WHITE_WINS), GameResult.of(1, 2, 3, WHITE_WINS),
                GameResult.of(2, 4, 3, WHITE_WINS), GameResult.of(2, 1, 2, WHITE_WINS),
                GameResult.of(3, 2, 4, WHITE_WINS), GameResult.of(3, 3, 1, WHITE_WINS));
        Standings s = Standings.of(4, games, Scoring.CLASSICAL, List.of(TieBreak.DIRECT_ENCOUNTER));
        assertEquals(List.of(1, 2, 4, 3), s.table().stream().map(Standing::player).toList());
        assertEquals(1.0, s.of(1).tieBreak(TieBreak.DIRECT_ENCOUNTER).getAsDouble());
        assertEquals(0.0, s.of(2).tieBreak(TieBreak.DIRECT_ENCOUNTER).getAsDouble());
        assertEquals(1.0, s.of(4).tieBreak(TieBreak.DIRECT_ENCOUNTER).getAsDouble());
    }

    /** 1 and 2 are level on one point each, but their game is unfinished: head to head cannot apply. */
    @Test
    void head_to_head_does_not_apply_until_the_tied_players_have_met() {
        List<GameResult> games = List.of(
                GameResult.of(1, 1, 4, WHITE_WINS), GameResult.of(1, 2, 3, WHITE_WINS),
                GameResult.of(2, 1, 2, UNFINISHED));
        Standings s = Standings.of(4, games, Scoring.CLASSICAL, List.of(TieBreak.DIRECT_ENCOUNTER));
        assertFalse(s.of(1).tieBreak(TieBreak.DIRECT_ENCOUNTER).isPresent());
        assertEquals("1-2", s.of(1).placeLabel());
        assertEquals("1-2", s.of(2).placeLabel());
    }

    /** The order matters: by wins first, 2, 3 and 4 stay level (one each); SB then puts 4 (beat 2) ahead. */
    @Test
    void tie_breaks_apply_in_the_tournaments_order_among_those_still_level() {
        // SB on LEVEL_TABLE, every score being 1½: 2 beat 3 and drew 1: 1½+¾ = 2.25;
        // 3 beat 4, drew 1: 2.25; 4 beat 2, drew 1: 2.25; 1 drew all: 3·¾ = 2.25. Nothing separates them.
        Standings s = Standings.of(4, LEVEL_TABLE, Scoring.CLASSICAL,
                List.of(TieBreak.WINS, TieBreak.SONNEBORN_BERGER));
        assertEquals("1-3", s.of(4).placeLabel());
        assertEquals(2.25, s.of(4).tieBreak(TieBreak.SONNEBORN_BERGER).getAsDouble());
        Standings bySb = Standings.of(4, SB_TABLE, Scoring.CLASSICAL,
                List.of(TieBreak.WINS, TieBreak.SONNEBORN_BERGER));
        // Wins: 1 one, 3 one: still level; SB separates them as above.
        assertEquals(List.of(2, 1, 3, 4), bySb.table().stream().map(Standing::player).toList());
    }

    /**
     * 4 beat 1 in round 1, then withdrew with two games unfinished. Forfeiting them gives 2 and 3 a
     * point each (+/−) and keeps 4's win; annulling (fewer than half played) strikes all three games.
     */
    @Test
    void a_withdrawal_forfeits_unfinished_games_or_annuls_them_all() {
        List<GameResult> games = List.of(
                GameResult.of(1, 1, 4, BLACK_WINS), GameResult.of(1, 2, 3, DRAW),
                GameResult.of(2, 4, 3, UNFINISHED), GameResult.of(2, 1, 2, DRAW),
                GameResult.of(3, 2, 4, UNFINISHED), GameResult.of(3, 3, 1, DRAW));
        List<GameResult> forfeited = WithdrawalRule.FORFEIT_UNFINISHED.apply(games, 4);
        assertEquals(Outcome.BLACK_WINS_BY_FORFEIT, forfeited.get(2).outcome());
        assertEquals(Outcome.WHITE_WINS_BY_FORFEIT, forfeited.get(4).outcome());
        assertEquals(BLACK_WINS, forfeited.get(0).outcome());
        Standings f = Standings.of(4, forfeited, Scoring.CLASSICAL, List.of(TieBreak.WINS));
        assertEquals(1.0, f.points(1));
        assertEquals(2.0, f.points(2));
        assertEquals(2.0, f.points(3));
        assertEquals(1.0, f.points(4));
        assertEquals(1.0, f.of(2).tieBreak(TieBreak.WINS).getAsDouble());

        List<GameResult> annulled = WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED.apply(games, 4);
        Standings a = Standings.of(4, annulled, Scoring.CLASSICAL, List.of());
        assertEquals(1.0, a.points(1));
        assertEquals(1.0, a.points(2));
        assertEquals(1.0, a.points(3));
        assertEquals(0.0, a.points(4));
        assertEquals(DRAW, annulled.get(1).outcome());
    }

    /** Two of three games finished is at least half: the annulling rule forfeits instead. */
    @Test
    void a_withdrawal_after_half_the_games_forfeits_even_under_the_annulling_rule() {
        List<GameResult> games = List.of(
                GameResult.of(1, 1, 4, BLACK_WINS), GameResult.of(2, 4, 3, DRAW),
                GameResult.of(3, 2, 4, UNFINISHED));
        List<GameResult> after = WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED.apply(games, 4);
        assertEquals(List.of(BLACK_WINS, DRAW, Outcome.WHITE_WINS_BY_FORFEIT),
                after.stream().map(GameResult::outcome).toList());
    }

    @Test
    void tie_break_orders_and_scorings_read_from_text() {
        assertEquals(List.of(TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER, TieBreak.WINS, TieBreak.KOYA),
                TieBreak.parseOrder("SB, head-to-head,baumbach koya"));
        assertThrows(IllegalArgumentException.class, () -> TieBreak.parseOrder("SB,SB"));
        assertThrows(IllegalArgumentException.class, () -> TieBreak.parse("buchholz"));
        assertEquals(Scoring.THREE_ONE_ZERO, Scoring.parse("3/1/0"));
        assertEquals(Scoring.CLASSICAL, Scoring.parse("1/0.5/0"));
    }
}
