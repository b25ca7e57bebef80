package org.epistle.core.games;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
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

    /** What a plain statement does with the handle's connection. */
    interface Work<T> {
        T on(Connection c) throws SQLException;
    }

    /**
     * Runs a plain statement on the handle's connection (inside its transaction, if any), failing as Jdbi would: callers
     * look for the SQLException (a conflict, a dead database) among the causes. Used where Jdbi's attach and statement
     * machinery cost more than the statement (the inbound ledger's and the outbox sender's one-row statements).
     */
    static <T> T run(Handle h, String sql, Work<T> work) {
        T result;
        try {
            result = work.on(h.getConnection());
        } catch (SQLException e) {
            throw new org.jdbi.v3.core.statement.UnableToExecuteStatementException(
                    "failed: " + sql.strip().replaceAll("\\s+", " "), e, null);
        }
        ran(h, sql);
        return result;
    }

    /** A text parameter bound as Jdbi binds it: NULL as a VARCHAR null. */
    static void text(PreparedStatement s, int index, String value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.VARCHAR);
        } else {
            s.setString(index, value);
        }
    }

    /** {@code n} parameters for an {@code IN} list: "?, ?, ?". */
    static String parameters(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    @Override
    public PlainStatements createCopy() {
        return new PlainStatements(listener);
    }
}
