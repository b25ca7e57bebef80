package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.testing.TestDatabase;
import org.epistle.web.cli.EpistleCommand;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code epistle bench faults --postgres}: Epistle in a child process on PostgreSQL has every one of its database
 * connections terminated ({@code pg_terminate_backend}) three times while games go on by mail and on the web, and
 * recovers without losing, doubling or leaving unsent anything.
 *
 * <p>Needs a PostgreSQL server ({@code EPISTLE_TEST_POSTGRES_URL}): skipped without one, a failure when {@code CI=true}.
 */
class FaultsBenchPostgresTest {
    private static final Pattern SUMMARY = Pattern.compile(
            "faults: (\\d+) moves, (\\d+) lost, (\\d+) doubled, (\\d+) notifications, (\\d+) missing, (\\d+) doubled in flight");
    private static final Pattern DROPPED = Pattern.compile("note: database connections dropped: (\\d+) connections");

    @TempDir
    Path dir;

    @Test
    void given_games_on_postgresql_when_its_connections_are_dropped_then_nothing_is_lost_or_doubled() {
        requirePostgres();
        try (TestDatabase database = TestDatabase.onPostgres(dir.resolve("database"))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cl = EpistleCommand.commandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));

            int code = cl.execute("bench", "faults", "--postgres", database.url(), "--drops", "3", "--games", "2",
                    "--kills", "0", "--outage-seconds", "1", "--conflicts", "0", "--hostile", "0", "--confirm-seconds", "120");

            System.out.print(out);                                      // the table, for the build log
            assertEquals(0, code, err + "\n" + out);
            List<String> lines = out.toString().lines().toList();
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("database connections dropped ")), out.toString());
            Matcher dropped = DROPPED.matcher(out.toString());
            assertTrue(dropped.find() && Long.parseLong(dropped.group(1)) > 0, "Epistle's connections were dropped:\n" + out);
            Matcher m = SUMMARY.matcher(lines.get(lines.size() - 1));
            assertTrue(m.matches(), "the last line is the summary:\n" + out);
            assertTrue(Integer.parseInt(m.group(1)) > 0, out.toString());
            assertEquals("0", m.group(2), "no move lost:\n" + out);
            assertEquals("0", m.group(3), "nothing doubled beyond a cut session's mail:\n" + out);
            assertEquals("0", m.group(5), "no notification missing:\n" + out);
            assertFalse(out.toString().contains("players who stopped"), "every player played on:\n" + out);
            assertFalse(out.toString().contains("was not quiet"), "Epistle caught up after every scenario:\n" + out);
        }
    }

    @Test
    void a_database_that_holds_epistles_tables_already_is_refused_with_a_sentence() {
        requirePostgres();
        StringWriter err = new StringWriter();
        try (TestDatabase database = TestDatabase.onPostgres(dir.resolve("used")); var used = database.open()) {
            CommandLine cl = EpistleCommand.commandLine();
            cl.setOut(new PrintWriter(new StringWriter(), true));
            cl.setErr(new PrintWriter(err, true));

            assertEquals(2, cl.execute("bench", "faults", "--postgres", database.url()), err.toString());
        }
        assertTrue(err.toString().contains("--postgres must name an empty database"), err.toString());
    }

    @Test
    void a_url_that_is_not_postgresql_is_refused_with_a_sentence() {
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));

        assertEquals(2, cl.execute("bench", "faults", "--postgres", "jdbc:h2:mem:x"));
        assertTrue(err.toString().contains("--postgres takes a jdbc:postgresql: URL"), err.toString());
    }

    private static void requirePostgres() {
        if (!TestDatabase.hasPostgresServer()) {
            String why = "no PostgreSQL server is named (" + TestDatabase.POSTGRES_URL_VARIABLE + ")";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI=true and " + why);
            Assumptions.abort("skipped, CI is not set and " + why);
        }
    }
}
