package org.epistle.core.games;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The pool of H2 connections, which never puts a statement on a connection of a database H2 has closed.
 *
 * <p>After a failed write (a full disk) H2 2.5 closes the database under every connection. A statement on a
 * session of that closed store can spin for ever in {@code MVStore.registerVersionUsage}: {@code
 * Transaction.closeIt} gives the transaction's version counter back without forgetting it, and a later {@code
 * releaseSnapshot} gives it back once more; when that counter is the store's current one (a closed store makes no
 * new version), it drops below zero and every later {@code registerVersionUsage} on that store loops. Jdbi's
 * rollback and {@code setAutoCommit(true)} after a failed commit were such statements, and H2's own
 * {@code JdbcConnectionPool} runs the same two on every connection given back to it. So this pool is our own:
 * each connection it hands out is a wrapper that watches every error its connection and statements throw; after
 * the first one that says the database is closed or could not write, it refuses every further call without
 * passing it to H2, and when it is given back the pool drops the physical connection without a word to H2 (no
 * rollback, no close: both would run on the dead session; the closed database's objects go with the garbage).
 * The next request opens a new connection, which opens the database again once space is back.
 *
 * <p>A connection given back in auto-commit mode (Jdbi leaves it so after every transaction) goes back to the pool
 * untouched; one given back in the middle of a transaction is rolled back first. H2's ROLLBACK empties the session's
 * cache of prepared statements ({@code QUERY_CACHE_SIZE}), so a pool that rolled back every connection (as H2's
 * own does) made every transaction parse and plan its statements again: a seventh of a web move's samples.
 */
final class H2Pool implements DataSource {
    /**
     * H2's codes that mean the connection's database is gone or could not write: "The database has been closed",
     * "Database is already closed", and IO errors.
     */
    private static final Set<Integer> DEAD = Set.of(90098, 90121, 90028, 90031);
    /** How long a request waits for a free connection, as H2's pool did (its login timeout). */
    private static final long WAIT_SECONDS = 30;

    private final String url;
    private final String user;
    private final String password;
    private final int maxConnections;
    private final Semaphore permits;
    private final ConcurrentLinkedDeque<Connection> idle =
            new ConcurrentLinkedDeque<>();
    private volatile boolean disposed;
    private volatile PrintWriter logWriter;

    H2Pool(String url, String user, String password, int maxConnections) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.maxConnections = maxConnections;
        this.permits = new Semaphore(maxConnections, true);
    }

    int size() {
        return maxConnections;
    }

    /** Whether the error (or one of its causes) says the connection's database is closed or failed to write. */
    static boolean isDeadDatabase(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && DEAD.contains(sql.getErrorCode())) {
                return true;
            }
            if (t instanceof org.h2.mvstore.MVStoreException) {
                return true;                                // a store error: H2 closes the store after one
            }
        }
        return false;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (disposed) {
            throw new SQLException("Database is already closed", "08003", 90121);
        }
        try {
            if (!permits.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new SQLTransientConnectionException("no free database connection within "
                        + WAIT_SECONDS + " s (" + maxConnections + " in use)", "08001");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a database connection", "08001", e);
        }
        try {
            Connection physical;
            while ((physical = idle.pollFirst()) != null) {
                if (!Watched.isStoreClosed(Watched.storeOf(physical)) && physical.isValid(0)) {
                    return Watched.wrap(this, physical);   // neither asks H2 to run anything on the session
                }
                // its database closed while it was idle: dropped unspoken to, as a dead one given back is
                closeIfShut(physical);
            }
            Connection made = DriverManager.getConnection(url, user, password);
            made.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // see Database#transaction
            return Watched.wrap(this, made);
        } catch (SQLException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** A connection given back: kept for the next request if it is alive and clean, else dropped. */
    void giveBack(Connection physical, boolean dead) {
        try {
            if (closeIfShut(physical)) {
                return;
            }
            if (!dead && !disposed) {
                try {
                    if (!physical.getAutoCommit()) {
                        physical.rollback();
                        physical.setAutoCommit(true);
                    }
                    idle.addFirst(physical);
                    return;
                } catch (SQLException e) {
                    if (isDeadDatabase(e)) {
                        return;                             // dropped: no more statements on it
                    }
                }
            }
            if (!dead) {
                closeQuietly(physical);                     // alive: H2 must hear of it to free its session
            }
        } finally {
            permits.release();
        }
    }

    /**
     * Closes a connection whose session H2 has closed ({@code SHUTDOWN COMPACT} closes every session of its database):
     * H2 runs nothing on a closed session at close, and closing it keeps H2 from logging in its trace file, later,
     * that the connection was "garbage collected"; asked anything else (its auto-commit mode), H2 answers "Database is
     * already closed" and logs that too. A session that is still open (a database closed by a failed write) is left
     * alone, unspoken to, as before. Returns whether the session was closed.
     */
    private static boolean closeIfShut(Connection physical) {
        try {
            if (!physical.isClosed()) {                     // reads H2's session flag, runs no statement
                return false;
            }
        } catch (SQLException e) {
            return false;
        }
        closeQuietly(physical);
        return true;
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // nothing more to do with it
        }
    }

    /** Closes the idle connections; from now on no connection is handed out. The last close closes H2's file. */
    void close() {
        disposed = true;
        Connection c;
        while ((c = idle.pollFirst()) != null) {
            closeQuietly(c);
        }
    }

    @Override
    public Connection getConnection(String user, String password) {
        throw new UnsupportedOperationException("the pool's user and password are set when it is made");
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        logWriter = out;
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return (int) WAIT_SECONDS;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    /**
     * One pooled H2 connection as its user sees it, and the statements made on it: every call goes to H2 until one
     * throws an error of a dead database; from then on every call is refused here ("The database has been closed",
     * H2's own code, so callers see what they saw before) and never reaches H2. Closing gives it back to the pool once.
     */
    private static final class Watched implements InvocationHandler {
        private final H2Pool pool;
        private final Connection physical;
        /** The H2 store under the connection (null for a connection to another process's server, AUTO_SERVER). */
        private final org.h2.mvstore.MVStore store;
        private volatile boolean dead;
        private boolean closed;                                 // guarded by this

        private Watched(H2Pool pool, Connection physical) {
            this.pool = pool;
            this.physical = physical;
            this.store = storeOf(physical);
        }

        /** The MVStore an embedded H2 connection works on: its state is read without a statement. */
        static org.h2.mvstore.MVStore storeOf(Connection physical) {
            try {
                if (physical.unwrap(org.h2.jdbc.JdbcConnection.class).getSession()
                        instanceof org.h2.engine.SessionLocal local) {
                    return local.getDatabase().getStore().getMvStore();
                }
            } catch (SQLException | RuntimeException e) {
                // not an embedded H2 connection: only its errors tell
            }
            return null;
        }

        /**
         * Whether H2 has closed the store (after a failed write), as H2 itself asks before it begins a transaction
         * ({@code SessionLocal.getTransaction}); a session in the middle of a transaction does not ask, and its next
         * statement is one that can spin for ever.
         */
        static boolean isStoreClosed(org.h2.mvstore.MVStore store) {
            return store != null && store.isClosed();
        }

        static Connection wrap(H2Pool pool, Connection physical) {
            return (Connection) Proxy.newProxyInstance(H2Pool.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, new Watched(pool, physical));
        }

        boolean isDead() {
            return dead;
        }

        private static SQLException refused() {
            return new SQLNonTransientConnectionException(
                    "The database has been closed (this connection's database failed; refused without asking H2)",
                    "90098", 90098);
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "close":
                    synchronized (this) {
                        if (!closed) {
                            closed = true;
                            pool.giveBack(physical, dead);
                        }
                    }
                    return null;
                case "isClosed":
                    synchronized (this) {
                        return closed || dead;
                    }
                case "isValid":
                    return !dead && !isClosedHere() && !isStoreClosed(store) && physical.isValid((Integer) args[0]);
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "pooled " + physical + (dead ? " (dead)" : "");
                default:
                    break;
            }
            if (isClosedHere()) {
                throw new SQLException("The connection is closed", "08003");
            }
            Object result = call(physical, method, args);
            if (result instanceof Statement statement && !(method.getName().equals("unwrap"))) {
                return watchedStatement(statement, method.getReturnType());
            }
            return result;
        }

        private synchronized boolean isClosedHere() {
            return closed;
        }

        /** Calls H2 unless the database is known dead; marks it dead on the first error that says so. */
        Object call(Object target, Method method, Object[] args) throws Throwable {
            if (!dead && isStoreClosed(store)) {
                dead = true;
            }
            if (dead) {
                throw refused();
            }
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (H2Pool.isDeadDatabase(cause)) {
                    dead = true;
                }
                throw cause;
            }
        }

        private Object watchedStatement(Statement statement, Class<?> type) {
            Class<?> face = type.isInterface() && Statement.class.isAssignableFrom(type) ? type
                    : Statement.class;
            return Proxy.newProxyInstance(H2Pool.class.getClassLoader(), new Class<?>[] {face},
                    (p, m, a) -> switch (m.getName()) {
                        case "close" -> {
                            if (!dead) {
                                statement.close();
                            }
                            yield null;
                        }
                        case "isClosed" -> dead || statement.isClosed();
                        case "equals" -> p == a[0];
                        case "hashCode" -> System.identityHashCode(p);
                        case "toString" -> statement.toString();
                        default -> call(statement, m, a);
                    });
        }
    }
}
