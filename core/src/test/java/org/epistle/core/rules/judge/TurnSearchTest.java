package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.epistle.core.rules.position.Position;
import org.junit.jupiter.api.Test;

/** The end-of-game search: it finds turns the referee accepts, proves their absence, and stays bounded. */
class TurnSearchTest {

    @Test
    void the_turn_it_finds_is_one_the_referee_accepts() {
        for (String key : new String[] {"progressive", "english-progressive", "swarm", "kazan", "triplets", "black-and-white-marseillais"}) {
            Position p = Given.of(key).position();
            for (int turn = 0; turn < 6 && !p.isOver(); turn++) {
                TurnSearch.Result r = TurnSearch.run(p, turn * 31L + key.length());
                assertTrue(r.found(), key);
                String written = MultiMoveGamesTest.describe(p, r.turn());
                Verdict v = Referee.judge(p, written);
                assertTrue(v.isAccepted(), () -> key + ": " + written + " refused: " + ((Verdict.Rejected) v).why().fullText());
                p = ((Verdict.Accepted) v).position();
            }
        }
    }

    @Test
    void swarm_moves_every_man_that_can_move() {
        Position start = Given.of("swarm").position();
        TurnSearch.Result r = TurnSearch.run(start);
        assertTrue(r.found());
        // the turn ends only when no man that has not moved can move (some may have been shut in on the way)
        assertTrue(r.turn().size() >= 14, "most of the sixteen men move: " + r.turn().size());
        assertTrue(Referee.judge(start, MultiMoveGamesTest.describe(start, r.turn())).isAccepted());
        String oneShort = MultiMoveGamesTest.describe(start, r.turn().subList(0, r.turn().size() - 1));
        assertEquals(Reason.TOO_FEW_MOVES, ((Verdict.Rejected) Referee.judge(start, oneShort)).why().reason());
        assertTrue(r.nodes() < 1000, "found without wandering: " + r.nodes());
    }

    @Test
    void a_progressive_stalemate_in_mid_turn_is_found() {
        // Black's king is shut in and his pawn blocked: he has one move of the four his turn needs
        Position p = Given.of("progressive", "k7/p1K5/P7/8/8/8/8/8 b - - 0 2").position();
        assertEquals(4, p.movesThisTurn());
        assertFalse(TurnSearch.hasCompleteTurn(p));
    }

    @Test
    void a_search_that_runs_out_of_budget_says_yes_and_that_it_was_cut_short() {
        Position p = Given.of("progressive", "k7/8/8/8/8/8/8/7K w - - 0 6").position();
        assertEquals(11, p.movesThisTurn());
        TurnSearch.Result tight = TurnSearch.run(p, null, 3);
        assertTrue(tight.found(), "a cut-short search never ends the game");
        assertTrue(tight.cutShort());
        TurnSearch.Result full = TurnSearch.run(p);
        assertTrue(full.found());
        assertFalse(full.cutShort());
    }
}
