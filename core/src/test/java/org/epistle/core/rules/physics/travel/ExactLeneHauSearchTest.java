package org.epistle.core.rules.physics.travel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Progressive Lene Hau's end-of-game search is exact: the proof from the king's surroundings
 * ({@link Surroundings}) only cuts part-turns that the plain search also finds hopeless, the answers
 * are those of the plain search wherever that one finishes, and the positions of the bench's random
 * games that used to be cut short are decided.
 */
class ExactLeneHauSearchTest {
    private static final Ruleset RULES = new Ruleset(VariantCatalog.find("progressive-lene-hau").orElseThrow(), Armies.FABULOUS_FIDES,
            Armies.FABULOUS_FIDES);

    private static Position position(String fen) {
        return Fen.read(RULES, fen);
    }

    /** Positions of the bench's random games whose searches go deep (the king in trouble), from several seeds. */
    private static final List<String> DEEP = List.of(
            "b2r1k2/3p1n2/3Ppb1n/pNP5/2P1pP1p/7B/p7/R5K1 w - - 2 7 travel:Nf1:g1>e2,Bb2:c1>a3,Rg2:h2>c2,qg3:g5>g2,Qe4:c2>f5,rh7:h6>h8",
            "8/1B6/2R5/4k3/2p1P3/3rn3/3N4/4B1K1 w - - 7 10 travel:Rf2:f1>f4,Ng2:f2>h1,ra3:a4>a1,bf3:h1>e4,ne4:e5>f3,rg4:g6>g3,"
                    + "Ne7:e8>f6,Ng7:g8>h6,qg8:c8>h8",
            "5k2/7P/8/Pppp1N1P/4n1p1/5Pp1/K7/8 w - - 0 8 travel:Qb1:a1>e1,Rb2:a2>f2,ne2:e1>d3,Bg2:h3>f1,Pb3:b2>b4,Bb4:d2>a5,"
                    + "bd4:c5>g1,nd4:d3>e5,bf5:c8>g4,ra6:a8>a4,rg6:g7>g5,Rb7:b8>b6,qd8:c8>e8",
            "r4k2/5P2/3P4/pp1B3r/p1p4P/5p2/2n4K/7R b - h3 3 7 travel:Rb3:b2>b5,Qg3:g1>g4,Ne4:e5>d3,Bg5:c1>h6,ng6:f6>h7,"
                    + "bb7:c8>a6,bg7:h8>e5",
            "1n5r/rp3k2/8/p1p4p/2b3PP/PP3P1R/8/4K3 b - - 3 6 travel:Rb1:a1>e1,Nc2:c3>d1,Nh2:h3>g1,Bd3:f1>c4,Be5:f6>a1,"
                    + "ng7:g8>h6,Qd8:c8>g8",
            "4k3/2P5/5P1b/p4Pp1/P1N1q1b1/7p/8/B2RK3 w - - 0 8 travel:Rf1:h1>c1,Be2:f1>a6,Qc3:b4>d2,ne4:e5>d3,rh5:h8>h4,"
                    + "rc7:a7>f7",
            "1r2n3/p3b1k1/p3pp2/2pP3p/6PP/P2P4/2K1PPB1/R7 b - - 4 5 travel:Ng2:g1>f3,Bc3:b2>f6,Rg3:h3>f3,Nd4:c4>e5,"
                    + "Qg5:f4>h6,qb6:d8>a5,bc6:d7>b5,pg6:g7>g5,rf8:g8>e8",
            "3rk3/4b3/1p1p2Pn/p1p5/1n1PB2P/PPN5/2P4K/8 w - - 0 7 travel:Rc1:b1>e1,qe1:d1>f1,Qd2:c1>f4,Rg2:g1>g3,bc4:e6>b3,"
                    + "qg5:d8>h4,rh6:h8>h5");

    @Test
    void every_part_turn_the_proof_cuts_is_hopeless_for_the_plain_search_too() {
        SplittableRandom random = new SplittableRandom(17);
        List<Position> positions = new ArrayList<>();
        DEEP.forEach(fen -> positions.add(position(fen)));
        positions.addAll(LeneHauWalks.from(Position.start(RULES), 4, 12, 5L));
        int proved = 0;
        int checked = 0;
        for (Position p : positions) {
            Side side = p.sideToMove();
            int moves = p.movesThisTurn();
            for (int walk = 0; walk < 15 && moves > 1; walk++) {
                // given a part-turn reached by random legal moves, when the proof says that no end of the turn is safe...
                Scene scene = Scene.of(p);
                List<Trip> older = scene.travelling(side);
                for (int played = 0; played < moves; played++) {
                    int left = moves - played;
                    if (Surroundings.hopeless(scene, side, older, left)) {
                        proved++;
                        // ...then the plain search, which tries every way on, finds none either
                        Safety.Answer plain = Safety.restOfTurn(scene.copy(), side, older, left, 100_000, false);
                        if (!plain.cutShort()) {
                            checked++;
                            assertFalse(plain.exists(), () -> "the proof cut a part-turn that has a safe end, in " + Fen.write(p));
                        }
                        break;
                    }
                    List<Order> legal = legalOrders(scene, side, played == 0);
                    if (legal.isEmpty()) {
                        break;
                    }
                    scene.play(legal.get(random.nextInt(legal.size())), side);
                    if (scene.kingTaken[side.opponent().ordinal()] || scene.inCheck(side.opponent())) {
                        break;
                    }
                }
            }
        }
        assertTrue(checked >= 20, "part-turns cut by the proof and checked: " + checked + " of " + proved);
    }

    @Test
    void exact_answers_are_the_plain_searchs_wherever_it_finishes() {
        int compared = 0;
        int decidedNow = 0;
        for (Position p : LeneHauWalks.from(Position.start(RULES), 8, 14, 3L)) {
            if (p.movesThisTurn() <= 1) {
                continue;
            }
            Scene scene = Scene.of(p);
            Side side = p.sideToMove();
            Safety.Answer exact = Safety.wholeTurnWithin(scene, side, p.movesThisTurn(), Safety.EXACT);
            assertFalse(exact.cutShort());
            Safety.Answer plain = Safety.wholeTurnWithin(Scene.of(p), side, p.movesThisTurn(), 20_000, false);
            if (plain.cutShort()) {
                decidedNow++;
            } else {
                assertEquals(plain.exists(), exact.exists(), () -> Fen.write(p));
                compared++;
            }
        }
        assertTrue(compared > 50, "compared " + compared + ", decided only now " + decidedNow);
    }

    @Test
    void a_white_king_shut_in_on_g1_and_h1_under_an_arriving_queen_has_no_whole_turn() {
        // From bench engine's random games (seed 7), cut short before. White must play 13 moves. Black's
        // queen travelling g5>g2 stands on g3 and arrives on g2 after White's turn, next to g1, h1, f1 and
        // f2. White's king can never leave {g1, h1}: f1, f2 and g2 hold White's own travellers till the turn
        // ends, h2 is next to the queen. Nothing can take a traveller, so every end is in danger.
        Position p = position("b2r1k2/3p1n2/3Ppb1n/pNP5/2P1pP1p/7B/p7/R5K1 w - - 2 7 travel:Nf1:g1>e2,Bb2:c1>a3,Rg2:h2>c2,"
                + "qg3:g5>g2,Qe4:c2>f5,rh7:h6>h8");
        assertEquals(new LeneHau.SearchAnswer(false, false, 201).exists(), LeneHau.wholeTurn(p, LeneHau.EXACT).exists());
        assertFalse(LeneHau.wholeTurn(p, LeneHau.EXACT).cutShort());
        assertTrue(LeneHau.wholeTurn(p, LeneHau.FORMER_BUDGET).cutShort());
    }

    @Test
    void the_positions_the_search_used_to_cut_short_are_decided() {
        // Black's castling king is on its way d8>c8 (seed 7 of the bench, cut short before)
        assertDecided(false, "8/4b3/b2pp2p/1p3pP1/1P1pPB2/P1P2P2/4NK2/7R b - - 1 5 travel:Na2:a3>b1,Rb2:a2>d2,Qb3:c2>a4,Ph3:h2>h4,"
                + "pa6:a7>a5,Bc6:g2>b7,qe6,pg6:g7>g5,nh6,nb7:b8>a6,rb8:a8>d8,kd8:e8>c8,rg8:h8>e8");
        // White's king on a2 under Black's rook coming down the a-file; 15 moves (seed 1; the plain search needs 200,000 part-turns)
        assertDecided(false, "5k2/7P/8/Pppp1N1P/4n1p1/5Pp1/K7/8 w - - 0 8 travel:Qb1:a1>e1,Rb2:a2>f2,ne2:e1>d3,Bg2:h3>f1,"
                + "Pb3:b2>b4,Bb4:d2>a5,bd4:c5>g1,nd4:d3>e5,bf5:c8>g4,ra6:a8>a4,rg6:g7>g5,Rb7:b8>b6,qd8:c8>e8");
        // two whose turn exists but lies deep: 19 and 14 moves (seeds 7 and 11)
        assertDecided(true, "8/1B6/2R5/4k3/2p1P3/3rn3/3N4/4B1K1 w - - 7 10 travel:Rf2:f1>f4,Ng2:f2>h1,ra3:a4>a1,bf3:h1>e4,"
                + "ne4:e5>f3,rg4:g6>g3,Ne7:e8>f6,Ng7:g8>h6,qg8:c8>h8");
        assertDecided(true, "r4k2/5P2/3P4/pp1B3r/p1p4P/5p2/2n4K/7R b - h3 3 7 travel:Rb3:b2>b5,Qg3:g1>g4,Ne4:e5>d3,Bg5:c1>h6,"
                + "ng6:f6>h7,bb7:c8>a6,bg7:h8>e5");
    }

    private static void assertDecided(boolean exists, String fen) {
        LeneHau.SearchAnswer a = LeneHau.wholeTurn(position(fen), LeneHau.EXACT);
        assertFalse(a.cutShort(), fen);
        assertEquals(exists, a.exists(), fen);
    }

    /** The orders the search would try: legal as chess, and not leaving the king in check in the picture. */
    private static List<Order> legalOrders(Scene scene, Side side, boolean first) {
        List<Order> out = new ArrayList<>();
        boolean inCheck = first && scene.inCheck(side);
        for (Order o : scene.orders(side)) {
            if (!Safety.isChessLegal(scene, o, side, inCheck)) {
                continue;
            }
            Scene next = scene.copy();
            next.play(o, side);
            if (!next.inCheck(side)) {
                out.add(o);
            }
        }
        return out;
    }
}
