package org.epistle.web.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClockCommandLineTest {

    @Test void a_bad_time_control_is_refused_before_anything_is_opened() {
        CommandLineTest.Run r = CommandLineTest.run("game", "create", "--variant", "chess", "--white", "Alice", "alice@example.org",
                "--black", "Bob", "bob@example.org", "--time-control", "3 days");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("\"3 days\" is not a time control. Write none, 3d (3 days a move)"), r.err());
    }

    @Test void the_clock_bench_refuses_a_bad_size() {
        CommandLineTest.Run r = CommandLineTest.run("bench", "clock", "--games", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--games must be 1 to 1000000"), r.err());
    }
}
