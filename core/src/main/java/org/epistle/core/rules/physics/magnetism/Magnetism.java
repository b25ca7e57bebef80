package org.epistle.core.rules.physics.magnetism;

import org.epistle.core.rules.physics.AfterMoveRule;
import org.epistle.core.rules.physics.Consequence;
import org.epistle.core.rules.physics.MoveContext;

/** The field of the Magnetic family with one code for the whole game (Magnetic is RAAR). */
public record Magnetism(FieldCode code) implements AfterMoveRule {

    @Override
    public String name() {
        return "magnetism " + code;
    }

    @Override
    public Consequence after(MoveContext move) {
        return Field.act(move, code);
    }

    /** A pawn the field carries onto its last rank may be promoted to the piece written: Rg8=Q. */
    @Override
    public boolean readsChoice() {
        return true;
    }
}
