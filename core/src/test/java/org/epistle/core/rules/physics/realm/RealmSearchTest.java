package org.epistle.core.rules.physics.realm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.RealmVariants;
import org.epistle.core.rules.variant.Variant;
import org.junit.jupiter.api.Test;

/**
 * The end-of-game search knows every kind of turn: where chess would see mate, a rearrangement or
 * a concentration may still get the king out, and the turn it finds is one the referee accepts.
 */
class RealmSearchTest {

    private static RealmChess rule(Variant v) {
        return v.physics(RealmChess.class).orElseThrow();
    }

    /** The turn the search finds, written out, judged by the referee from the same position. */
    private static String foundAndAccepted(Position p) {
        Optional<RealmSearch.Found> found = RealmSearch.find(p, rule(p.rules().variant()));
        assertTrue(found.isPresent(), "no turn found");
        assertFalse(found.get().cutShort(), "the search gave up");
        String written = String.join(", ", found.get().parts().stream().map(Part::written).toList());
        Verdict v = Referee.judge(p, written);
        assertTrue(v.isAccepted(), () -> written + " was refused: " + ((Verdict.Rejected) v).why().fullText());
        return written;
    }

    @Test
    void a_double_check_that_only_a_concentration_answers() {
        // the rook checks along the e-file and the bishop along h4-e1; e2 and f2 are one realm
        String fen = "k3r3/8/b7/5R2/7b/2N5/3P4/3RK3 w - - 0 1";
        Position p = Play.from(RealmVariants.REALM, fen).position();
        assertTrue(p.legalMoves().isEmpty(), "no chess move gets the king out: in chess this is mate");
        // found first: the king steps to f1 while the knight, arriving on e2 at the same moment, shuts the a6 bishop out
        assertEquals("Ke1-f1, Nc3-e2", foundAndAccepted(p));
        assertTrue(Referee.judge(p, "Nc3-e2, Rf5-f2").isAccepted(), "blocking both lines at once also does");
    }

    @Test
    void fools_mate_is_only_check_since_the_bishop_can_be_put_on_f2() {
        Play game = Play.from(RealmVariants.REALM, null).after("f3", "e5", "g4");
        assertEquals("Qh4+", game.accepts("Qh4").notation());
        assertTrue(game.position().legalMoves().isEmpty());
        String escape = foundAndAccepted(game.position());
        assertTrue(escape.contains("=f2"), escape);
    }

    @Test
    void scholars_mate_is_mate_in_realm_and_power_realm_and_only_check_in_free_realm() {
        String[] turns = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"};
        assertEquals("Qxf7#", Play.from(RealmVariants.REALM, null).after(turns).accepts("Qxf7").notation());
        assertEquals("Qxf7#", Play.from(RealmVariants.POWER_REALM, null).after(turns).accepts("Qxf7").notation());
        Play free = Play.from(RealmVariants.FREE_REALM, null).after(turns);
        assertEquals("Qxf7+", free.accepts("Qxf7").notation());
        assertEquals("Qd8=e7, Ke8=d8", foundAndAccepted(free.position()), "d7-e8 is a realm there");
        assertTrue(Referee.judge(free.position(), "Ke8=d8, Qd8=e8").isAccepted());
    }

    @Test
    void a_mate_beside_five_idle_queens_is_found_as_mate_without_using_the_budget() {
        // the queen on b1, guarded by the knight, checks from the next square: only the king could help, and cannot
        String fen = "6k1/8/7Q/6QQ/5QQ1/2n5/PP6/Kq6 w - - 0 1";
        for (Variant v : List.of(RealmVariants.REALM, RealmVariants.POWER_REALM, RealmVariants.FREE_REALM)) {
            Position p = Play.from(v, fen).position();
            assertEquals(Optional.empty(), RealmSearch.find(p, rule(v)), v.key());
        }
        Play game = Play.from(RealmVariants.POWER_REALM, "k7/8/7Q/6QQ/5QQ1/2nq4/PP6/K7 b - - 0 1");
        assertEquals("Qb1#", game.accepts("Qb1").notation());
    }

    @Test
    void every_turn_the_search_finds_in_a_random_game_is_one_the_referee_accepts() {
        // random games of multi-part turns: the search's first non-standard turn in each position is judged
        for (Variant v : List.of(RealmVariants.REALM, RealmVariants.POWER_REALM, RealmVariants.FREE_REALM)) {
            SplittableRandom random = new SplittableRandom(6);
            Play game = Play.from(v, null);
            for (int turn = 0; turn < 40 && !game.position().isOver(); turn++) {
                Position p = game.position();
                Optional<List<Part>> multi = RealmSearch.multiPartTurn(p, rule(v), random.nextInt(200));
                if (multi.isPresent() && random.nextInt(3) > 0) {
                    String written = String.join(", ", multi.get().stream().map(Part::written).toList());
                    game.accepts(written);
                } else {
                    var moves = p.legalMoves();
                    game.accepts(SanWriter.write(p, moves.get(random.nextInt(moves.size()))));
                }
            }
        }
    }
}
