package org.epistle.core.games;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.time.Clock;
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
 * (its JDBC driver must be on the class path). Both are pooled: PostgreSQL by HikariCP, since opening a PostgreSQL
 * connection costs a login each time; H2 by {@link H2Pool}, which keeps each session's prepared statements from one
 * transaction to the next. Closing the database closes the pool,
 * and from then on every attempt to get a connection fails (a clean stop relies on that).
 *
 * <p>An H2 database closes itself when a write fails (a full disk, an IO error); once space is back the next
 * connection opens it again, and {@link H2Pool} drops the dead connections without running a statement on them
 * (one could spin for ever in H2), so the server goes on without a restart. HikariCP drops a broken PostgreSQL connection by itself.
 *
 * <p>Meanwhile a read may well succeed (H2 opens the file again for reading while the disk is still full), so every
 * connection, on either engine, is watched by {@link WriteWatch}: {@link #writes()} remembers the last write the
 * store could not make until a later write succeeds, which {@code /health} reports.
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
    private final StoreWrites writes;

    private Database(Jdbi jdbi, Runnable closePool, StoreWrites writes) {
        this.jdbi = jdbi;
        this.closePool = closePool;
        this.writes = writes;
    }

    /** Opens the database at the URL with a pool of the default size and runs the migrations it has not had yet. */
    public static Database open(String url, String user, String password) {
        return open(url, user, password, DEFAULT_POOL_SIZE);
    }

    /** Opens the database at the URL, pooling at most {@code poolSize} connections, and runs the migrations it has not had yet. */
    public static Database open(String url, String user, String password, int poolSize) {
        return open(url, user, password, poolSize, Clock.systemUTC());
    }

    /**
     * Opens the database at the URL, pooling at most {@code poolSize} connections, and runs the migrations it has not
     * had yet; the moment of a failed write ({@link #writes()}) is read from the clock.
     */
    public static Database open(String url, String user, String password, int poolSize, Clock clock) {
        if (poolSize < 1) {
            throw new IllegalArgumentException("a pool holds at least one connection, not " + poolSize);
        }
        String u = user == null ? "" : user;
        String p = password == null ? "" : password;
        if (url.startsWith("jdbc:h2:")) {
            String h2 = withQueryCache(H2File.appendOnly(durable(url)));
            H2Pool pool = new H2Pool(h2, u, p, poolSize);
            H2File.compactIfSparse(pool, H2File.OPENED);
            return opened(pool, () -> {
                H2File.compactIfSparse(pool, H2File.CLOSED);
                pool.close();
            }, clock);
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
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED"); // see #transaction
        // A request waits this long for a free connection (or for a server that went away to come back), then fails
        // with the cause; Hikari's 30 s would hold a page or a mail lane far longer than anyone waits.
        config.setConnectionTimeout(10_000);
        HikariDataSource pool = new HikariDataSource(config);
        return opened(pool, pool::close, clock);
    }

    private static Database opened(DataSource pool, Runnable closePool, Clock clock) {
        StoreWrites writes = new StoreWrites(clock);
        DataSource watched = new WriteWatch(pool, writes);
        try {
            if (!Migrations.isCurrent(watched)) {
                migrate(Flyway.configure().dataSource(watched));
            }
        } catch (RuntimeException e) {
            closePool.run();
            throw e;
        }
        return new Database(plugins(Jdbi.create(watched)), closePool, writes);
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
     * every statement was parsed again each time. Every H2 URL gets a cache of 64 unless the operator chose. (The
     * cache lives in the session and a ROLLBACK empties it, which is why H2's connections are pooled by {@link H2Pool}.)
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

    /**
     * Runs the work in one transaction at READ COMMITTED, the level the services are written for. Every pooled
     * connection is set to it once, when it is made: asking Jdbi for the level per transaction cost two more round
     * trips on PostgreSQL (SHOW TRANSACTION ISOLATION LEVEL before and after) on every write.
     */
    public <T> T transaction(org.jdbi.v3.core.HandleCallback<T, RuntimeException> work) {
        return jdbi.inTransaction(work);
    }

    public Jdbi jdbi() {
        return jdbi;
    }

    /** How the writes through this database's connections end: the last one the store could not make. */
    public StoreWrites writes() {
        return writes;
    }

    @Override
    public void close() {
        closePool.run();
    }
}
