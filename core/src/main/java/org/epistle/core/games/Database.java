package org.epistle.core.games;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.extension.ExtensionFactory;
import org.jdbi.v3.core.extension.Extensions;
import org.jdbi.v3.sqlobject.SqlObjectFactory;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * The store: a Jdbi over one JDBC database, its schema brought up to date by the migrations in
 * {@code db/migration} when it is opened. H2 in file mode by default; PostgreSQL by URL alone
 * (its JDBC driver must be on the class path). Both are pooled: H2 by a small pool of our own (see {@link Reopening}), PostgreSQL by
 * HikariCP, since opening a PostgreSQL connection costs a login each time. Closing the database closes the pool,
 * and from then on every attempt to get a connection fails (a clean stop relies on that).
 *
 * <p>An H2 database closes itself when a write fails (a full disk, an IO error); once space is back the next
 * connection opens it again, and {@link Reopening} (our own pool for H2) drops the dead connections without running a
 * statement on them, so the server goes on without a restart. HikariCP drops a broken PostgreSQL connection by itself.
 */
public final class Database implements AutoCloseable {
    /** An H2 file under ./data; AUTO_SERVER lets a second process (a CLI command) open it too. */
    public static final String DEFAULT_URL = "jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE";
    /**
     * Connections a pool holds at most, unless the settings say otherwise ({@code db.pool-size}): the mail lanes
     * (four), the outbox sender, the scheduler and a few web requests at once, with room to spare.
     */
    public static final int DEFAULT_POOL_SIZE = 16;

    private final Jdbi jdbi;
    private final Runnable closePool;

    private Database(Jdbi jdbi, Runnable closePool) {
        this.jdbi = jdbi;
        this.closePool = closePool;
    }

    /** Opens the database at the URL with a pool of the default size and runs the migrations it has not had yet. */
    public static Database open(String url, String user, String password) {
        return open(url, user, password, DEFAULT_POOL_SIZE);
    }

    /** Opens the database at the URL, pooling at most {@code poolSize} connections, and runs the migrations it has not had yet. */
    public static Database open(String url, String user, String password, int poolSize) {
        if (poolSize < 1) {
            throw new IllegalArgumentException("a pool holds at least one connection, not " + poolSize);
        }
        String u = user == null ? "" : user;
        String p = password == null ? "" : password;
        if (url.startsWith("jdbc:h2:")) {
            Reopening pool = new Reopening(withQueryCache(durable(url)), u, p, poolSize);
            return opened(pool, pool::dispose);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        // An empty user leaves the one the URL names (?user=…) in force, as DriverManager did.
        if (!u.isEmpty()) {
            config.setUsername(u);
            config.setPassword(p);
        }
        config.setMaximumPoolSize(poolSize);
        // Idle connections cost the server a process each; keep only a few warm between bursts.
        config.setMinimumIdle(Math.min(2, poolSize));
        config.setPoolName("epistle-db");
        // A request waits this long for a free connection (or for a server that went away to come back), then fails
        // with the cause; Hikari's 30 s would hold a page or a mail lane far longer than anyone waits.
        config.setConnectionTimeout(10_000);
        HikariDataSource pool = new HikariDataSource(config);
        return opened(pool, pool::close);
    }

    private static Database opened(DataSource pool, Runnable closePool) {
        try {
            migrate(Flyway.configure().dataSource(pool));
        } catch (RuntimeException e) {
            closePool.run();
            throw e;
        }
        return new Database(plugins(Jdbi.create(pool)), closePool);
    }

    /**
     * H2 writes a commit to its file up to WRITE_DELAY (500 ms) later; a process killed in that
     * window loses turns both players were already told about. Every file URL gets WRITE_DELAY=0
     * unless the operator chose a value.
     */
    static String durable(String url) {
        if (!url.startsWith("jdbc:h2:file:")) {
            return url;
        }
        return url.toUpperCase(java.util.Locale.ROOT).contains(";WRITE_DELAY=") ? url : url + ";WRITE_DELAY=0";
    }

    /**
     * H2 keeps the 8 statements a connection prepared last; a move runs about fifteen different ones, so
     * every statement was parsed again each time. Every H2 URL gets a cache of 64 unless the operator chose.
     */
    static String withQueryCache(String url) {
        return url.toUpperCase(java.util.Locale.ROOT).contains(";QUERY_CACHE_SIZE=") ? url : url + ";QUERY_CACHE_SIZE=64";
    }

    /** An H2 database in file mode, {@code epistle.mv.db} in the directory. */
    public static Database h2(Path directory) {
        return open("jdbc:h2:file:" + directory.toAbsolutePath().resolve("epistle"), "", "");
    }

    private static void migrate(org.flywaydb.core.api.configuration.FluentConfiguration config) {
        config.locations("classpath:db/migration").load().migrate();
    }

    private static Jdbi plugins(Jdbi jdbi) {
        jdbi.installPlugin(new SqlObjectPlugin())
                .registerRowMapper(GameRow.class, (rs, ctx) -> GameRow.read(rs));
        return warmed(jdbi);
    }

    /**
     * Builds each table's SqlObject metadata once, on the Jdbi's own configuration. Jdbi caches it in the
     * configuration of whoever attaches, and every handle starts from a copy of the Jdbi's: left cold there,
     * it was built again on every attach, by reflection over the annotations, about a fifth of the time of a move.
     */
    private static Jdbi warmed(Jdbi jdbi) {
        Extensions extensions = jdbi.getConfig(Extensions.class);
        ExtensionFactory sqlObjects = extensions.findFactory(SqlObjectFactory.class)
                .orElseThrow(() -> new IllegalStateException("the SqlObject plugin is installed above"));
        for (Class<?> table : List.of(GameTable.class, InboundTable.class, OutboxTable.class, PlayerTable.class,
                SeatTable.class, SettingTable.class, TurnTable.class, PlayerAddressTable.class,
                org.epistle.core.games.clock.DueJobTable.class, org.epistle.core.games.clock.ExtraTimeTable.class,
                org.epistle.core.games.clock.LeaveTable.class,
                // read on every move and every mail it causes (the digest choice, conditional lines); left out of this
                // list, their metadata was built again on each attach (8% of a web move's samples in one profile)
                org.epistle.core.games.desk.DigestTable.class, org.epistle.core.games.conditional.ConditionalTable.class,
                ObserverTable.class, XfccPasswordTable.class)) {
            extensions.findMetadata(table, sqlObjects);
        }
        return jdbi;
    }

    public Jdbi jdbi() {
        return jdbi;
    }

    @Override
    public void close() {
        closePool.run();
    }

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
     */
    static final class Reopening implements DataSource {
        /**
         * H2's codes that mean the connection's database is gone or could not write: "The database has been closed",
         * "Database is already closed", and IO errors.
         */
        private static final java.util.Set<Integer> DEAD = java.util.Set.of(90098, 90121, 90028, 90031);
        /** How long a request waits for a free connection, as H2's pool did (its login timeout). */
        private static final long WAIT_SECONDS = 30;

        private final String url;
        private final String user;
        private final String password;
        private final int maxConnections;
        private final java.util.concurrent.Semaphore permits;
        private final java.util.concurrent.ConcurrentLinkedDeque<java.sql.Connection> idle =
                new java.util.concurrent.ConcurrentLinkedDeque<>();
        private volatile boolean disposed;
        private volatile java.io.PrintWriter logWriter;

        Reopening(String url, String user, String password, int maxConnections) {
            this.url = url;
            this.user = user;
            this.password = password;
            this.maxConnections = maxConnections;
            this.permits = new java.util.concurrent.Semaphore(maxConnections, true);
        }

        int maxConnections() {
            return maxConnections;
        }

        /** Whether the error (or one of its causes) says the connection's database is closed or failed to write. */
        static boolean isDeadDatabase(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof java.sql.SQLException sql && DEAD.contains(sql.getErrorCode())) {
                    return true;
                }
                if (t instanceof org.h2.mvstore.MVStoreException) {
                    return true;                                // a store error: H2 closes the store after one
                }
            }
            return false;
        }

        @Override
        public java.sql.Connection getConnection() throws java.sql.SQLException {
            if (disposed) {
                throw new java.sql.SQLException("Database is already closed", "08003", 90121);
            }
            try {
                if (!permits.tryAcquire(WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
                    throw new java.sql.SQLTransientConnectionException("no free database connection within "
                            + WAIT_SECONDS + " s (" + maxConnections + " in use)", "08001");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.sql.SQLException("interrupted while waiting for a database connection", "08001", e);
            }
            try {
                java.sql.Connection physical;
                while ((physical = idle.pollFirst()) != null) {
                    if (!Watched.isStoreClosed(Watched.storeOf(physical)) && physical.isValid(0)) {
                        return Watched.wrap(this, physical);   // neither asks H2 to run anything on the session
                    }
                    // its database closed while it was idle: dropped unspoken to, as a dead one given back is
                }
                return Watched.wrap(this, java.sql.DriverManager.getConnection(url, user, password));
            } catch (java.sql.SQLException | RuntimeException e) {
                permits.release();
                throw e;
            }
        }

        /** A connection given back: kept for the next request if it is alive and clean, else dropped. */
        void giveBack(java.sql.Connection physical, boolean dead) {
            try {
                if (!dead && !disposed) {
                    try {
                        if (!physical.getAutoCommit()) {
                            physical.rollback();
                            physical.setAutoCommit(true);
                        }
                        idle.addFirst(physical);
                        return;
                    } catch (java.sql.SQLException e) {
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

        private static void closeQuietly(java.sql.Connection c) {
            try {
                c.close();
            } catch (java.sql.SQLException e) {
                // nothing more to do with it
            }
        }

        /** Closes the idle connections; from now on no connection is handed out. The last close closes H2's file. */
        void dispose() {
            disposed = true;
            java.sql.Connection c;
            while ((c = idle.pollFirst()) != null) {
                closeQuietly(c);
            }
        }

        @Override
        public java.sql.Connection getConnection(String user, String password) {
            throw new UnsupportedOperationException("the pool's user and password are set when it is made");
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return logWriter;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {
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
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            throw new java.sql.SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws java.sql.SQLException {
            if (iface.isInstance(this)) {
                return iface.cast(this);
            }
            throw new java.sql.SQLException("not a wrapper for " + iface);
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return iface.isInstance(this);
        }
    }

    /**
     * One pooled H2 connection as its user sees it, and the statements made on it: every call goes to H2 until one
     * throws an error of a dead database; from then on every call is refused here ("The database has been closed",
     * H2's own code, so callers see what they saw before) and never reaches H2. Closing gives it back to the pool once.
     */
    static final class Watched implements java.lang.reflect.InvocationHandler {
        private final Reopening pool;
        private final java.sql.Connection physical;
        /** The H2 store under the connection (null for a connection to another process's server, AUTO_SERVER). */
        private final org.h2.mvstore.MVStore store;
        private volatile boolean dead;
        private boolean closed;                                 // guarded by this

        private Watched(Reopening pool, java.sql.Connection physical) {
            this.pool = pool;
            this.physical = physical;
            this.store = storeOf(physical);
        }

        /** The MVStore an embedded H2 connection works on: its state is read without a statement. */
        static org.h2.mvstore.MVStore storeOf(java.sql.Connection physical) {
            try {
                if (physical.unwrap(org.h2.jdbc.JdbcConnection.class).getSession()
                        instanceof org.h2.engine.SessionLocal local) {
                    return local.getDatabase().getStore().getMvStore();
                }
            } catch (java.sql.SQLException | RuntimeException e) {
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

        static java.sql.Connection wrap(Reopening pool, java.sql.Connection physical) {
            return (java.sql.Connection) java.lang.reflect.Proxy.newProxyInstance(Database.class.getClassLoader(),
                    new Class<?>[] {java.sql.Connection.class}, new Watched(pool, physical));
        }

        boolean isDead() {
            return dead;
        }

        private static java.sql.SQLException refused() {
            return new java.sql.SQLNonTransientConnectionException(
                    "The database has been closed (this connection's database failed; refused without asking H2)",
                    "90098", 90098);
        }

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) throws Throwable {
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
                throw new java.sql.SQLException("The connection is closed", "08003");
            }
            Object result = call(physical, method, args);
            if (result instanceof java.sql.Statement statement && !(method.getName().equals("unwrap"))) {
                return watchedStatement(statement, method.getReturnType());
            }
            return result;
        }

        private synchronized boolean isClosedHere() {
            return closed;
        }

        /** Calls H2 unless the database is known dead; marks it dead on the first error that says so. */
        Object call(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
            if (!dead && isStoreClosed(store)) {
                dead = true;
            }
            if (dead) {
                throw refused();
            }
            try {
                return method.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (Reopening.isDeadDatabase(cause)) {
                    dead = true;
                }
                throw cause;
            }
        }

        private Object watchedStatement(java.sql.Statement statement, Class<?> type) {
            Class<?> face = type.isInterface() && java.sql.Statement.class.isAssignableFrom(type) ? type
                    : java.sql.Statement.class;
            return java.lang.reflect.Proxy.newProxyInstance(Database.class.getClassLoader(), new Class<?>[] {face},
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
