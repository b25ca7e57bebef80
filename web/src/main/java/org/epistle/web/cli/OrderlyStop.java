package org.epistle.web.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the server in its own order on SIGTERM and SIGINT. A JVM shutdown hook alone is not enough: H2 closes its
 * databases from a shutdown hook of its own (which AUTO_SERVER, our default, will not let us turn off), and hooks
 * run at the same time, so the outbox sender met "Database is already closed" in the middle of a run and what SMTP
 * had taken went unrecorded, to be sent again after the restart. Handling the signal ourselves closes mail reader,
 * sender and database one after another, before the JVM starts its hooks.
 */
final class OrderlyStop {
    private static final Logger log = LoggerFactory.getLogger(OrderlyStop.class);

    private OrderlyStop() {
    }

    /** Runs {@code stop} once: on SIGTERM or SIGINT (then exits as the JVM would have, 128 + signal), or at any other exit. */
    static void install(Runnable stop) {
        AtomicBoolean stopped = new AtomicBoolean();
        Runnable once = () -> {
            if (stopped.compareAndSet(false, true)) {
                stop.run();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(once, "epistle-shutdown"));
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    log.info("SIG{}: stopping", signal.getName());
                    try {
                        once.run();
                    } finally {
                        System.exit(128 + signal.getNumber());
                    }
                });
            } catch (IllegalArgumentException e) {
                // the platform has no such signal, or the JVM keeps it (-Xrs): the shutdown hook above still stops us
                log.debug("cannot handle SIG{}: {}", name, e.getMessage());
            }
        }
    }
}
