package org.epistle.core.games;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcConnectionPool;
import org.jdbi.v3.core.ConnectionFactory;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.extension.ExtensionFactory;
import org.jdbi.v3.core.extension.Extensions;
import org.jdbi.v3.sqlobject.SqlObjectFactory;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * The store: a Jdbi over one JDBC database, its schema brought up to date by the migrations in
 * {@code db/migration} when it is opened. H2 in file mode by default; PostgreSQL by URL alone
 * (its JDBC driver must be on the class path). H2 gets a small connection pool.
 */
public final class Database implements AutoCloseable {
    /** An H2 file under ./data; AUTO_SERVER lets a second process (a CLI command) open it too. */
    public static final String DEFAULT_URL = "jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE";
    private static final int POOL_SIZE = 16;

    private final Jdbi jdbi;
    private final JdbcConnectionPool pool;
    private final AtomicBoolean closed;

    private Database(Jdbi jdbi, JdbcConnectionPool pool, AtomicBoolean closed) {
        this.jdbi = jdbi;
        this.pool = pool;
        this.closed = closed;
    }

    /** Opens the database at the URL and runs the migrations it has not had yet. */
    public static Database open(String url, String user, String password) {
        String u = user == null ? "" : user;
        String p = password == null ? "" : password;
        if (url.startsWith("jdbc:h2:")) {
            JdbcConnectionPool pool = JdbcConnectionPool.create(withQueryCache(durable(url)), u, p);
            pool.setMaxConnections(POOL_SIZE);
            try {
                migrate(Flyway.configure().dataSource(pool));
            } catch (RuntimeException e) {
                pool.dispose();
                throw e;
            }
            return new Database(plugins(Jdbi.create((DataSource) pool)), pool, new AtomicBoolean());
        }
        migrate(Flyway.configure().dataSource(url, u, p));
        // A connection per handle, from the driver. Once closed, the store refuses work as H2's disposed pool does,
        // instead of quietly going on with connections of its own.
        AtomicBoolean closed = new AtomicBoolean();
        ConnectionFactory connections = () -> {
            if (closed.get()) {
                throw new SQLException("the database is closed", "08003");
            }
            return DriverManager.getConnection(url, u, p);
        };
        return new Database(plugins(Jdbi.create(connections)), null, closed);
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
                org.epistle.core.games.clock.LeaveTable.class)) {
            extensions.findMetadata(table, sqlObjects);
        }
        return jdbi;
    }

    public Jdbi jdbi() {
        return jdbi;
    }

    @Override
    public void close() {
        closed.set(true);
        if (pool != null) {
            pool.dispose();
        }
    }
}
