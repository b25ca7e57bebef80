package org.epistle.core.games;

import java.util.Optional;
import org.jdbi.v3.core.HandleCallback;

/**
 * Runs a command's work in a transaction that also claims the inbound mail it came in, if any, and records what
 * became of it; a mail handled before is answered as such and its work is not run again.
 */
@FunctionalInterface
interface InboundWork {
    Result run(Optional<String> inboundKey, HandleCallback<Result, RuntimeException> work);
}
