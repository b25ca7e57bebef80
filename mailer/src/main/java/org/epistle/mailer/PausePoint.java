package org.epistle.mailer;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Fault injection for the crash tests: when the environment variable {@code EPISTLE_PAUSE_AT}
 * names a point (comma-separated), the process announces it on standard error and stops there
 * until it is killed. Unset, as in production, each check is one set lookup.
 */
public final class PausePoint {
    public static final String VARIABLE = "EPISTLE_PAUSE_AT";
    /** A received mail is stored in the database and not yet handled. */
    public static final String AFTER_STORE = "after-store";
    /** A turn and its mails are committed and the sender has not been woken. */
    public static final String AFTER_COMMIT = "after-commit";

    private final Set<String> points;

    public PausePoint(String setting) {
        this.points = setting == null || setting.isBlank() ? Set.of()
                : Arrays.stream(setting.split(",")).map(String::trim).collect(Collectors.toUnmodifiableSet());
    }

    public static PausePoint fromEnvironment() {
        return new PausePoint(System.getenv(VARIABLE));
    }

    /** Whether any point is configured, that is, whether this process runs under a crash test. */
    public boolean isAnySet() {
        return !points.isEmpty();
    }

    public boolean isSet(String point) {
        return points.contains(point);
    }

    /** Blocks forever at a configured point, after saying so. */
    public void at(String point) {
        if (!points.contains(point)) {
            return;
        }
        System.err.println("EPISTLE PAUSED AT " + point);
        System.err.flush();
        Object never = new Object();
        synchronized (never) {
            while (true) {
                try {
                    never.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
