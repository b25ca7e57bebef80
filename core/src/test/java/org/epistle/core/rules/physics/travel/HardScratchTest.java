package org.epistle.core.rules.physics.travel;

import java.util.List;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.core.rules.position.Position;
import org.junit.jupiter.api.Test;

class HardScratchTest {
    static final List<String> HARD = List.of(
            "b2r1k2/3p1n2/3Ppb1n/pNP5/2P1pP1p/7B/p7/R5K1 w - - 2 7 travel:Nf1:g1>e2,Bb2:c1>a3,Rg2:h2>c2,qg3:g5>g2,Qe4:c2>f5,rh7:h6>h8",
            "8/1B6/2R5/4k3/2p1P3/3rn3/3N4/4B1K1 w - - 7 10 travel:Rf2:f1>f4,Ng2:f2>h1,ra3:a4>a1,bf3:h1>e4,ne4:e5>f3,rg4:g6>g3,Ne7:e8>f6,Ng7:g8>h6,qg8:c8>h8",
            "5k2/7P/8/Pppp1N1P/4n1p1/5Pp1/K7/8 w - - 0 8 travel:Qb1:a1>e1,Rb2:a2>f2,ne2:e1>d3,Bg2:h3>f1,Pb3:b2>b4,Bb4:d2>a5,bd4:c5>g1,nd4:d3>e5,bf5:c8>g4,ra6:a8>a4,rg6:g7>g5,Rb7:b8>b6,qd8:c8>e8",
            "8/4b3/b2pp2p/1p3pP1/1P1pPB2/P1P2P2/4NK2/7R b - - 1 5 travel:Na2:a3>b1,Rb2:a2>d2,Qb3:c2>a4,Ph3:h2>h4,pa6:a7>a5,Bc6:g2>b7,qe6,pg6:g7>g5,nh6,nb7:b8>a6,rb8:a8>d8,kd8:e8>c8,rg8:h8>e8",
            "r4k2/5P2/3P4/pp1B3r/p1p4P/5p2/2n4K/7R b - h3 3 7 travel:Rb3:b2>b5,Qg3:g1>g4,Ne4:e5>d3,Bg5:c1>h6,ng6:f6>h7,bb7:c8>a6,bg7:h8>e5",
            "1n5r/rp3k2/8/p1p4p/2b3PP/PP3P1R/8/4K3 b - - 3 6 travel:Rb1:a1>e1,Nc2:c3>d1,Nh2:h3>g1,Bd3:f1>c4,Be5:f6>a1,ng7:g8>h6,Qd8:c8>g8",
            "4k3/2P5/5P1b/p4Pp1/P1N1q1b1/7p/8/B2RK3 w - - 0 8 travel:Rf1:h1>c1,Be2:f1>a6,Qc3:b4>d2,ne4:e5>d3,rh5:h8>h4,rc7:a7>f7",
            "4k2R/8/1pP4R/p2p4/P1pP4/2P5/R7/1K6 b - - 10 8 travel:Nb1,Qd1:b1>g1,Bd2:f4>c1,Rf3:h3>d3,qh3:h2>h5,bc5:f8>a3,qc7:c5>c8,rd8:a8>e8,nd8:e8>c7,rf8:h8>c8");

    @Test
    void hard() {
        int budget = Integer.getInteger("budget", 2_000_000);
        for (String fen : HARD) {
            Position p = Fen.read(new Ruleset(VariantCatalog.find("progressive-lene-hau").orElseThrow(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), fen);
            long t0 = System.nanoTime();
            LeneHau.SearchAnswer a = LeneHau.wholeTurn(p, budget);
            Scene sc = Scene.of(p);
            StringBuilder ks = new StringBuilder();
            for (int k = 1; k <= p.movesThisTurn(); k++) ks.append(Surroundings.hopeless(sc, p.sideToMove(), sc.travelling(p.sideToMove()), k) ? "1" : "0");
            System.out.println("HARD proofs by k " + ks);
            System.out.println("HARD " + a + " " + (System.nanoTime() - t0) / 1_000_000 + " ms " + fen.substring(0, 30));
        }
    }
}
