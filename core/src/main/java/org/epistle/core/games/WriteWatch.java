package org.epistle.core.games;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The database's pool as its users see it, telling {@link StoreWrites} how each write ends, for H2 and PostgreSQL
 * alike. A write is a statement that changes data or schema (INSERT, UPDATE, DELETE, MERGE, CREATE, ALTER, DROP,
 * TRUNCATE, judged by its first word); in auto-commit mode it is durable when the statement returns, inside a
 * transaction when the transaction's commit returns (H2 writes its file in the commit). Either failing is a failed
 * write; a commit of a transaction that only read proves nothing and is not reported.
 */
final class WriteWatch implements DataSource {
    /** The first words of statements that change something; any other statement is a read. */
    private static final Set<String> WRITING = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE",
            "CREATE", "ALTER", "DROP", "TRUNCATE");
    private static final Set<String> EXECUTING = Set.of("execute", "executeUpdate", "executeLargeUpdate",
            "executeBatch", "executeLargeBatch");

    private final DataSource pool;
    private final StoreWrites writes;

    WriteWatch(DataSource pool, StoreWrites writes) {
        this.pool = pool;
        this.writes = writes;
    }

    /** Whether the SQL changes data or schema, by its first word after blanks and comments. */
    static boolean isWrite(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return WRITING.contains(sql.substring(start, i).toUpperCase(Locale.ROOT));
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = pool.getConnection();
        Watched watched = new Watched(connection, connection.getAutoCommit());
        watched.proxy = (Connection) Proxy.newProxyInstance(WriteWatch.class.getClassLoader(),
                new Class<?>[] {Connection.class}, watched::invoke);
        return watched.proxy;
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the pool's user and password are set when it is made");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : pool.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || pool.isWrapperFor(iface);
    }

    /** One connection: whether its open transaction has written, and the number of its first write attempt. */
    private final class Watched {
        private final Connection connection;
        /** What the user holds: statements hand it out as their connection. */
        private Connection proxy;
        /** The attempt number of the open transaction's first write; 0 while it has written nothing. */
        private long writing;
        /**
         * Whether the connection is in auto-commit mode, as its user last set it; kept here rather than asked after a
         * write, since asking a connection whose database has just closed fails, and a write that succeeded must not.
         */
        private boolean autoCommit;

        Watched(Connection connection, boolean autoCommit) {
            this.connection = connection;
            this.autoCommit = autoCommit;
        }

        Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "commit":
                    return ended(call(connection, method, args));
                case "setAutoCommit": {
                    // turning auto-commit on commits the open transaction (JDBC says so)
                    boolean on = Boolean.TRUE.equals(args[0]);
                    Object result = on && writing != 0 ? ended(call(connection, method, args)) : call(connection, method, args);
                    autoCommit = on;
                    return result;
                }
                case "rollback":
                    if (args == null || args.length == 0) {
                        writing = 0;
                    }
                    return call(connection, method, args);
                case "close":
                    writing = 0;
                    return call(connection, method, args);
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "unwrap":
                    return connection.unwrap((Class<?>) args[0]);
                default:
                    break;
            }
            Object result = call(connection, method, args);
            if (result instanceof Statement statement) {
                String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : null;
                return statement(statement, method.getReturnType(), sql);
            }
            return result;
        }

        /** A commit (or auto-commit switched on) that returned: the transaction's writes are durable. */
        private Object ended(Object result) {
            if (writing != 0) {
                writes.succeeded(writing);
            }
            writing = 0;
            return result;
        }

        /** The call; a failed commit of a transaction that wrote is a failed write. */
        private Object call(Object target, Method method, Object[] args) throws Throwable {
            boolean committing = method.getName().equals("commit") || method.getName().equals("setAutoCommit");
            long attempt = committing && writing != 0 ? writes.begin() : 0;
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                if (attempt != 0) {
                    writes.failed(attempt, e.getCause());
                    writing = 0;
                }
                throw e.getCause();
            }
        }

        private Object statement(Statement statement, Class<?> type, String preparedSql) {
            Class<?> face = type == PreparedStatement.class || type == CallableStatement.class ? type : Statement.class;
            return Proxy.newProxyInstance(WriteWatch.class.getClassLoader(), new Class<?>[] {face},
                    (p, m, a) -> switch (m.getName()) {
                        case "equals" -> p == a[0];
                        case "hashCode" -> System.identityHashCode(p);
                        case "getConnection" -> proxy;
                        default -> EXECUTING.contains(m.getName()) ? executed(statement, m, a, preparedSql)
                                : invokeOn(statement, m, a);
                    });
        }

        /** A statement run: a write is reported when it fails, and when it succeeds in auto-commit mode. */
        private Object executed(Statement statement, Method m, Object[] a, String preparedSql) throws Throwable {
            String sql = a != null && a.length > 0 && a[0] instanceof String s ? s : preparedSql;
            boolean batch = m.getName().contains("Batch");
            if (!batch && (sql == null || !isWrite(sql))) {
                return invokeOn(statement, m, a);
            }
            long attempt = writes.begin();
            Object result;
            try {
                result = invokeOn(statement, m, a);
            } catch (Throwable e) {
                writes.failed(attempt, e);
                throw e;
            }
            if (autoCommit) {
                writes.succeeded(attempt);
            } else if (writing == 0) {
                writing = attempt;
            }
            return result;
        }

        private Object invokeOn(Object target, Method m, Object[] a) throws Throwable {
            try {
                return m.invoke(target, a);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
