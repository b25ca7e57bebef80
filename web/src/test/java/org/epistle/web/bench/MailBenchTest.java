package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.epistle.web.cli.EpistleCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code epistle bench mail} runs end to end and prints every row; the figures are for people to judge. */
class MailBenchTest {

    @Test
    void a_tiny_mail_bench_prints_the_whole_table() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int code = cl.execute("bench", "mail", "--games", "2", "--moves", "1", "--raw", "4", "--sequential", "2",
                "--seconds", "60");

        assertEquals(0, code, err + "\n" + out);
        List<String> lines = out.toString().lines().toList();
        List<String> rows = List.of(
                "raw round trip, one at a time, p50",
                "raw round trip, one at a time, p99",
                "raw round trip, one at a time, rate",
                "raw round trip, 2 in flight, p50",
                "raw round trip, 2 in flight, p99",
                "raw round trip, 2 in flight, rate",
                "move to both notifications, one at a time, p50",
                "move to both notifications, one at a time, p99",
                "move to both notifications, one at a time, rate",
                "move to both notifications, 2 games in flight, p50",
                "move to both notifications, 2 games in flight, p99",
                "move to both notifications, 2 games in flight, rate",
                "raw three-message exchange, 2 in flight, p50",
                "raw three-message exchange, 2 in flight, p99",
                "raw three-message exchange, 2 in flight, rate");
        for (String row : rows) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(row + " ")), "no row \"" + row + "\" in:\n" + out);
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("move to both notifications, one at a time, p99 ")
                && l.matches(".*p99 < 300 ms: (yes|no)$")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("move to both notifications, 2 games in flight, rate ")
                && l.matches(".*moves / raw exchanges = \\d+\\.\\d\\d, target >= 0\\.5: (yes|no)$")), out.toString());
        // as many exchanges as moves in flight, each of a move's three messages byte for byte
        assertTrue(lines.stream().anyMatch(l -> l.matches("raw three-message exchange, 2 in flight, p50 +4 .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("a move's three messages: in \\d+ bytes, out \\d{4,} and \\d{4,} bytes")),
                out.toString());
        // the moves' path is warmed up by as many moves in flight as the rounds measure, the raw one likewise
        assertTrue(lines.stream().anyMatch(l -> l.equals("warm-up: 4 moves and 4 raw exchanges in flight, in 2 rounds "
                + "as the measured ones, not counted")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("load average: ")), out.toString());
        // two plies a game make two paired rounds of one each, raw first then moves first, and their median ratio
        assertTrue(lines.stream().anyMatch(l -> l.matches("round 1, raw first: 2 raw exchanges, .* CPU each; 2 moves, .* CPU each; "
                + "ratio \\d+\\.\\d\\d; load .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("round 2, moves first: 2 raw exchanges, .*; 2 moves, .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("moves / raw exchanges, median of 2 paired rounds: \\d+\\.\\d\\d\\d "
                + "\\(\\d+\\.\\d\\d \\d+\\.\\d\\d\\), target >= 0\\.5: (yes|no)")), out.toString());
        // every game move was played and seen by both players: 2 moves one at a time, 2 games x 2 plies in flight
        assertTrue(lines.stream().anyMatch(l -> l.matches("move to both notifications, one at a time, p50 +2 .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("move to both notifications, 2 games in flight, p50 +4 .*")), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("process CPU \\(\\d+ cores.*: [0-9.]+ ms per raw message, [0-9.]+ ms per move .*"
                + "at most \\d+ moves/s")), out.toString());
    }

    @Test
    void bad_parameters_are_refused_with_a_sentence() {
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));

        assertEquals(2, cl.execute("bench", "mail", "--moves", "17"));
        assertTrue(err.toString().contains("--moves must be 1 to 16"), err.toString());
    }
}
