package org.epistle.core.rules.judge;

import java.util.List;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.position.Position;

/** The referee's answer to a turn. */
public sealed interface Verdict permits Verdict.Accepted, Verdict.Rejected {

    boolean isAccepted();

    /**
     * The turn is played: the position after it and the turn written the way the variant's records
     * write it.
     *
     * @param notices what the mover should be warned of although the turn is legal ("your king can be taken")
     */
    record Accepted(Position position, List<Move> moves, String notation, List<String> notices) implements Verdict {
        public Accepted {
            moves = List.copyOf(moves);
            notices = List.copyOf(notices);
        }

        public Accepted(Position position, List<Move> moves, String notation) {
            this(position, moves, notation, List.of());
        }

        @Override
        public boolean isAccepted() {
            return true;
        }
    }

    /** The turn is refused and nothing changes. */
    record Rejected(Illegality why) implements Verdict {
        @Override
        public boolean isAccepted() {
            return false;
        }
    }
}
