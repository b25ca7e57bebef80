package org.epistle.core.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.epistle.core.games.Database;

/**
 * The one way a test gets a database: a fresh one on the engine the run selected, so the store, mail and web
 * suites run unchanged on H2 and on PostgreSQL.
 *
 * <p>The engine is the system property {@code epistle.test.db} (or the variable {@code EPISTLE_TEST_DB}):
 * {@code h2}, the default, or {@code postgresql}. H2 is a file database in the test's directory. PostgreSQL is a
 * schema of its own on the server that {@code EPISTLE_TEST_POSTGRES_URL} names (a database the URL's user may
 * create schemas in, for example {@code jdbc:postgresql://127.0.0.1:55432/postgres?user=epistle}; {@code .ci/run}
 * starts one), dropped by {@link #close()} or, for a test that forgot, when the test JVM ends.
 *
 * <p>One directory is one database for the whole JVM: {@code in(dir)} twice, or {@link #open()} after a close of the
 * {@link Database}, reaches the same data, as a restarted server would.
 *
 * <pre>{@code
 * try (TestDatabase scratch = TestDatabase.in(dir); Database db = scratch.open()) { ... }
 * MailWorld env: scratch.environment()   // EPISTLE_DB_URL, EPISTLE_DB_USER, EPISTLE_DB_PASSWORD
 * }</pre>
 */
public final class TestDatabase implements AutoCloseable {
    /** The engines a suite can run on. */
    public enum Engine { H2, POSTGRESQL }

    /** The system property (or, upper-cased with underscores, the variable) that selects the engine. */
    public static final String ENGINE_PROPERTY = "epistle.test.db";
    /** The variable naming the scratch PostgreSQL server. */
    public static final String POSTGRES_URL_VARIABLE = "EPISTLE_TEST_POSTGRES_URL";

    /**
     * Schemas of this JVM get this prefix, so two runs against one long-lived local server never meet, even when a
     * temporary directory's name comes round again.
     */
    private static final String RUN = HexFormat.of().formatHex(new java.security.SecureRandom().generateSeed(3));
    private static final Set<String> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::dropLeftovers, "test-database-cleanup"));
    }

    private final Engine engine;
    private final String url;
    private final String schema;        // PostgreSQL only

    private TestDatabase(Engine engine, String url, String schema) {
        this.engine = engine;
        this.url = url;
        this.schema = schema;
    }

    /** The engine this run's suites use. */
    public static Engine engine() {
        String chosen = System.getProperty(ENGINE_PROPERTY, System.getenv().getOrDefault("EPISTLE_TEST_DB", "h2"));
        return switch (chosen.strip().toLowerCase(Locale.ROOT)) {
            case "", "h2" -> Engine.H2;
            case "postgresql", "postgres", "pg" -> Engine.POSTGRESQL;
            default -> throw new IllegalStateException(ENGINE_PROPERTY + "=" + chosen + ": expected h2 or postgresql");
        };
    }

    public static boolean isPostgres() {
        return engine() == Engine.POSTGRESQL;
    }

    /** A fresh database for the test whose directory this is (the same one when asked again in this JVM). */
    public static TestDatabase in(Path dir) {
        Path home = dir.toAbsolutePath();
        if (engine() == Engine.H2) {
            return new TestDatabase(Engine.H2, "jdbc:h2:file:" + home.resolve("epistle") + ";AUTO_SERVER=TRUE", null);
        }
        return onPostgres(home);
    }

    /**
     * A fresh schema on the scratch PostgreSQL server whatever engine this run selected, for the tests that need
     * what only a server gives (several processes on one database); ask {@link #hasPostgresServer()} first.
     */
    public static TestDatabase onPostgres(Path dir) {
        Path home = dir.toAbsolutePath();
        String server = postgresServer();
        String schema = "t" + RUN + "_" + digest(home.toString()).substring(0, 12);
        execute(server, "CREATE SCHEMA IF NOT EXISTS " + schema);
        LIVE.add(schema);
        return new TestDatabase(Engine.POSTGRESQL, server + (server.contains("?") ? "&" : "?") + "currentSchema=" + schema, schema);
    }

    /**
     * The scratch server. Without one the PostgreSQL run cannot happen: that is a failure, never a quiet skip,
     * since a skipped run would look like a passed one (the Maven profile only selects this engine when CI is set
     * or the URL is).
     */
    private static String postgresServer() {
        String url = System.getenv(POSTGRES_URL_VARIABLE);
        if (url == null || url.isBlank()) {
            url = System.getProperty("epistle.test.postgres.url");
        }
        if (url == null || url.isBlank()) {
            throw new IllegalStateException(ENGINE_PROPERTY + "=postgresql but " + POSTGRES_URL_VARIABLE
                    + " names no server: start one with `eval \"$(bash .ci/scratch-postgres start)\"`");
        }
        return url.strip();
    }

    /** Whether a scratch PostgreSQL server is named ({@code EPISTLE_TEST_POSTGRES_URL}). */
    public static boolean hasPostgresServer() {
        String url = System.getenv(POSTGRES_URL_VARIABLE);
        if (url == null || url.isBlank()) {
            url = System.getProperty("epistle.test.postgres.url");
        }
        return url != null && !url.isBlank();
    }

    /** Opens the database, running the migrations it has not had; close the result, then this. */
    public Database open() {
        return Database.open(url, "", "");
    }

    /** The JDBC URL, user and password included as the engine needs them. */
    public String url() {
        return url;
    }

    /** The settings a server (or a server process) needs to reach this database, as environment variables. */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("EPISTLE_DB_URL", url);
        env.put("EPISTLE_DB_USER", "");
        env.put("EPISTLE_DB_PASSWORD", "");
        return env;
    }

    /** Drops a PostgreSQL schema with everything in it; H2's file goes with the test's directory. */
    @Override
    public void close() {
        if (schema != null && LIVE.remove(schema)) {
            execute(postgresServer(), "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static void dropLeftovers() {
        for (String schema : Set.copyOf(LIVE)) {
            try {
                execute(postgresServer(), "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            } catch (RuntimeException e) {
                System.err.println("test database: could not drop schema " + schema + ": " + e.getMessage());
            }
        }
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }

    private static void execute(String server, String sql) {
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL test server " + server + ": " + sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "TestDatabase[" + engine + " " + url + "]";
    }
}
