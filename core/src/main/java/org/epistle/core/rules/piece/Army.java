package org.epistle.core.rules.piece;

import java.util.List;

/**
 * One side's pieces for Chess with Different Armies: the corner (rook role), knight, bishop
 * and queen pieces, with the FIDE king and pawn. The array is the FIDE one with each piece
 * in its role's place.
 */
public record Army(String key, String name, PieceType rook, PieceType knight, PieceType bishop, PieceType queen) {
    public static final PieceType KING = PieceType.of("King", "K", Role.KING);
    public static final PieceType PAWN = PieceType.of("Pawn", "fmWfcFifmnD", Role.PAWN);

    /** The back rank from a-file to h-file. */
    private static final List<Role> BACK_RANK = List.of(
            Role.ROOK, Role.KNIGHT, Role.BISHOP, Role.QUEEN, Role.KING, Role.BISHOP, Role.KNIGHT, Role.ROOK);

    public PieceType piece(Role role) {
        return switch (role) {
            case KING -> KING;
            case PAWN -> PAWN;
            case ROOK -> rook;
            case KNIGHT -> knight;
            case BISHOP -> bishop;
            case QUEEN -> queen;
        };
    }

    public List<Role> backRank() {
        return BACK_RANK;
    }

    /** The pieces a pawn may become: the four non-royal pieces. */
    public List<PieceType> officers() {
        return List.of(queen, rook, bishop, knight);
    }

    public List<PieceType> pieces() {
        return List.of(KING, queen, rook, bishop, knight, PAWN);
    }

    /** True when every officer is the FIDE one. */
    public boolean isFide() {
        return key.equals(Armies.FABULOUS_FIDES.key());
    }
}
