package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.web.cli.EpistleCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code epistle bench faults} at a tiny size, through the command line: Epistle in a child process is killed, loses
 * SMTP and IMAP, gets conflicting submissions and hostile mail, and the bench prints its table and, last, the summary
 * line in the exact words of the issue.
 */
class FaultsBenchTest {
    private static final Pattern SUMMARY = Pattern.compile(
            "faults: (\\d+) moves, (\\d+) lost, (\\d+) doubled, (\\d+) notifications, (\\d+) missing, (\\d+) doubled in flight");

    @Test
    void a_tiny_faults_bench_prints_its_table_and_the_summary_line_last() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));

        int code = cl.execute("bench", "faults", "--games", "2", "--kills", "1", "--outage-seconds", "2",
                "--conflicts", "20", "--hostile", "60");

        assertEquals(0, code, err + "\n" + out);
        List<String> lines = out.toString().lines().toList();
        for (String scenario : List.of("load only", "kill -9 of Epistle", "SMTP down 2 s", "IMAP down 2 s",
                "20 conflicting submissions, web and mail", "60 hostile mails")) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(scenario + " ")), "no row \"" + scenario + "\" in:\n" + out);
        }
        String last = lines.get(lines.size() - 1);
        Matcher m = SUMMARY.matcher(last);
        assertTrue(m.matches(), "the last line is the summary: " + last + "\n" + out);
        assertTrue(Integer.parseInt(m.group(1)) >= 2, out.toString());            // the conflict games' moves at least
        assertTrue(Integer.parseInt(m.group(4)) > 0, out.toString());
        // The counts are the bench's findings, printed as measured and judged by whoever reads them, not here: a run
        // under heavy load once counted 1 lost move after an SMTP outage, still to be explained (see the report).
        // Doubled mails are counted, not judged here: besides the one kill's mails in flight, a mail SMTP accepted while
        // the disk was full could not be recorded as sent and goes again after the restart (see the report).
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*load at start: [0-9.]+ [0-9.]+ [0-9.]+")), out.toString());
    }

    @Test
    void bad_parameters_are_refused_with_a_sentence() {
        StringWriter err = new StringWriter();
        CommandLine cl = EpistleCommand.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));

        assertEquals(2, cl.execute("bench", "faults", "--outage-seconds", "0"));
        assertTrue(err.toString().contains("--outage-seconds must be at least 1"), err.toString());
    }
}
