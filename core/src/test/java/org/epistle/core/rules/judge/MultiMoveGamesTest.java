package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.MultiMoveVariants;
import org.junit.jupiter.api.Test;

/** The documented games of the multi-move chapter, replayed through the referee with their verdicts. */
class MultiMoveGamesTest {

    private static Replay.Report allAccepted(String resource) {
        Replay.Report r = Records.replay(resource);
        assertEquals(Optional.empty(), r.stoppedBecause(), () -> Records.describe(r));
        assertTrue(r.allAccepted());
        assertEquals(Records.read(resource).turns().size(), r.turns().size());
        return r;
    }

    @Test
    void the_1996_email_progressive_opening_leaves_black_only_checking_replies() {
        Replay.Report r = allAccepted("progressive-1996-email.txt");
        Position p = r.last();
        assertEquals("Kd2, Kd3, Kxd4, Kxd5, e6+", Records.lastNotation(r));
        assertFalse(p.isOver(), "not mate: Black can still move");
        assertTrue(p.isCheck());
        for (Move m : p.legalMoves()) {
            assertTrue(p.play(m).isCheck(Side.WHITE), () -> m + " would not give check");
        }
    }

    @Test
    void galvins_win_with_white() {
        Replay.Report r = allAccepted("progressive-galvin-white.txt");
        assertFalse(r.last().isOver());
        Verdict.Accepted fourth = (Verdict.Accepted) r.turns().get(3).verdict();
        assertEquals("e6, d3, dxc2, cxd1(Q)+", fourth.notation(), "promotions written as the records write them");
    }

    @Test
    void galvins_win_with_black_has_a_misprinted_knight_capture() {
        // Printed 6 ... Nh6, Nf5, Nxf4: no black knight can reach f4 (nothing stands there either). The
        // knight on f5 takes the queen on h4, as the rest of the game confirms: 10 ... Nf5 is that knight
        // coming back, and 11 Kxf5 takes it.
        // The record holds the correction, marked; put back as printed, the turn is refused.
        Replay.Report printed = Records.replayCorrected("progressive-galvin-black.txt", 3, Side.BLACK, "Nxh4", "Nxf4");
        Verdict.Rejected refused = (Verdict.Rejected) printed.turns().get(printed.turns().size() - 1).verdict();
        assertEquals(Reason.NONE_CAN_MOVE_THERE, refused.why().reason());
        assertEquals("Nxf4", refused.why().moveText());
        assertEquals(6, printed.turns().size(), "the misprint is in the sixth turn, Black's third");

        Replay.Report r = Records.replay("progressive-galvin-black.txt");
        assertEquals(Optional.empty(), r.stoppedBecause(), () -> Records.describe(r));
        assertEquals(12, r.turns().size(), "the numbers count turns: twelve turns, six each");
        assertTrue(r.allAccepted());
        assertEquals("0-1", r.result(Records.read("progressive-galvin-black.txt").result()));
    }

    @Test
    void boniface_wins_by_italian_mate() {
        Replay.Report r = allAccepted("italian-progressive-boniface.txt");
        assertEquals("checkmate", r.termination(Optional.empty()));
        assertEquals("1-0", r.result(Optional.empty()));
        assertTrue(Records.lastNotation(r).endsWith("Rxd7#"), Records.lastNotation(r));
    }

    @Test
    void brakas_ending_is_won_with_qxb2_mate() {
        Replay.Report r = allAccepted("marseillais-braca-ending.txt");
        assertEquals("Qxb2#", Records.lastNotation(r));
        assertEquals("1-0", r.result(Optional.empty()));
    }

    @Test
    void giks_oddity_the_lone_king_mates_from_two_squares_away() {
        Replay.Report r = allAccepted("king-and-pawns-gik.txt");
        assertEquals("Kd6+/Kxc7#", Records.lastNotation(r), "d6 and c7 are both two squares from e8");
        assertEquals("checkmate", r.termination(Optional.empty()));
        assertEquals("1-0", r.result(Optional.empty()));
    }

    @Test
    void giks_oddity_fails_in_the_common_form_where_a_check_is_answered_at_once() {
        // the common King and Pawns Game: Kd6 does not get out of the queen's check, and the king gives none
        Replay.Report r = Records.replay("king-and-pawns-gik.txt", MultiMoveVariants.KING_AND_PAWNS);
        assertEquals(5, r.turns().size());
        Verdict.Rejected refused = (Verdict.Rejected) r.turns().get(4).verdict();
        assertEquals(Reason.MUST_ESCAPE_FIRST, refused.why().reason());
        assertEquals("Kd6", refused.why().moveText());
    }

    @Test
    void castellis_triplets_win_under_each_reading_of_the_king_rule() {
        // "White suddenly found that he could not create a king move" holds when the king may not step
        // onto an attacked square even in mid-turn (Epistle's triplets); under the other reading the
        // game goes on, and the search shows the king move that reading allows.
        Replay.Report cautious = Records.replay("triplets-castelli.txt", MultiMoveVariants.TRIPLETS);
        assertTrue(cautious.allAccepted(), () -> Records.describe(cautious));
        assertEquals(26, cautious.turns().size());
        assertEquals("0-1", cautious.result(Optional.empty()));
        assertEquals("unable to complete a turn", cautious.termination(Optional.empty()));

        Replay.Report lenient = Records.replay("triplets-castelli.txt", MultiMoveVariants.TRIPLETS_KING_THROUGH_CHECK);
        assertTrue(lenient.allAccepted(), () -> Records.describe(lenient));
        assertFalse(lenient.last().isOver());
        TurnSearch.Result way = TurnSearch.run(lenient.last());
        assertTrue(way.found());
        assertEquals(3, way.turn().size());
        String turn = describe(lenient.last(), way.turn());
        assertTrue(Referee.judge(lenient.last(), turn).isAccepted(), turn);
        Position sameUnderTriplets = org.epistle.core.rules.position.Fen.read(
                cautious.last().rules(), org.epistle.core.rules.position.Fen.write(lenient.last()));
        Verdict.Rejected refused = (Verdict.Rejected) Referee.judge(sameUnderTriplets, turn);
        assertEquals(Reason.KING_STEPS_INTO_CHECK, refused.why().reason(), turn + ": " + refused.why().fullText());
    }

    /** A found turn in long algebraic, as a player could send it. */
    static String describe(Position p, java.util.List<Integer> moves) {
        StringBuilder sb = new StringBuilder();
        Position q = p;
        for (int m : moves) {
            Move move = Move.of(m, q.rules());
            sb.append(sb.length() == 0 ? "" : "/").append(org.epistle.core.rules.notation.SanWriter.longForm(q, move));
            q = q.play(move);
        }
        return sb.toString();
    }

    @Test
    void de_giglios_note_the_check_stops_rh6_rxa6() {
        Replay.Report r = Records.replay("balanced-marseillais-de-giglio-be3.txt");
        Replay.TurnReport last = r.turns().get(r.turns().size() - 1);
        assertEquals(11, r.turns().size());
        assertTrue(r.turns().subList(0, 10).stream().allMatch(t -> t.verdict().isAccepted()));
        Illegality why = ((Verdict.Rejected) last.verdict()).why();
        assertEquals(Reason.MUST_ESCAPE_FIRST, why.reason());
        assertEquals("Rh6", why.moveText());
    }

    @Test
    void under_the_alternative_rules_brakas_ending_is_mate_at_once() {
        // Black's forced reply 2 ... Qa2+ blocks with check; where a first-move check is illegal, Black has
        // no answer to 2 Qd3/Qa3+ (Kb2 is attacked too): mate on the spot, instead of at move 6.
        Replay.Report r = Records.replay("marseillais-braca-ending.txt", MultiMoveVariants.MARSEILLAIS_OLD_RULES);
        assertEquals(3, r.turns().size());
        assertEquals("Qd3/Qa3#", Records.lastNotation(r));
        assertEquals("checkmate", r.termination(Optional.empty()));
        assertTrue(r.stoppedBecause().orElseThrow().startsWith("the game was already over"), r.stoppedBecause().toString());
    }

    @Test
    void galvins_underpromotion_a_queen_would_have_ended_whites_turn() {
        // 7 e4, exd5, dxc6, cxb7, bxa8(B), Bxh1, Na3: "promotion to Q would have given check and ended White's turn"
        Replay.Report before = Records.replayCorrected("progressive-galvin-black.txt", 3, Side.BLACK, "Nxf4", "Nxh4");
        Position p = before.turns().get(5).after();
        assertEquals(Side.WHITE, p.sideToMove());
        assertTrue(Referee.judge(p, "e4, exd5, dxc6, cxb7, bxa8(B), Bxh1, Na3").isAccepted());
        Verdict.Rejected queen = (Verdict.Rejected) Referee.judge(p, "e4, exd5, dxc6, cxb7, bxa8(Q), Bxh1, Na3");
        assertEquals(Reason.CHECK_ENDS_TURN, queen.why().reason());
        assertEquals("Bxh1", queen.why().moveText());
    }
}
