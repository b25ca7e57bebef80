package org.epistle.core.games;

import java.util.HashMap;
import java.util.Map;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.config.JdbiConfig;

/**
 * The table objects (Jdbi SqlObjects) of one handle, each attached once. Attaching builds a handler for every method
 * of the interface, which took a sixth of a web move's samples when every use attached again (a move uses a dozen
 * tables, some several times); attached once per handle, a table costs that once per transaction.
 *
 * <p>Kept in the handle's own configuration: every handle starts from a copy of the Jdbi's, and the copy of this
 * one is empty, so an object attached to one handle is never used with another.
 */
public final class Tables implements JdbiConfig<Tables> {
    private final Map<Class<?>, Object> attached = new HashMap<>();

    public Tables() {
    }

    /** The table of this type attached to {@code h}, attached the first time it is asked for on that handle. */
    public static <T> T attach(Handle h, Class<T> type) {
        Tables tables = h.getConfig(Tables.class);
        synchronized (tables) {
            Object known = tables.attached.get(type);
            if (known == null) {
                known = h.attach(type);
                tables.attached.put(type, known);
            }
            return type.cast(known);
        }
    }

    @Override
    public Tables createCopy() {
        return new Tables(); // attached objects belong to the handle they were attached to, never to a copy
    }
}
