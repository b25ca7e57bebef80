package org.epistle.core.rules.physics.travel;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;

/** Test language for Lene Hau Chess: from a position, players send turns; what stands on a square, who travels where. */
final class LeneHauGame {
    private Position position;
    private String lastNotation = "";

    private LeneHauGame(Position position) {
        this.position = position;
    }

    static LeneHauGame start(Variant variant) {
        return new LeneHauGame(Position.start(Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES)));
    }

    static LeneHauGame armies(Variant variant, org.epistle.core.rules.piece.Army white, org.epistle.core.rules.piece.Army black) {
        return new LeneHauGame(Position.start(Ruleset.of(variant, white, black)));
    }

    static LeneHauGame position(String fen) {
        return position(PhysicsVariants.LENE_HAU, fen);
    }

    static LeneHauGame position(Variant variant, String fen) {
        return new LeneHauGame(Fen.read(Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), fen));
    }

    /** Each turn in order, every one of them accepted. */
    LeneHauGame plays(String... turns) {
        for (String t : turns) {
            Verdict v = Referee.judge(position, t);
            if (v instanceof Verdict.Rejected r) {
                fail("turn " + position.turnNumber() + " " + position.sideToMove().label() + " \"" + t + "\" refused: "
                        + r.why().fullText() + "\n" + Fen.write(position));
            }
            Verdict.Accepted a = assertInstanceOf(Verdict.Accepted.class, v);
            position = a.position();
            lastNotation = a.notation();
        }
        return this;
    }

    /** The turn is refused, and nothing changes. */
    Illegality refuses(String turn) {
        Verdict v = Referee.judge(position, turn);
        if (v instanceof Verdict.Accepted a) {
            fail("\"" + turn + "\" was accepted as " + a.notation());
        }
        return ((Verdict.Rejected) v).why();
    }

    Position position() {
        return position;
    }

    String lastNotation() {
        return lastNotation;
    }

    /**
     * What stands on a square, the piece at rest first: "p" a black pawn at rest, "R>g7" a white
     * rook travelling to g7, "B" a second white piece at rest.
     */
    List<String> on(String square) {
        Square sq = Square.of(square);
        List<String> out = new ArrayList<>();
        position.pieceAt(sq).ifPresent(p -> out.add(letter(p.type().letter(), p.side())));
        for (Physics.Traveller t : position.physics().travellers()) {
            if (t.at().equals(sq)) {
                out.add(letter(t.piece().type().letter(), t.piece().side()) + (t.isResting() ? "" : ">" + t.destination().name()));
            }
        }
        return out;
    }

    private static String letter(char c, Side side) {
        return String.valueOf(side == Side.WHITE ? c : Character.toLowerCase(c));
    }
}
