package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Pattern;
import org.epistle.web.cli.EpistleCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code epistle bench scale} at a small size, through the command line: it writes the games, runs the real server
 * on them, and prints its table and summary line. The figures are for a person to judge; this checks that every
 * measurement ran and how they are printed.
 */
class ScaleBenchTest {

    @Test void a_small_scale_bench_runs_the_server_and_prints_its_table_and_summary() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("bench", "scale", "--games", "2000", "--turns", "6", "--scale-players", "50", "--page-requests", "20");
        String text = out.toString();
        assertEquals(0, code, text + err);

        assertTrue(text.startsWith("epistle bench scale: 2000 games (10% being played), 6 turns each (12000 turns), 50 players, on H2"), text);
        assertTrue(Pattern.compile("(?m)^written in [0-9.]+ s: [0-9]+ games/s, [0-9]+ turns/s \\(this thread's CPU: [0-9.]+ s, the database's work included\\)$").matcher(text).find(), text);
        for (String row : List.of("server start-up (process start to serving)", "game page GET /games/{id}, any game",
                "front page GET /", "front page GET /?page=2..40", "admin list GET /admin (games, players)",
                "desk GET /desk/{token}, 50 players", "move POST /play/{id}/{token}", "due-jobs scan (the tick's first 200)")) {
            assertTrue(Pattern.compile("(?m)^" + Pattern.quote(row) + " +[0-9]+ +[0-9.]+ m?s +[0-9.]+ m?s +([0-9.]+ m?s|-) +([0-9.]+ m?s|-)")
                            .matcher(text).find(),
                    "a row with requests, p50, p99, the server's CPU per request and its request threads' part for " + row + ":\n" + text);
        }
        for (String page : List.of("game page GET /games/{id}, any game", "desk GET /desk/{token}, 50 players")) {
            assertTrue(Pattern.compile("(?m)^" + Pattern.quote(page) + " +20 +[0-9.]+ m?s +[0-9.]+ m?s +[0-9.]+ m?s +[0-9.]+ m?s ")
                    .matcher(text).find(), "the request threads' CPU is measured for " + page + ":\n" + text);
        }
        for (String page : List.of("game page GET /games/{id}, any game", "front page GET /", "desk GET /desk/{token}, 50 players",
                "move POST /play/{id}/{token}")) {
            assertTrue(Pattern.compile("(?m)^" + Pattern.quote(page) + " +[0-9]+ +[0-9.]+ m?s +[0-9.]+ m?s +[0-9.]+ m?s +[0-9.]+ m?s +[1-9][0-9]* kB ")
                    .matcher(text).find(), "the heap the request threads allocated per request is read from the server for " + page
                    + ":\n" + text);
        }
        assertTrue(Pattern.compile("(?m)^front page GET / +20 ").matcher(text).find(), "20 requests timed: " + text);
        assertTrue(Pattern.compile("(?m)^database round trip \\(SELECT 1\\) +100 +[0-9.]+ m?s +[0-9.]+ m?s +- +- ").matcher(text).find(),
                "what each statement of a page costs at least, five times as many as a page's requests: " + text);
        // a test's class path holds directories, which the JVM does not archive; from epistle.jar the row is there
        assertTrue(Pattern.compile("(?m)^server start-up with its class archive \\(CDS\\) +1 ").matcher(text).find()
                || text.contains("\nclass archive: not made (the class path holds directories, not only jars"),
                "the start with the class archive README recommends, or why there is none: " + text);
        assertTrue(text.contains("\nserver: java -Xmx256m -XX:+UseSerialGC -jar epistle.jar serve (as README recommends)\n"),
                "the server runs with the heap limit README recommends: " + text);
        assertTrue(Pattern.compile("(?m)^game page GET /games/\\{id}, any game .* p99 < 20 ms: (met|NOT met)$").matcher(text).find(),
                "each page's target beside its figures: " + text);
        assertTrue(Pattern.compile("(?m)^server RSS after the requests \\(peak\\) +- +[0-9]+ MB +[0-9]+ MB  RSS < 512 MB: (met|NOT met)$")
                .matcher(text).find(), text);
        assertTrue(text.contains("load average (1 min, 5 min, 15 min): "), text);
        String last = text.strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(Pattern.matches("scale: start [0-9.]+ s, RSS [0-9]+ MB, page p99 [0-9.]+ ms, move p99 [0-9.]+ ms, "
                + "scan p99 [0-9.]+ ms: targets (met|NOT met)", last), last);
    }

    @Test void a_kept_fill_copied_to_another_directory_is_measured_again_there_and_other_sizes_are_refused_cleanly(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path temp) throws Exception {
        java.nio.file.Path first = temp.resolve("first");
        String[] sizes = {"--games", "200", "--turns", "2", "--scale-players", "10", "--page-requests", "10"};
        Run filled = bench(sizes, "--keep", first.toString());
        assertEquals(0, filled.code(), filled.out() + filled.err());
        assertTrue(filled.out().contains("\nwritten in "), filled.out());

        java.nio.file.Path copy = temp.resolve("copy");
        java.nio.file.Files.createDirectories(copy);
        try (var files = java.nio.file.Files.list(first)) {
            for (java.nio.file.Path f : files.filter(java.nio.file.Files::isRegularFile).toList()) {
                java.nio.file.Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Run again = bench(sizes, "--keep", copy.toString());
        assertEquals(0, again.code(), again.out() + again.err());
        assertTrue(again.out().contains("\nmeasured again: the database kept in " + copy), again.out());
        assertTrue(!again.out().contains("\nwritten in "), again.out());

        String[] other = {"--games", "300", "--turns", "2", "--scale-players", "10", "--page-requests", "10", "--keep", copy.toString()};
        Run refused = bench(other);
        String said = refused.out() + refused.err();
        assertTrue(refused.code() != 0, said);
        assertTrue(said.contains("a --keep directory is measured again only with the sizes it was filled with"), said);
        assertTrue(!said.contains("Improper transaction handling"), said);
    }

    private record Run(int code, String out, String err) {
    }

    private static Run bench(String[] sizes, String... more) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        java.util.List<String> args = new java.util.ArrayList<>(List.of("bench", "scale"));
        args.addAll(List.of(sizes));
        args.addAll(List.of(more));
        int code = cl.execute(args.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }

    @Test void sizes_out_of_range_are_refused_with_what_to_write() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("bench", "scale", "--games", "10", "--turns", "21");
        assertEquals(2, code, out + "" + err);
        assertTrue(err.toString().contains("--turns 0 to 20"), err.toString());
    }
}
