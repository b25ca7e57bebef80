package org.epistle.core.rules.piece;

/**
 * A kind of piece: its name, its Betza definition and the role it plays in its army.
 * Kings are royal; pawns promote and may be taken en passant. Everything else about how
 * it moves comes from the Betza definition.
 */
public record PieceType(String name, String betza, Role role, Movement movement) {

    public static PieceType of(String name, String betza, Role role) {
        return new PieceType(name, betza, role, Betza.parse(betza));
    }

    public boolean isRoyal() {
        return role == Role.KING;
    }

    public boolean isPawn() {
        return role == Role.PAWN;
    }

    public char letter() {
        return role.letter();
    }

    /** Two types are the same piece when they move alike and play the same role. */
    public boolean isSamePieceAs(PieceType other) {
        return role == other.role && movement.equals(other.movement);
    }

    /** How the records write it: FIDE pieces by letter, army pieces by their Betza name in parentheses. */
    public String label() {
        return name + " (" + betza + ")";
    }
}
