package org.epistle.core.games;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * H2's connections, pooled so that a connection handed back keeps its session as it is.
 *
 * <p>H2's own {@code JdbcConnectionPool} rolls back every connection handed back, even one with no transaction open, and
 * H2's ROLLBACK empties the session's cache of prepared statements ({@code QUERY_CACHE_SIZE}). So every transaction
 * parsed and planned each of its statements again: a seventh of a web move's samples in a profile. Here a connection
 * handed back in auto-commit mode (Jdbi leaves it so after every transaction) goes back untouched, and one handed
 * back in the middle of a transaction is rolled back first.
 *
 * <p>After a failed write (a full disk) H2 closes the database under every connection. A connection is checked when
 * it is taken: a dead one is dropped and the next is tried, and when none is left a new one opens the database again,
 * so the server goes on once space is back, without a restart. Closing the pool closes the idle connections and each
 * one in use as it comes back; from then on every attempt to get a connection fails.
 */
final class H2Pool implements DataSource {
    /** H2's codes for "The database has been closed" and "Database is already closed". */
    private static final Set<Integer> CLOSED = Set.of(90098, 90121);
    /** How long a request waits for a free connection, as H2's pool did. */
    private static final long WAIT_SECONDS = 30;

    private final JdbcDataSource source = new JdbcDataSource();
    private final Semaphore free;
    private final int size;
    /** Idle connections, the one handed back last first: its session and caches are the warmest. */
    private final Deque<Pooled> idle = new ArrayDeque<>();
    private volatile boolean closed;

    H2Pool(String url, String user, String password, int size) {
        source.setURL(url);
        source.setUser(user);
        source.setPassword(password);
        this.size = size;
        this.free = new Semaphore(size, true);
    }

    int size() {
        return size;
    }

    static boolean isClosedDatabase(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && CLOSED.contains(sql.getErrorCode())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        try {
            if (!free.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new SQLException("no free database connection within " + WAIT_SECONDS + " s (all " + size + " in use)", "08001");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a database connection", "08001", e);
        }
        try {
            checkOpen();
            return lent(live());
        } catch (SQLException | RuntimeException e) {
            free.release();
            throw e;
        }
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("the database is closed", "08003");
        }
    }

    /** A physical connection, pooled. */
    private record Pooled(Connection connection) {
        static Pooled of(Connection c) {
            return new Pooled(c);
        }

        /**
         * Whether the connection's database is still open. {@code isValid} looks at the session only, and a query may
         * be answered from H2's cache of results, while a database H2 closed after a failed write leaves its sessions
         * open: so this asks the embedded database itself (its power-off count, its store). Through a server (the
         * URL's AUTO_SERVER, when another process has the file) the session tells.
         */
        boolean isAlive() {
            try {
                org.h2.engine.Session session = connection.unwrap(org.h2.jdbc.JdbcConnection.class).getSession();
                if (session == null || session.isClosed()) {
                    return false;
                }
                if (session instanceof org.h2.engine.SessionLocal local) {
                    org.h2.engine.Database db = local.getDatabase();
                    return !db.isClosing() && db.getPowerOffCount() == 0 && db.getStore() != null
                            && !db.getStore().getMvStore().isClosed();
                }
                return connection.isValid(0);
            } catch (SQLException | RuntimeException e) {
                return false;
            }
        }
    }

    /** An idle connection that still works, or a new one (which opens the database again if H2 closed it). */
    private Pooled live() throws SQLException {
        while (true) {
            Pooled p;
            synchronized (idle) {
                p = idle.pollFirst();
            }
            if (p == null) {
                return opened();
            }
            if (p.isAlive()) {
                return p;
            }
            closeQuietly(p.connection());
        }
    }

    private Pooled opened() throws SQLException {
        SQLException last = null;
        for (int tries = 3; tries > 0; tries--) { // H2 may still be closing the database the failed write ended
            try {
                Pooled p = Pooled.of(source.getConnection());
                if (p.isAlive()) {
                    return p;
                }
                closeQuietly(p.connection());
            } catch (SQLException e) {
                if (!isClosedDatabase(e)) {
                    throw e;
                }
                last = e;
            }
        }
        throw last != null ? last : new SQLException("no live connection to the database", "08003");
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            // a dead connection: nothing more to do with it
        }
    }

    /** Takes a connection back: as it is in auto-commit mode, rolled back otherwise, closed if it fails or the pool did. */
    private void handBack(Pooled p) {
        Connection c = p.connection();
        try {
            boolean keep = !closed;
            if (keep) {
                try {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                        c.setAutoCommit(true);
                    }
                } catch (SQLException | RuntimeException e) {
                    keep = false;
                }
            }
            if (keep) {
                synchronized (idle) {
                    idle.addFirst(p);
                }
                if (closed) {
                    closeIdle(); // closed while it was being handed back
                }
            } else {
                closeQuietly(c);
            }
        } finally {
            free.release();
        }
    }

    private Connection lent(Pooled pooled) {
        return (Connection) Proxy.newProxyInstance(H2Pool.class.getClassLoader(), new Class<?>[] {Connection.class},
                new Lent(pooled));
    }

    /** The connection as the borrower sees it: closing hands it back, once; after that it refuses every call. */
    private final class Lent implements InvocationHandler {
        private final Pooled pooled;
        private final Connection physical;
        private boolean handedBack;

        Lent(Pooled pooled) {
            this.pooled = pooled;
            this.physical = pooled.connection();
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "close":
                    synchronized (this) {
                        if (!handedBack) {
                            handedBack = true;
                            handBack(pooled);
                        }
                    }
                    return null;
                case "isClosed":
                    synchronized (this) {
                        return handedBack || physical.isClosed();
                    }
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "pooled " + physical;
                default:
                    break;
            }
            synchronized (this) {
                if (handedBack) {
                    throw new SQLException("the connection was handed back to the pool", "08003");
                }
            }
            try {
                return method.invoke(physical, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    /** Closes the idle connections now and each one in use as it comes back; no connection is handed out any more. */
    void close() {
        closed = true;
        closeIdle();
    }

    private void closeIdle() {
        while (true) {
            Pooled p;
            synchronized (idle) {
                p = idle.pollFirst();
            }
            if (p == null) {
                return;
            }
            closeQuietly(p.connection());
        }
    }

    @Override
    public Connection getConnection(String user, String password) {
        throw new UnsupportedOperationException("the pool's user and password are set when it is made");
    }

    @Override
    public java.io.PrintWriter getLogWriter() {
        return source.getLogWriter();
    }

    @Override
    public void setLogWriter(java.io.PrintWriter out) {
        source.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) {
        source.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() {
        return source.getLoginTimeout();
    }

    @Override
    public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
        return source.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
