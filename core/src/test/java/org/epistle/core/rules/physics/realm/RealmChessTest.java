package org.epistle.core.rules.physics.realm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.variant.RealmVariants;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** Realm Chess and its Power and Free forms, rule by rule, through the referee. */
class RealmChessTest {

    private static Play realm(String fen) {
        return Play.from(RealmVariants.REALM, fen);
    }

    private static Illegality refused(Play game, String turn, Reason reason) {
        Illegality why = game.refuses(turn).why();
        assertEquals(reason, why.reason(), why::fullText);
        return why;
    }

    // ---- the four kinds of turn

    @Test
    void a_standard_move_is_written_and_judged_as_in_chess() {
        Play game = realm(null);
        assertEquals("e4", game.accepts("e2-e4").notation());
        assertEquals("d5", game.accepts("d5").notation());
        assertEquals("exd5", game.accepts("exd5").notation(), "only a standard move captures, and it does");
    }

    @Test
    void a_concentration_brings_men_into_one_realm_at_once() {
        Play game = realm(null);
        Verdict.Accepted a = game.accepts("Nc3, c4, d4");
        assertEquals("Nb1-c3, c2-c4, d2-d4", a.notation(), "each man is written with the square he leaves");
        assertEquals("rnbqkbnr/pppppppp/8/8/2PP4/2N5/PP2PPPP/R1BQKBNR", game.board());
        assertEquals(Side.BLACK, game.position().sideToMove());
        assertEquals(0, game.position().halfmoveClock(), "pawns moved: the fifty-move count starts again");
    }

    @Test
    void four_men_may_concentrate_and_the_king_may_be_one_of_them() {
        Play game = realm("4k3/8/8/8/8/1B6/1N6/R3K3 w - - 0 1");
        assertEquals("Ke1-d2, Ra1-c1, Nb2-d1, Bb3-c2", game.accepts("Kd2, Rc1, Nd1, Bc2").notation());
        assertEquals("4k3/8/8/8/8/8/2BK4/2RN4", game.board());
    }

    @Test
    void a_dispersal_sends_men_out_of_one_realm_and_leaves_en_passant_chances() {
        Play game = realm(null);
        assertEquals("Nb1-c3, a2-a4, b2-b4", game.accepts("Nb1-c3, a2-a4, b2-b4").notation());
        assertEquals("rnbqkbnr/pppppppp/8/8/PP6/2N5/2PPPPPP/R1BQKBNR", game.board());
        Play black = realm("4k3/8/8/8/2p5/8/PP6/4K3 w - - 0 1");
        black.accepts("a2-a4, b2-b4");
        assertEquals("cxb3", black.accepts("cxb3").notation(), "a double step in a dispersal can be taken en passant");
    }

    @Test
    void a_rearrangement_puts_a_realms_men_where_the_player_likes() {
        Play game = realm(null);
        assertEquals("Ke1=f1, Bf1=e1", game.accepts("Ke1=f1, Bf1=e1").notation());
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR b kq - 1 1", Fen.write(game.position()),
                "the king has left its square, so White may no longer castle; no pawn moved, so the count goes on");
        refused(game, "e7=f7, f7=e7", Reason.REALM_NOTHING_MOVES); // two pawns changing places: a pass
        Play stays = realm("4k3/8/8/8/8/8/8/4KB1R w K - 0 1");
        assertEquals("Bf1=f2", stays.accepts("Ke1=e1, Bf1=f2").notation(),
                "a man put on his own square stays where he is and is not written");
        assertTrue(Fen.write(stays.position()).contains(" K "), "the king did not leave e1, so White may still castle");
        assertEquals("Ke8=f8, Bf8=e8", game.accepts("Ke8=f8, Bf8=e8").notation());
    }

    // ---- the men of a turn move at once

    @Test
    void a_pinned_man_may_go_when_another_man_of_the_turn_takes_its_place_in_the_line() {
        Play alone = realm("4r1k1/8/8/8/8/8/4B1N1/4K3 w - - 0 1");
        refused(alone, "Be2-f3", Reason.LEAVES_KING_IN_CHECK);
        assertEquals("Be2-f3, Ng2-e3", realm("4r1k1/8/8/8/8/8/4B1N1/4K3 w - - 0 1").accepts("Be2-f3, Ng2-e3").notation());
    }

    @Test
    void each_move_is_judged_on_the_board_as_the_turn_found_it() {
        Play game = realm(null);
        refused(game, "a2-a3, Ra1-a2", Reason.OWN_PIECE_ON_TARGET);
        Illegality blocked = refused(realm("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), "a2-a3, Ra1-a3", Reason.PATH_BLOCKED);
        assertEquals("The path from a1 to a3 is blocked by the white pawn on a2.", blocked.explanation());
    }

    @Test
    void one_turn_can_check_with_two_men_and_a_double_check_is_not_answered_by_one_capture() {
        Play game = realm("3rk3/8/8/1N6/4B3/8/8/7K w - - 0 1");
        assertEquals("Nb5-d6, Be4-c6+", game.accepts("Nb5-d6, Be4-c6").notation());
        Illegality why = refused(game, "Rxd6", Reason.REALM_STILL_IN_CHECK);
        assertEquals("Any kind of turn may answer a check, for example Kf8.", why.hint(), "the answer offers a way out");
        game.accepts("Ke7");
    }

    @Test
    void a_pawn_promotes_in_a_concentration_written_as_usual() {
        Play game = realm("7k/1P6/1N6/8/8/8/8/K7 w - - 0 1");
        refused(game, "b7-b8, Nb6-a8", Reason.PROMOTION_PIECE_MISSING);
        assertEquals("b7-b8=Q, Nb6-a8+", game.accepts("b7-b8=Q, Nb6-a8").notation());
    }

    // ---- refusals, as the server answers them

    @Test
    void given_the_start_when_white_sends_five_men_then_the_server_counts_them() {
        Illegality why = refused(realm(null), "Nb1-c3, c2-c4, d2-d4, Ng1-f3, e2-e4", Reason.REALM_TOO_MANY_MEN);
        assertEquals("A concentration or a dispersal moves at most four men, and this turn moves 5.", why.explanation());
    }

    @Test
    void given_the_start_when_white_sends_moves_ending_in_two_realms_then_the_server_names_the_squares() {
        Illegality why = refused(realm(null), "Nb1-c3, Ng1-f3", Reason.REALM_NOT_ONE_REALM);
        assertEquals("These moves neither all end in one realm (a concentration) nor all start in one realm and leave it "
                + "(a dispersal): they go from b1, g1 to c3, f3.", why.explanation());
        assertTrue(why.hint().contains("a1-b2, c1-d2"), why.hint());
    }

    @Test
    void given_a_capture_in_a_concentration_then_the_server_says_only_a_standard_move_captures() {
        Play game = realm(null).after("e4", "d5");
        Illegality why = refused(game, "exd5, Nc3", Reason.REALM_CAPTURE);
        assertEquals("A pawn on e4 would capture on d5, but a man can only be captured by a standard move, "
                + "a turn of that one move alone.", why.explanation());
        assertEquals("exd5", why.moveText());
        refused(game, "e4-d5, Nc3", Reason.REALM_CAPTURE);
    }

    @Test
    void given_a_rearrangement_that_takes_a_man_out_of_his_realm_then_the_server_names_the_realm() {
        Illegality why = refused(realm(null), "Ng1=h3", Reason.REALM_OUTSIDE_REALM);
        assertEquals("A rearrangement keeps its men inside one realm, so your knight on g1 cannot be put on h3: "
                + "h3 is not in g1's realm, g1-h2.", why.explanation());
        refused(realm(null), "Qd1=e1, Ke1=d1", Reason.REALM_OUTSIDE_REALM);
    }

    @Test
    void given_a_turn_mixing_kinds_outside_power_realm_then_the_server_refuses_it() {
        Illegality why = refused(realm(null), "e2-e4, Ke1=e2, Bf1=e1", Reason.REALM_MIXED);
        assertEquals("A turn of Realm Chess is one kind of thing: a standard move, a concentration, a dispersal or a "
                + "rearrangement; this one mixes moves (e2-e4) with men put on squares (Ke1=e2, Bf1=e1).", why.explanation());
    }

    @Test
    void given_a_concentration_that_uncovers_the_king_then_the_server_says_the_turn_ends_in_check() {
        Illegality why = refused(realm("4r1k1/8/8/8/8/8/4B3/1N2K3 w - - 0 1"), "Be2-d3, Nb1-c3", Reason.TURN_ENDS_IN_CHECK);
        assertEquals("At the end of the turn your king on e1 would be in check from the black rook on e8.", why.explanation());
    }

    @Test
    void the_other_refusals_of_a_turn_of_several_men() {
        refused(realm(null).after("e4", "e5"), "O-O, a2-a3", Reason.REALM_CASTLING);
        refused(realm(null), "Ke1=f1, Ke1=e2", Reason.SAME_MAN_AGAIN);
        refused(realm("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"), "Nb1-c3, Nd1-c3", Reason.REALM_SAME_SQUARE);
        assertEquals("Your king on e1 cannot be put on f1: the black knight stands there and stays.",
                refused(realm("4k3/8/8/8/8/8/8/4Kn2 w - - 0 1"), "Ke1=f1", Reason.REALM_SQUARE_TAKEN).explanation());
        refused(realm(null), "Ke1=f1", Reason.REALM_SQUARE_TAKEN);
        assertEquals("A rearrangement may not put a pawn on its first or last rank, and g1 is your pawn's first rank.",
                refused(realm("k7/8/8/8/8/8/7P/6K1 w - - 0 1"), "Kg1=h2, h2=g1", Reason.REALM_PAWN_RANK).explanation());
        refused(realm(null), "Ke1=e1", Reason.REALM_NOTHING_MOVES);
        refused(realm(null), "Ke1=e2", Reason.REALM_SQUARE_TAKEN);
        refused(realm(null), "Ne1=f1", Reason.WRONG_PIECE_NAMED);
        refused(realm(null), "e7=f7", Reason.OPPONENTS_PIECE);
        assertEquals("Realm Chess has no united moves (Ra1-a3&Nb1-b3): write each man's move apart, joined by commas.",
                refused(realm("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"), "Ra1-a3&Nb1-b3", Reason.MOVE_NOT_IN_VARIANT).explanation());
        Illegality unreadable = refused(realm(null), "K=f1", Reason.UNREADABLE);
        assertTrue(unreadable.fullText().contains("for example Nb1-c3, d2-d4"), unreadable.fullText());
    }

    @Test
    void what_the_server_writes_reads_back_to_the_same_position() throws Exception {
        String text;
        try (var in = RealmChessTest.class.getResourceAsStream("/records/realm-sample.txt")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        for (Variant v : java.util.List.of(RealmVariants.REALM, RealmVariants.POWER_REALM, RealmVariants.FREE_REALM)) {
            Play game = Play.from(v, null);
            for (GameRecord.Turn turn : GameRecord.read(text).turns()) {
                var before = game.position();
                Verdict.Accepted asSent = game.accepts(turn.text());
                Verdict.Accepted asWritten = Play.at(before).accepts(asSent.notation());
                assertEquals(asSent.notation(), asWritten.notation(), v.key());
                assertEquals(Fen.write(asSent.position()), Fen.write(asWritten.position()), v.key() + " " + turn.text());
            }
        }
    }

    @Test
    void other_variants_refuse_a_man_put_on_a_square() {
        Play chess = Play.from(VariantCatalog.CHESS, null);
        Illegality why = refused(chess, "Ke1=f1", Reason.MOVE_NOT_IN_VARIANT);
        assertTrue(why.explanation().startsWith("Chess has no placing of men on squares (Ke1=f1)"), why.explanation());
        Play momentum = Play.from(VariantCatalog.MOMENTUM, null);
        assertEquals("Momentum Chess has no united moves (e2-e4&d2-d4): write each man's move apart, joined by commas.",
                refused(momentum, "e2-e4&d2-d4", Reason.MOVE_NOT_IN_VARIANT).explanation(), "it used to play e2-e4 and drop the rest");
    }

    // ---- Power Realm and Free Realm

    @Test
    void power_realm_combines_a_dispersal_and_a_rearrangement_of_one_realm() {
        Play game = Play.from(RealmVariants.POWER_REALM, null);
        assertEquals("e2-e4, Ke1=e2, Bf1=e1", game.accepts("e2-e4, Ke1=e2, Bf1=e1").notation());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPKPPP/RNBQB1NR", game.board());
        Illegality why = refused(Play.from(RealmVariants.POWER_REALM, null), "Nb1-c3, Ke1=f1, Bf1=e1", Reason.REALM_NOT_ONE_REALM);
        assertTrue(why.explanation().startsWith("A turn of Power Realm Chess may combine a concentration, a dispersal and a "
                + "rearrangement only about one realm"), why.explanation());
    }

    @Test
    void power_realm_a_chess_move_needs_a_square_empty_when_the_turn_began_a_man_put_down_does_not() {
        // e1-f2 is the one realm: the pawn leaves it, the knight would enter it on the square the pawn leaves
        Illegality why = refused(Play.from(RealmVariants.POWER_REALM, null), "e2-e4, Ng1-e2", Reason.OWN_PIECE_ON_TARGET);
        assertEquals("Your own pawn stands on e2.", why.explanation());
        assertEquals("e2-e4, Bf1=e2", Play.from(RealmVariants.POWER_REALM, null).accepts("e2-e4, Bf1=e2").notation());
        Play game = Play.from(RealmVariants.POWER_REALM, "4k3/8/8/8/8/8/4N3/4KB2 w - - 0 1");
        assertEquals("Ne2-c3, Ke1-f2, Bf1=e2", game.accepts("Ne2-c3, Kf2, Bf1=e2").notation(),
                "the knight leaves, the king moves within the realm, the bishop is put on the square the knight left");
    }

    @Test
    void a_rearrangement_can_give_check() {
        assertEquals("Rg1=h1, Kh1=g1+", realm("7k/8/8/8/8/8/8/6RK w - - 0 1").accepts("Rg1=h1, Kh1=g1").notation());
    }

    @Test
    void free_realm_takes_any_two_by_two_block_as_a_realm() {
        refused(realm(null), "d2-d4, e2-e4", Reason.REALM_NOT_ONE_REALM);
        assertEquals("d2-d4, e2-e4", Play.from(RealmVariants.FREE_REALM, null).accepts("d2-d4, e2-e4").notation());
        assertEquals("Qd1=e1, Ke1=d1", Play.from(RealmVariants.FREE_REALM, null).accepts("Qd1=e1, Ke1=d1").notation());
        Illegality why = refused(Play.from(RealmVariants.FREE_REALM, null), "Ng1=h3", Reason.REALM_OUTSIDE_REALM);
        assertTrue(why.explanation().endsWith("no 2x2 block holds both g1 and h3."), why.explanation());
    }

    // ---- mate knows every kind of turn

    @Test
    void a_back_rank_check_is_not_mate_when_a_rearrangement_gets_the_king_out() {
        Play game = realm("k7/r7/8/8/8/8/5PPB/6K1 b - - 0 1");
        assertEquals("Ra1+", game.accepts("Ra1").notation(), "in chess this would be mate");
        assertFalse(game.position().isOver());
        assertEquals("Kg1=h2, Bh2=g1", game.accepts("Kg1=h2, Bh2=g1").notation());
    }

    @Test
    void a_back_rank_check_is_mate_when_no_turn_of_any_kind_helps() {
        Play game = realm("k7/r7/8/8/8/8/5PPP/6K1 b - - 0 1");
        assertEquals("Ra1#", game.accepts("Ra1").notation());
        assertEquals(new Outcome(Outcome.Result.BLACK_WINS, Outcome.Termination.CHECKMATE), game.position().outcome().orElseThrow());
    }

    @Test
    void any_jumble_of_moves_and_placements_gets_an_answer_never_a_crash() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        String[] pieces = {"", "K", "Q", "R", "B", "N", "P"};
        String[] joins = {"-", "x", "=", ""};
        for (Variant v : java.util.List.of(RealmVariants.REALM, RealmVariants.POWER_REALM, RealmVariants.FREE_REALM)) {
            for (String fen : new String[] {null, "r3k2r/pp1n1ppp/2p1b3/q7/3P4/2N2N2/PP3PPP/R2QK2R w KQkq - 0 1"}) {
                var start = Play.from(v, fen).position();
                for (int t = 0; t < 3000; t++) {
                    StringBuilder turn = new StringBuilder();
                    int parts = 1 + random.nextInt(6);
                    for (int k = 0; k < parts; k++) {
                        turn.append(k == 0 ? "" : ", ").append(pieces[random.nextInt(pieces.length)])
                                .append((char) ('a' + random.nextInt(9))).append(1 + random.nextInt(9))
                                .append(joins[random.nextInt(joins.length)])
                                .append((char) ('a' + random.nextInt(9))).append(1 + random.nextInt(9));
                        if (random.nextInt(10) == 0) {
                            turn.append(random.nextBoolean() ? "=Q" : "+");
                        }
                    }
                    Verdict verdict = org.epistle.core.rules.judge.Referee.judge(start, turn.toString());
                    if (verdict instanceof Verdict.Rejected r) {
                        assertFalse(r.why().explanation().contains("{"), () -> turn + ": " + r.why().explanation());
                    }
                }
            }
        }
    }

    @Test
    void every_variant_is_listed_with_its_rules() {
        for (String key : new String[] {"realm", "power-realm", "free-realm"}) {
            Variant v = VariantCatalog.find(key).orElseThrow();
            assertTrue(v.rules().contains("Ke1=f1, Bf1=e1"), key);
            assertTrue(v.rules().contains("no turn of any kind"), key);
        }
    }
}
