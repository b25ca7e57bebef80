package org.epistle.core.rules.variant;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.physics.realm.RealmChess;
import org.epistle.core.rules.physics.realm.Realms;

/**
 * Edward Jackman's Realm Chess and its two forms. Their turns (several men at once, men put on
 * squares without a move) are new kinds of turn, so each variant carries a {@link RealmChess}
 * turn rule; the summaries say how Epistle reads what the document leaves open.
 */
public final class RealmVariants {
    private RealmVariants() {
    }

    /** The readings shared by the three games, after what a turn is. */
    private static final String TOGETHER = """
            The men of a turn move at the same moment: each move is judged on the board as it stood \
            when the turn began (its path must be clear then and its square empty then), no man takes \
            part twice, and no two men may end on one square. So one turn can give check with several \
            men at once. Only a standard move captures, en passant included; a concentration or \
            dispersal goes to empty squares only. Castling is a standard move and never part of a \
            turn of several men. The king may take part like any man. A pawn in a concentration or \
            dispersal may make its double step (and can then be taken en passant) and is promoted on \
            the last rank (write e7-e8=Q); a rearrangement may not put a pawn on its first or last \
            rank, and must change the board (two pawns changing places is no turn). A king or rook \
            that leaves its square in any way loses its castling. Your king must \
            not be in check when the turn ends; it may be in check before. Check and mate are judged \
            on the position after the whole turn: you are mated when you are in check and no turn of \
            any kind (standard move, concentration, dispersal or rearrangement) gets you out; with no \
            turn at all and no check the game is drawn by stalemate. The fifty-move count restarts \
            with a capture or a pawn's chess move. \
            Write a standard move as usual (e4, Nxf7, O-O); the moves of a concentration or \
            dispersal joined by commas, each man with the square he leaves (Nb1-c3, d2-d4); a \
            rearrangement as each man's square, =, and the square he is put on (Ke1=f1, Bf1=e1).""";

    public static final Variant REALM = realm("realm", "Realm Chess",
            "Each turn a standard move, or up to four men into or out of one 2x2 realm, or a realm's men rearranged (Jackman).",
            """
            Edward Jackman's Realm Chess. The board is cut into sixteen realms of 2x2 squares: a1-b2, \
            c1-d2, e1-f2, g1-h2, a3-b4 and so on up to g7-h8. A turn is one of four things. A standard \
            move: one chess move, the only kind of turn that captures. A concentration: two to four of \
            your men each make a chess move, and all of them end in one realm (a man already inside \
            may move within it). A dispersal: two to four of your men that stand in one realm each \
            make a chess move that takes him out of it. A rearrangement: any or all of your men in one \
            realm are put on squares of that realm however you like, whatever their way of moving - \
            they may swap squares or take empty squares of the realm; the opponent's men there stay \
            where they are. Kinds are not mixed in one turn. """ + TOGETHER,
            Realms.SIXTEEN, false, List.of("realm-chess"));

    public static final Variant POWER_REALM = realm("power-realm", "Power Realm Chess",
            "Realm Chess in which a concentration, a dispersal and a rearrangement may share one turn about one realm.",
            """
            Realm Chess (sixteen 2x2 realms; a turn is a standard move, a concentration, a dispersal \
            or a rearrangement) with one change: the three kinds may be combined in one turn as long \
            as a single realm is involved. In such a turn up to four of your men make chess moves \
            ending in the realm, up to four men of the realm make chess moves out of it, and any of \
            the realm's other men of yours are put on its squares as you like. A man put on a square \
            may take a square that a man of the same turn leaves; a man making a chess move needs a \
            square that was empty when the turn began. """ + TOGETHER,
            Realms.SIXTEEN, true, List.of("power-realm-chess"));

    public static final Variant FREE_REALM = realm("free-realm", "Free Realm Chess",
            "Realm Chess in which any 2x2 block of squares is a realm (49 overlapping realms).",
            """
            Realm Chess in which a realm is any block of 2x2 squares, wherever it lies, so the 49 \
            realms overlap. A concentration is two to four chess moves of your men that all end \
            within some 2x2 block; a dispersal is two to four chess moves of men that all stand within \
            some 2x2 block, each ending outside that block; a rearrangement puts your men on squares \
            as you like as long as all the squares they leave and take lie within one 2x2 block. A \
            standard move is a single chess move, as always, and kinds are not mixed in one turn. """ + TOGETHER,
            Realms.ANY_BLOCK, false, List.of("free-realm-chess"));

    public static final List<Variant> ALL = List.of(REALM, POWER_REALM, FREE_REALM);

    private static Variant realm(String key, String name, String summary, String rules, Realms realms, boolean combined,
                                 List<String> aliases) {
        return new Variant(key, name, summary, rules, aliases, Geometry.STANDARD, new TurnSchedule.Fixed(1),
                CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN, WinCondition.CHECKMATE, NotationStyle.REALM,
                List.of(new RealmChess(name, realms, combined)));
    }
}
