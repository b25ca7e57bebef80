package org.epistle.core.rules.physics;

import java.util.Optional;
import org.epistle.core.rules.position.Position;

/** A rule with something players must be told before they move (the field code in force), shown under the diagram. */
public interface Announcing extends Rule {

    Optional<String> announcement(Position position);
}
