package org.epistle.web.cli;

import static org.epistle.web.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code epistle tournament berger N}: the pairing table as scripts read it. */
class TournamentCommandLineTest {

    @Test
    void berger_prints_one_line_per_round_white_first() {
        CommandLineTest.Run r = run("tournament", "berger", "4");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("round 1: 1-4 2-3", "round 2: 4-3 1-2", "round 3: 2-4 3-1"), r.lines());
    }

    @Test
    void an_odd_number_prints_the_byes_pairings_as_player_n_plus_one() {
        CommandLineTest.Run r = run("tournament", "berger", "5");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("round 1: 1-6 2-5 3-4", "round 2: 6-4 5-3 1-2", "round 3: 2-6 3-1 4-5",
                "round 4: 6-5 1-4 2-3", "round 5: 3-6 4-2 5-1"), r.lines());
    }

    @Test
    void double_prints_the_second_cycle_with_colours_reversed() {
        CommandLineTest.Run r = run("tournament", "berger", "3", "--double");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(6, r.lines().size());
        assertEquals("round 4: 4-1 3-2", r.lines().get(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "21", "0", "-3"})
    void a_size_outside_three_to_twenty_is_refused_with_exit_2(String n) {
        CommandLineTest.Run r = run("tournament", "berger", n);
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().contains("the Berger tables are for 3 to 20 players, not " + Integer.parseInt(n)), r.err());
    }

    @Test
    void a_size_that_is_not_a_number_is_refused_with_exit_2() {
        CommandLineTest.Run r = run("tournament", "berger", "twelve");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("N must be a number of players from 3 to 20, not 'twelve'"), r.err());
    }
}
