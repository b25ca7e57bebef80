package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.realm.RealmChess;
import org.epistle.core.rules.physics.realm.RealmSearch;
import org.epistle.core.rules.physics.travel.LeneHau;
import org.epistle.core.rules.physics.travel.LeneHauWalks;
import org.epistle.core.rules.position.Position;
import org.junit.jupiter.api.Test;

/**
 * The end-of-game searches became exact without changing an answer: on positions of random games
 * and of the documented games, the exact search says what the old budgeted search says wherever
 * that one was not cut short (given a generous budget, so that it rarely is).
 */
class ExactSearchesTest {
    private static final int GENEROUS = 20 * TurnSearch.FORMER_BUDGET;

    @Test
    void progressive_family_exact_answers_are_the_budgeted_answers() {
        for (String key : List.of("progressive", "italian-progressive", "english-progressive", "swarm", "kazan")) {
            List<Position> positions = randomGames(key, 6, 14);
            int compared = 0;
            for (Position p : positions) {
                TurnSearch.Result old = TurnSearch.within(p, GENEROUS);
                TurnSearch.Result exact = TurnSearch.run(p);
                assertFalse(exact.cutShort(), key);
                if (!old.cutShort()) {
                    assertEquals(old.found(), exact.found(), () -> key + " " + org.epistle.core.rules.position.Fen.write(p));
                    compared++;
                }
            }
            assertTrue(compared > positions.size() / 2, key + ": " + compared + " of " + positions.size());
        }
    }

    @Test
    void documented_games_answers_are_unchanged_and_boniface_still_ends_in_an_italian_mate() {
        for (String record : List.of("progressive-galvin-white.txt", "progressive-galvin-black.txt", "progressive-1996-email.txt",
                "italian-progressive-boniface.txt")) {
            Replay.Report report = Records.replay(record);
            for (Replay.TurnReport t : report.turns()) {
                Position p = t.after().isOver() ? t.after().withOutcome(null) : t.after();
                TurnSearch.Result old = TurnSearch.within(p, TurnSearch.FORMER_BUDGET);
                assertFalse(old.cutShort(), record);
                assertEquals(old.found(), TurnSearch.run(p).found(), record + " after " + t.turn().text());
            }
        }
        Position mated = Records.replay("italian-progressive-boniface.txt").last();
        assertTrue(mated.isOver());
        assertFalse(TurnSearch.run(mated.withOutcome(null)).found());
    }

    @Test
    void realm_exact_answers_are_the_budgeted_answers() {
        for (String key : List.of("realm", "power-realm", "free-realm")) {
            for (Position p : randomGames(key, 3, 40)) {
                RealmChess rule = p.rules().variant().physics(RealmChess.class).orElseThrow();
                Optional<RealmSearch.Found> old = RealmSearch.findWithin(p, rule, RealmSearch.FORMER_BUDGET);
                Optional<RealmSearch.Found> exact = RealmSearch.find(p, rule);
                assertFalse(exact.map(RealmSearch.Found::cutShort).orElse(false), key);
                if (!old.map(RealmSearch.Found::cutShort).orElse(false)) {
                    assertEquals(old.isPresent(), exact.isPresent(), key);
                }
            }
        }
    }

    @Test
    void realm_scholars_mate_is_mate_and_the_exact_search_says_so() {
        Position p = Given.of("realm", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4").position();
        assertTrue(RealmSearch.find(p, p.rules().variant().physics(RealmChess.class).orElseThrow()).isEmpty());
    }

    @Test
    void progressive_lene_hau_exact_answers_are_the_budgeted_answers() {
        int compared = 0;
        for (Position p : LeneHauWalks.from(Given.of("progressive-lene-hau").position(), 4, 12, 3L)) {
            LeneHau.SearchAnswer old = LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET);
            LeneHau.SearchAnswer exact = LeneHau.wholeTurn(p, LeneHau.EXACT);
            if (!old.cutShort() && !exact.cutShort()) {
                assertEquals(old.exists(), exact.exists());
                compared++;
            }
        }
        assertTrue(compared > 10, "compared " + compared);
    }

    @Test
    void a_progressive_lene_hau_player_with_no_whole_turn_is_found() {
        // Black's king is shut in and his pawn blocked: one move of the four his turn needs, the same as in Progressive
        Position p = Given.of("progressive-lene-hau", "k7/p1K5/P7/8/8/8/8/8 b - - 0 2").position();
        LeneHau.SearchAnswer exact = LeneHau.wholeTurn(p, LeneHau.EXACT);
        assertFalse(exact.cutShort());
        assertFalse(exact.exists());
        assertEquals(LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET).exists(), exact.exists());
    }

    @Test
    void a_progressive_lene_hau_player_the_old_search_let_play_on_has_no_whole_turn() {
        // from bench engine's random games: Black's every 8-move turn ends with his king in danger; the old
        // search gave up after 200 part-turns and the game went on, the search now proves it in under 2,000
        Position p = Given.of("progressive-lene-hau", "4k2R/8/1pP4R/p2p4/P1pP4/2P5/R7/1K6 b - - 10 8 travel:Nb1,Qd1:b1>g1,"
                + "Bd2:f4>c1,Rf3:h3>d3,qh3:h2>h5,bc5:f8>a3,qc7:c5>c8,rd8:a8>e8,nd8:e8>c7,rf8:h8>c8").position();
        LeneHau.SearchAnswer old = LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET);
        assertTrue(old.exists() && old.cutShort());
        LeneHau.SearchAnswer now = LeneHau.wholeTurn(p, LeneHau.EXACT);
        assertFalse(now.cutShort());
        assertFalse(now.exists());
    }

    /** Positions after each turn of seeded random games, each turn the first the search finds in a shuffled order. */
    private static List<Position> randomGames(String key, int games, int turns) {
        List<Position> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(key.hashCode());
        for (int g = 0; g < games; g++) {
            Position p = Given.of(key).position();
            for (int t = 0; t < turns && !p.isOver(); t++) {
                Optional<Position> next = key.endsWith("realm") ? realmMove(p, random) : multiMoveTurn(p, random);
                if (next.isEmpty()) {
                    break;
                }
                p = next.get();
                out.add(p.isOver() ? p.withOutcome(null) : p);
            }
        }
        return out;
    }

    private static Optional<Position> multiMoveTurn(Position p, SplittableRandom random) {
        TurnSearch.Result r = TurnSearch.run(p, random.nextLong());
        if (!r.found() || r.turn().isEmpty()) {
            return Optional.empty();
        }
        return Referee.judge(p, MultiMoveGamesTest.describe(p, r.turn())) instanceof Verdict.Accepted a ? Optional.of(a.position())
                : Optional.empty();
    }

    private static Optional<Position> realmMove(Position p, SplittableRandom random) {
        List<Move> moves = p.legalMoves();
        if (moves.isEmpty()) {
            return Optional.empty();
        }
        Move m = moves.get(random.nextInt(moves.size()));
        return Referee.judge(p, SanWriter.write(p, m)) instanceof Verdict.Accepted a ? Optional.of(a.position()) : Optional.empty();
    }
}
