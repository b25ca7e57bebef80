package org.epistle.core.rules.variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.Betza;
import org.epistle.core.rules.piece.BetzaException;
import org.epistle.core.rules.piece.Movement;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Role;

/**
 * A variant played with two chosen armies: the table of piece kinds in play, their codes on the
 * board, the starting array, the castlings and the promotion choices. Built once per game.
 *
 * <p>Piece codes: 0 is an empty square; a piece of kind {@code t} and side {@code s} is
 * {@code (t << 1 | s) + 1}.
 */
public final class Ruleset {
    private final Variant variant;
    private final Army white;
    private final Army black;
    private final List<PieceType> types = new ArrayList<>();
    private final int[] start;
    private final List<Castling> castlings = new ArrayList<>();
    private final int[][] promotions = new int[2][];

    /** Rulesets are values built once: the move tables hang off them, so games share them. */
    private static final java.util.Map<List<Object>, Ruleset> SHARED = new java.util.concurrent.ConcurrentHashMap<>();

    /** The ruleset for a variant and two armies, built on first use and shared after that. */
    public static Ruleset of(Variant variant, Army white, Army black) {
        return SHARED.computeIfAbsent(List.of(variant, white, black), k -> new Ruleset(variant, white, black));
    }

    public Ruleset(Variant variant, Army white, Army black) {
        this.variant = variant;
        this.white = white;
        this.black = black;
        Geometry g = variant.geometry();
        if (g.files() != 8 || g.ranks() < 4) {
            throw new IllegalArgumentException("the armies' array needs eight files");
        }
        typeId(Army.KING);
        typeId(Army.PAWN);
        List<Integer> officers = new ArrayList<>();
        for (Army army : List.of(white, black)) {
            for (PieceType p : army.officers()) {
                int id = typeId(p);
                if (!officers.contains(id)) {
                    officers.add(id);
                }
            }
        }
        int[] promo = officers.stream().mapToInt(Integer::intValue).toArray();
        boolean noPromotion = variant.physics(org.epistle.core.rules.physics.ReplacesPromotion.class).isPresent();
        promotions[0] = noPromotion ? new int[0] : promo;
        promotions[1] = promotions[0];
        start = new int[g.size()];
        for (Side side : Side.values()) {
            Army army = army(side);
            int back = g.rankFor(side, 1);
            int pawns = g.rankFor(side, 2);
            for (int file = 0; file < 8; file++) {
                Role role = army.backRank().get(file);
                start[g.index(file, back)] = code(typeId(army.piece(role)), side);
                start[g.index(file, pawns)] = code(typeId(Army.PAWN), side);
            }
            int king = g.index(4, back);
            castlings.add(new Castling(side, true, king, g.index(6, back), g.index(7, back), g.index(5, back)));
            boolean colorbound = army.rook().movement().isColorbound();
            castlings.add(colorbound
                    ? new Castling(side, false, king, g.index(1, back), g.index(0, back), g.index(2, back))
                    : new Castling(side, false, king, g.index(2, back), g.index(0, back), g.index(3, back)));
        }
    }

    private int typeId(PieceType type) {
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).isSamePieceAs(type)) {
                return i;
            }
        }
        types.add(type);
        return types.size() - 1;
    }

    public static int code(int typeId, Side side) {
        return (typeId << 1 | side.ordinal()) + 1;
    }

    public static int typeOf(int code) {
        return (code - 1) >> 1;
    }

    public static Side sideOf(int code) {
        return ((code - 1) & 1) == 0 ? Side.WHITE : Side.BLACK;
    }

    public static int sideIndex(int code) {
        return (code - 1) & 1;
    }

    public Variant variant() {
        return variant;
    }

    public Geometry geometry() {
        return variant.geometry();
    }

    public Army army(Side side) {
        return side == Side.WHITE ? white : black;
    }

    public List<PieceType> types() {
        return List.copyOf(types);
    }

    public int typeCount() {
        return types.size();
    }

    public PieceType type(int typeId) {
        return types.get(typeId);
    }

    public PieceType pieceOf(int code) {
        return types.get(typeOf(code));
    }

    /** The largest piece code in play plus one, for arrays indexed by code. */
    public int codeLimit() {
        return types.size() * 2 + 1;
    }

    public int kingCode(Side side) {
        return code(0, side);
    }

    /** The code of the side's corner piece, the one it castles with. */
    public int cornerCode(Side side) {
        return code(typeIdOfRole(side, Role.ROOK), side);
    }

    public int pawnCode(Side side) {
        return code(1, side);
    }

    public Optional<Integer> typeIdOf(PieceType type) {
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).isSamePieceAs(type)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /**
     * The kind in play that moves as the Betza definition says (records may write one piece two
     * ways: frlRbK and frlRrlbK), or empty when none does or the definition cannot be read.
     */
    public Optional<Integer> typeIdByBetza(String betza) {
        Movement wanted;
        try {
            wanted = Betza.parse(betza);
        } catch (BetzaException e) {
            return Optional.empty();
        }
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).betza().equals(betza) || types.get(i).movement().equals(wanted)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** The kind a side's role letter stands for (N = the knight of that side's army). */
    public int typeIdOfRole(Side side, Role role) {
        return typeIdOf(army(side).piece(role)).orElseThrow();
    }

    /** A copy of the starting array, indexed by square. */
    public int[] startingCells() {
        return start.clone();
    }

    public List<Castling> castlings() {
        return List.copyOf(castlings);
    }

    public Castling castling(int index) {
        return castlings.get(index);
    }

    /** Kinds a pawn of this side may become: the officers of both armies; none where a rule replaces promotion. */
    public int[] promotions(Side side) {
        return promotions[side.ordinal()].clone();
    }

    /** Whether a piece of this code starts the game on this square, for Betza's initial moves. */
    public boolean startsOn(int code, int square) {
        if (typeOf(code) == 1) {
            Side side = sideOf(code);
            int rank = geometry().rankOf(square);
            int nth = side == Side.WHITE ? rank + 1 : geometry().ranks() - rank;
            var pawnStart = variant.physics(org.epistle.core.rules.physics.PawnStart.class);
            if (pawnStart.isPresent()) {
                return pawnStart.get().mayDoubleStepFrom(nth);
            }
        }
        return start[square] == code;
    }

    /** The rank on which a pawn of this side promotes. */
    public int promotionRank(Side side) {
        return geometry().rankFor(side, geometry().ranks());
    }
}
