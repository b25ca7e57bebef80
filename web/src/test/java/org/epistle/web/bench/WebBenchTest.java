package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.epistle.web.cli.EpistleCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code epistle bench web} runs end to end and prints every row; the figures are for people to judge. */
class WebBenchTest {

    @Test
    void a_tiny_web_bench_prints_the_whole_table() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int code = cl.execute("bench", "web", "--seconds", "1", "--concurrency", "2", "--max-requests", "40");

        assertEquals(0, code, err + "\n" + out);
        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("bare Javalin GET / +[1-9]\\d* +\\d+ req/s .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("game page GET /games/\\{id\\} +[1-9]\\d* .*"
                + "game page >= half bare rate \\(.*\\): (yes|no)$")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("bare Javalin POST /commit +[1-9]\\d* +\\d+ req/s .*"
                + "one durable transaction the size of a move's$")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("bare Javalin POST /tables +[1-9]\\d* +\\d+ req/s .*"
                + "the same rows in Epistle's tables: \\d+\\.\\d\\d of the bare commit's rate; move POST / this = \\d+\\.\\d\\d$")),
                out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("process CPU per request of the baselines: bare commit [0-9.]+ ms, "
                + "the same rows in Epistle's tables [0-9.]+ ms, move [0-9.]+ ms")), out.toString());
        if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) { // Linux's per-thread CPU
            assertTrue(lines.stream().anyMatch(l -> l.matches("of which the JIT compiler threads' CPU \\(still compiling in a short run\\): "
                    + "move [0-9.]+ ms, bare commit [0-9.]+ ms")), out.toString());
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("move POST /play/\\{id\\}/\\{token\\} +[1-9]\\d* .*"
                + "move POST / bare commit = \\d+\\.\\d\\d, target >= 0\\.5: (yes|no)$")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("a move writes about [1-9]\\d* bytes: .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("load average: ")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("process CPU per request \\(\\d+ cores.*: bare [0-9.]+ ms, game page [0-9.]+ ms, "
                + "move [0-9.]+ ms; at that cost the cores allow at most \\d+ moves/s")), out.toString());
        for (String l : lines) {
            if (l.startsWith("bare Javalin ") || l.startsWith("game page ") || l.startsWith("move POST /play")) {
                assertTrue(l.contains(" ms "), "p50 and p99 in " + l);
            }
        }
    }

    @Test
    void bad_parameters_are_refused_with_a_sentence() {
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));

        assertEquals(2, cl.execute("bench", "web", "--concurrency", "0"));
        assertTrue(err.toString().contains("--concurrency must be 1 to 64"), err.toString());
    }
}
