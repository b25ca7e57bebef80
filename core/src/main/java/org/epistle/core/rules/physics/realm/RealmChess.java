package org.epistle.core.rules.physics.realm;

import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Material;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;

/**
 * Realm Chess (Edward Jackman) and its Power and Free forms. A turn is a standard chess move, or
 * several men at once: a concentration (up to four men each make a chess move ending in one
 * realm), a dispersal (up to four men each make a chess move out of one realm) or a
 * rearrangement (men of one realm put on its squares as the player likes). The men of a turn move
 * simultaneously, so every part is judged on the board as the turn found it, and only the standard
 * move captures. Power Realm Chess combines the three about one realm; Free Realm Chess takes any
 * 2x2 block as a realm.
 *
 * @param variantName the variant's name, for explanations
 * @param realms      which 2x2 blocks are realms
 * @param combined    whether concentration, dispersal and rearrangement may be combined (Power Realm)
 */
public record RealmChess(String variantName, Realms realms, boolean combined) implements TurnRule {

    @Override
    public String name() {
        return "realm";
    }

    @Override
    public Verdict judge(Position start, List<MoveText> turn) {
        Verdict verdict = judgeAsWritten(start, turn);
        if (verdict instanceof Verdict.Rejected r && STAYS_IN_CHECK.contains(r.why().reason()) && start.workboard().inCheck(start.sideToMove())) {
            return new Verdict.Rejected(stillInCheck(start, r.why()));
        }
        return verdict;
    }

    /** The refusals that mean "your king would still be in check", which in check get one answer with a way out. */
    private static final java.util.Set<Reason> STAYS_IN_CHECK = java.util.EnumSet.of(Reason.STILL_IN_CHECK,
            Reason.LEAVES_KING_IN_CHECK, Reason.TURN_ENDS_IN_CHECK);

    /**
     * A king in check may get out by a kind of turn chess does not know, so the answer names one the
     * search finds: a rearrangement or a concentration is easy to overlook.
     */
    private Illegality stillInCheck(Position start, Illegality why) {
        Workboard b = start.workboard();
        int king = b.kingSquare(start.sideToMove());
        int attacker = b.checkerOf(king, start.sideToMove().opponent());
        Square kingSquare = start.geometry().square(king);
        Square at = start.geometry().square(attacker);
        String example = RealmSearch.find(start, this).filter(f -> !f.cutShort())
                .map(f -> String.join(", ", f.parts().stream().map(Part::written).toList()))
                .orElse("a standard move, a concentration, a dispersal or a rearrangement");
        return Illegality.of(Reason.REALM_STILL_IN_CHECK).fact("king", kingSquare)
                .fact("attacker", PieceNames.of(start.rules(), b.cell(attacker))).fact("at", at).fact("example", example)
                .mark(kingSquare, at).move(why.moveIndex(), why.moveText()).build();
    }

    private Verdict judgeAsWritten(Position start, List<MoveText> turn) {
        if (turn.size() == 1 && !turn.get(0).placement()) {
            return standardMove(start, turn.get(0));
        }
        RealmTurn.Reading reading = RealmTurn.read(start, turn, this);
        if (reading.why() != null) {
            return new Verdict.Rejected(reading.why());
        }
        List<Part> parts = reading.parts();
        Position played = play(start, parts);
        if (sameBoard(start, played)) {
            // men of one kind changing places: the turn would be a pass, which chess never allows
            return new Verdict.Rejected(Illegality.of(Reason.REALM_NOTHING_MOVES).build());
        }
        Side me = start.sideToMove();
        if (played.workboard().inCheck(me)) {
            return new Verdict.Rejected(endsInCheck(played, me, parts.size() - 1, parts.get(parts.size() - 1).written()));
        }
        List<Move> moves = parts.stream().map(p -> Move.of(p.packed(), start.rules())).toList();
        return finish(played, me, moves, String.join(", ", parts.stream().map(Part::written).toList()));
    }

    /** A turn of Realm Chess has no slips to forgive: as played is as judged. */
    @Override
    public Verdict asPlayed(Position start, List<MoveText> turn) {
        return judge(start, turn);
    }

    @Override
    public boolean isCheck(Position position, Side side) {
        return position.workboard().inCheck(side);
    }

    @Override
    public boolean readsPlacements() {
        return true;
    }

    @Override
    public String turnShape() {
        return "one move; or up to four men's moves that all end in one realm or all leave one realm, each with the square "
                + "he leaves (Nb1-c3, d2-d4); or men of one realm put on its squares (Ke1=f1, Bf1=e1)";
    }

    /** The realms in a few words, for explanations. */
    String realmsInWords() {
        return realms == Realms.SIXTEEN ? "the sixteen 2x2 blocks a1-b2, c1-d2, … g7-h8" : "any 2x2 block of squares";
    }

    /** The parts made at once. The move clock restarts when a pawn makes a chess move. */
    static Position play(Position start, List<Part> parts) {
        int[] packed = new int[parts.size()];
        boolean pawnMoved = false;
        for (int i = 0; i < packed.length; i++) {
            Part p = parts.get(i);
            packed[i] = p.packed();
            pawnMoved |= !p.placed() && start.rules().pieceOf(start.code(p.from())).isPawn();
        }
        return start.playTogether(packed, pawnMoved);
    }

    private static boolean sameBoard(Position a, Position b) {
        for (int sq = 0; sq < a.geometry().size(); sq++) {
            if (a.code(sq) != b.code(sq)) {
                return false;
            }
        }
        return true;
    }

    private Verdict standardMove(Position start, MoveText text) {
        MoveResolver.Resolution r = new MoveResolver(start, text, 0, false, false).resolve();
        if (r.why() != null) {
            return new Verdict.Rejected(r.why());
        }
        return finish(start.play(r.move()), start.sideToMove(), List.of(r.move()), SanWriter.write(start, r.move()));
    }

    /** Ends the turn, marks check or mate, and decides whether the game is over. */
    private Verdict finish(Position played, Side me, List<Move> moves, String written) {
        Position after = played.endTurn();
        boolean check = after.workboard().inCheck(me.opponent());
        boolean canPlay = RealmSearch.hasTurn(after, this);
        if (!canPlay) {
            after = after.withOutcome(check ? new Outcome(Outcome.Result.winner(me), Outcome.Termination.CHECKMATE)
                    : new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
        } else if (after.repetitions() >= 3) {
            after = after.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        } else if (after.halfmoveClock() >= 100) {
            after = after.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.FIFTY_MOVES));
        } else if (Material.isInsufficient(after)) {
            after = after.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.INSUFFICIENT_MATERIAL));
        }
        String mark = !check ? "" : canPlay ? "+" : "#";
        return new Verdict.Accepted(after, moves, written + mark);
    }

    private static Illegality endsInCheck(Position played, Side me, int index, String written) {
        Workboard b = played.workboard();
        int king = b.kingSquare(me);
        int attacker = b.checkerOf(king, me.opponent());
        Square kingSquare = played.geometry().square(king);
        Square at = played.geometry().square(attacker);
        return Illegality.of(Reason.TURN_ENDS_IN_CHECK).fact("king", kingSquare)
                .fact("attacker", PieceNames.of(played.rules(), b.cell(attacker))).fact("at", at)
                .mark(kingSquare, at).move(index, written).build();
    }
}
