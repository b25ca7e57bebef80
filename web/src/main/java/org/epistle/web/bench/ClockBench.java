package org.epistle.web.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.epistle.core.games.Database;
import org.epistle.core.games.clock.DueJobTable;
import org.epistle.core.games.clock.DueKind;

/**
 * {@code epistle bench clock}: how long the scheduler's scan for due reminders and timeouts takes among many
 * active games. An H2 file database in a temporary directory gets that many active games, each with the clock's
 * rows as play leaves them: the three pending jobs of the move now awaited (half-time reminder, deadline reminder,
 * timeout, due over the next days) and three done or void rows of earlier turns. The scan is the tick's own
 * query ({@link DueJobTable#due}, the first 200 due by now) and, beside it, every job due by now without a limit;
 * the moment is chosen so that about one game in a hundred has something due. Each is run for a warm-up as long
 * as its measured time, then timed one by one.
 */
public final class ClockBench {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final int TICK_LIMIT = 200;

    /**
     * @param games   active games to insert
     * @param seconds measured time of each scan, after a warm-up as long
     */
    public record Options(int games, int seconds) {
        public Options {
            if (games < 1 || games > 1_000_000) {
                throw new IllegalArgumentException("--games must be 1 to 1000000, not " + games);
            }
            if (seconds < 1 || seconds > 600) {
                throw new IllegalArgumentException("--seconds must be 1 to 600, not " + seconds);
            }
        }
    }

    /** What one scan measured, for the printout and the test. */
    record Figures(String label, int rows, Samples samples) {
    }

    private ClockBench() {
    }

    public static List<Figures> run(Options options, PrintWriter out) throws Exception {
        Path dir = Files.createTempDirectory("epistle-bench-clock");
        try (Database db = Database.h2(dir)) {
            long t0 = System.nanoTime();
            int rows = fill(db, options.games());
            out.printf("clock: %d active games, %d due-job rows inserted in %.1f s (H2 file in %s)%n", options.games(), rows,
                    (System.nanoTime() - t0) / 1e9, dir);
            out.println("plan: " + plan(db));
            out.flush();
            List<Figures> figures = new ArrayList<>();
            figures.add(measure("tick scan: first " + TICK_LIMIT + " jobs due", options.seconds(),
                    () -> db.jdbi().withExtension(DueJobTable.class, t -> t.due(NOW, TICK_LIMIT)).size()));
            figures.add(measure("every job due, no limit", options.seconds(),
                    () -> db.jdbi().withExtension(DueJobTable.class, t -> t.due(NOW, Integer.MAX_VALUE)).size()));
            out.printf("%-40s %8s %8s %10s %10s%n", "scan", "rows", "scans", "p50 ms", "p99 ms");
            for (Figures f : figures) {
                out.printf("%-40s %8d %8d %10.3f %10.3f%n", f.label(), f.rows(), f.samples().count(),
                        f.samples().percentileMillis(50), f.samples().percentileMillis(99));
            }
            out.printf("load average (1 min): %.2f on %d processors; target: one scan p99 < 1000 ms%n",
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
            out.flush();
            return figures;
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Figures measure(String label, int seconds, java.util.function.IntSupplier scan) {
        long warmUntil = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int rows = 0;
        while (System.nanoTime() < warmUntil) {
            rows = scan.getAsInt();
        }
        List<Long> nanos = new ArrayList<>();
        long start = System.nanoTime();
        long until = start + Duration.ofSeconds(seconds).toNanos();
        while (System.nanoTime() < until) {
            long t = System.nanoTime();
            rows = scan.getAsInt();
            nanos.add(System.nanoTime() - t);
        }
        long[] all = nanos.stream().mapToLong(Long::longValue).toArray();
        return new Figures(label, rows, new Samples(all, System.nanoTime() - start, false));
    }

    /** How H2 runs the tick's query: it should name the index due_jobs_scan, read in its order, not a walk over the table. */
    static String plan(Database db) {
        return db.jdbi().withHandle(h -> h.createQuery("EXPLAIN " + DueJobTable.SCAN).bind("now", NOW).bind("limit", 200)
                .mapTo(String.class).one().replaceAll("\\s+", " "));
    }

    /** Inserts the games and their jobs with plain JDBC batches: the service would replay and mail each game. */
    private static int fill(Database db, int games) {
        Random random = new Random(12);
        return db.jdbi().inTransaction(h -> {
            Connection c = h.getConnection();
            try {
                long white = player(c, "White", "white@bench.localhost");
                long black = player(c, "Black", "black@bench.localhost");
                String fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
                long firstId;
                try (PreparedStatement g = c.prepareStatement("""
                        INSERT INTO games (variant, white_army, black_army, white_player, black_player, state, fen, turns_played,
                                           root_message_id, created_at, updated_at, time_control)
                        VALUES ('chess', 'fabulous-fides', 'fabulous-fides', ?, ?, 'ACTIVE', ?, 4, '', ?, ?, '3d')""",
                        java.sql.Statement.RETURN_GENERATED_KEYS)) {
                    Timestamp created = Timestamp.from(NOW.minus(Duration.ofDays(10)));
                    for (int i = 0; i < games; i++) {
                        g.setLong(1, white);
                        g.setLong(2, black);
                        g.setString(3, fen);
                        g.setTimestamp(4, created);
                        g.setTimestamp(5, created);
                        g.addBatch();
                        if (i % 5000 == 4999) {
                            g.executeBatch();
                        }
                    }
                    g.executeBatch();
                }
                try (ResultSet rs = c.createStatement().executeQuery("SELECT MIN(id) FROM games")) {
                    rs.next();
                    firstId = rs.getLong(1);
                }
                int rows = 0;
                try (PreparedStatement j = c.prepareStatement(
                        "INSERT INTO due_jobs (game_id, turn_seq, kind, leave_id, due_at, status, done_at) VALUES (?, ?, ?, 0, ?, ?, ?)")) {
                    for (long id = firstId; id < firstId + games; id++) {
                        // the move now awaited began up to three days ago; one game in a hundred has a job due by now
                        Instant began = NOW.minus(Duration.ofMinutes(random.nextInt(3 * 24 * 60)));
                        boolean due = random.nextInt(100) == 0;
                        Instant half = due ? NOW.minus(Duration.ofMinutes(1 + random.nextInt(600))) : NOW.plus(Duration.ofMinutes(1 + random.nextInt(36 * 60)));
                        Instant[] moments = {half, half.plus(Duration.ofHours(12)), half.plus(Duration.ofHours(36))};
                        DueKind[] kinds = {DueKind.HALF_TIME_REMINDER, DueKind.DEADLINE_REMINDER, DueKind.TIMEOUT};
                        for (int k = 0; k < 3; k++) {
                            rows += job(j, id, 4, kinds[k], moments[k], "PENDING", null);
                            rows += job(j, id, k + 1, kinds[k], began.minus(Duration.ofDays(1)), k == 0 ? "DONE" : "VOID",
                                    k == 0 ? began.minus(Duration.ofDays(1)) : null);
                        }
                        if (id % 2000 == 0) {
                            j.executeBatch();
                        }
                    }
                    j.executeBatch();
                }
                return rows;
            } catch (SQLException e) {
                throw new IllegalStateException("filling the bench database failed: " + e, e);
            }
        });
    }

    private static int job(PreparedStatement j, long game, int turn, DueKind kind, Instant due, String status, Instant done)
            throws SQLException {
        j.setLong(1, game);
        j.setInt(2, turn);
        j.setString(3, kind.name());
        j.setTimestamp(4, Timestamp.from(due));
        j.setString(5, status);
        j.setTimestamp(6, done == null ? null : Timestamp.from(done));
        j.addBatch();
        return 1;
    }

    private static long player(Connection c, String name, String email) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO players (name, email, created_at) VALUES (?, ?, ?)",
                java.sql.Statement.RETURN_GENERATED_KEYS)) {
            p.setString(1, name);
            p.setString(2, email);
            p.setTimestamp(3, Timestamp.from(NOW));
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }
}
