package org.epistle.core.rules.physics;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/** Applies effects to a position, in order; the one place physics changes the pieces on a board. */
public final class Effects {
    private Effects() {
    }

    /**
     * The position with the effects applied. A castling right is lost when a piece is carried
     * off or onto its king's or corner piece's square, as it would be by a move.
     */
    public static Position apply(Position p, List<Effect> effects, boolean keepEnPassant) {
        if (effects.isEmpty()) {
            return keepEnPassant ? p : p.rearranged(cells(p), p.castlingRights(), false);
        }
        Scratch scratch = new Scratch(p);
        for (Effect e : effects) {
            e.applyTo(scratch);
        }
        return p.rearranged(scratch.cells, scratch.rights, keepEnPassant).withPhysics(scratch.physics);
    }

    /** The board being changed while effects are applied. */
    public static final class Scratch {
        private final Ruleset rules;
        private final Geometry g;
        private final int[] cells;
        private int rights;
        private Physics physics;

        private Scratch(Position p) {
            this.rules = p.rules();
            this.g = p.geometry();
            this.cells = cells(p);
            this.rights = p.castlingRights();
            this.physics = p.physics();
        }

        void move(Square fromSquare, Square toSquare) {
            int from = g.index(fromSquare);
            int to = g.index(toSquare);
            if (cells[to] != 0) {
                throw new IllegalStateException("a force moved a piece onto the occupied square " + toSquare);
            }
            cells[to] = cells[from];
            cells[from] = 0;
            rights &= ~touching(rules, from) & ~touching(rules, to);
        }

        void remove(Square square) {
            int at = g.index(square);
            cells[at] = 0;
            rights &= ~touching(rules, at);
        }

        void transform(Square square, Piece into) {
            int at = g.index(square);
            int id = rules.typeIdOf(into.type()).orElseThrow(() ->
                    new IllegalStateException(into.type().name() + " is not in play in this game"));
            cells[at] = Ruleset.code(id, into.side());
            rights &= ~touching(rules, at);
        }

        void energy(Square square, int amount) {
            physics = physics.withEnergy(square, amount);
        }

        void note(String key, String value) {
            physics = physics.withNote(key, value);
        }
    }

    private static int[] cells(Position p) {
        int[] cells = new int[p.geometry().size()];
        for (int sq = 0; sq < cells.length; sq++) {
            cells[sq] = p.code(sq);
        }
        return cells;
    }

    /** The castling rights tied to a square (a king's or corner piece's starting square). */
    private static int touching(Ruleset rules, int square) {
        int mask = 0;
        List<Castling> all = rules.castlings();
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).kingFrom() == square || all.get(i).rookFrom() == square) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** "the black bishop", "the white Woody Rook (WD)". */
    static String name(Piece piece) {
        return "the " + piece.side().key() + " " + PieceNames.of(piece.type());
    }

    static String name(PieceType type) {
        return PieceNames.of(type);
    }
}
