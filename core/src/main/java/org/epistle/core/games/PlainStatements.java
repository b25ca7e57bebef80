package org.epistle.core.games;

import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.config.JdbiConfig;

/**
 * Who is told of the statements Epistle runs on a handle's JDBC connection itself, without Jdbi's statement machinery
 * (the move's write path, {@link MoveRows}): Jdbi's {@code SqlLogger} never sees those, so a test that counts a move's
 * statements listens here too. Nobody listens outside tests; the cost then is one configuration lookup a statement.
 */
public final class PlainStatements implements JdbiConfig<PlainStatements> {
    private static final Consumer<String> NOBODY = sql -> { };

    private volatile Consumer<String> listener = NOBODY;

    public PlainStatements() {
    }

    private PlainStatements(Consumer<String> listener) {
        this.listener = listener;
    }

    /** From now on, every plain statement run on a handle of {@code jdbi} is told to {@code listener} (its SQL), after it ran. */
    public static void listen(Jdbi jdbi, Consumer<String> listener) {
        jdbi.getConfig(PlainStatements.class).listener = java.util.Objects.requireNonNull(listener, "listener");
    }

    static void ran(Handle h, String sql) {
        Consumer<String> l = h.getConfig(PlainStatements.class).listener;
        if (l != NOBODY) {
            l.accept(sql);
        }
    }

    @Override
    public PlainStatements createCopy() {
        return new PlainStatements(listener);
    }
}
