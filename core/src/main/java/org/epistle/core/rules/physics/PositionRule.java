package org.epistle.core.rules.physics;

import java.util.Optional;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.position.Position;

/**
 * A rule about the position a turn leaves, checked after every after-move effect is applied, such
 * as the KO rule of Anti-gravity Chess (no position may come back).
 */
public interface PositionRule extends Rule {

    /** Why the turn that leads from {@code start} to {@code result} is not allowed, if it is not. */
    Optional<Illegality.Builder> forbid(Position start, Position result);
}
