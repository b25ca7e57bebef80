package org.epistle.core.rules.physics.magnetism;

import java.util.Optional;
import org.epistle.core.rules.board.Side;

/**
 * The document's four-letter code for a field: what a white mover does to a white piece, a white
 * mover to a black piece, a black mover to a white piece and a black mover to a black piece, in
 * that order (wRw wAb bAw bRb is Magnetic Chess, RAAR). 3^4 = 81 codes.
 */
public record FieldCode(Action whiteOnWhite, Action whiteOnBlack, Action blackOnWhite, Action blackOnBlack) {
    public static final FieldCode MAGNETIC = parse("RAAR");
    public static final FieldCode GRAVITY = parse("AAAA");
    public static final FieldCode ANTI_GRAVITY = parse("RRRR");
    public static final FieldCode ANTI_MAGNETIC = parse("ARRA");

    public static FieldCode parse(String code) {
        return read(code).orElseThrow(() -> new IllegalArgumentException(
                "a field code is four letters R, A or N (RAAR, AAAA), not \"" + code + "\""));
    }

    /** The code, if the text is one: four letters R, A or N in either case. */
    public static Optional<FieldCode> read(String code) {
        if (code == null || !code.matches("(?i)[RAN]{4}")) {
            return Optional.empty();
        }
        return Optional.of(new FieldCode(Action.of(code.charAt(0)), Action.of(code.charAt(1)),
                Action.of(code.charAt(2)), Action.of(code.charAt(3))));
    }

    /** Every one of the 81 codes, AAAA first. */
    public static java.util.List<FieldCode> all() {
        java.util.List<FieldCode> out = new java.util.ArrayList<>();
        for (Action a : Action.values()) {
            for (Action b : Action.values()) {
                for (Action c : Action.values()) {
                    for (Action d : Action.values()) {
                        out.add(new FieldCode(a, b, c, d));
                    }
                }
            }
        }
        return out;
    }

    public Action between(Side mover, Side target) {
        if (mover == Side.WHITE) {
            return target == Side.WHITE ? whiteOnWhite : whiteOnBlack;
        }
        return target == Side.WHITE ? blackOnWhite : blackOnBlack;
    }

    @Override
    public String toString() {
        return "" + whiteOnWhite + whiteOnBlack + blackOnWhite + blackOnBlack;
    }
}
