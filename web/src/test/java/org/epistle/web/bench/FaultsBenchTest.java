package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * line in the exact words of the issue. Nothing may be lost, doubled or missing; a second copy of a notification is
 * allowed only where an SMTP session was cut after carrying it. The confirm window is short: a run in which a player
 * waits it out fails here in two minutes instead of passing in ten.
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
                "--conflicts", "20", "--hostile", "60", "--confirm-seconds", "120");

        System.out.print(out);                                          // the table, for the build log
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
        assertEquals("0", m.group(2), "no move lost:\n" + out);
        assertEquals("0", m.group(3), "no move applied twice, no notification twice beyond a cut session's:\n" + out);
        assertEquals("0", m.group(5), "no notification missing:\n" + out);
        assertFalse(out.toString().contains("players who stopped"), "every player played to the end:\n" + out);
        assertFalse(out.toString().contains("was not quiet"), "Epistle caught up after every scenario:\n" + out);
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
