package org.epistle.web.cli;

import static org.epistle.web.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        assertEquals(List.of("round 1: 1-4 2-3", "round 2: 2-4 3-1", "round 3: 4-3 1-2", "round 4: 4-1 3-2",
                "round 5: 3-4 2-1", "round 6: 4-2 1-3"), r.lines()); // FIDE: the first cycle's last two rounds swapped
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

    @TempDir
    Path dir;

    @AfterEach
    void usualInstallation() {
        TournamentCommand.OnInstallation.opener = Installation::open;
    }

    /** The commands open an H2 file in the test's directory, with the server key beside it. */
    private Path installation() throws java.io.IOException {
        Path config = dir.resolve("epistle.properties");
        Files.writeString(config, "db.url=jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle\n");
        TournamentCommand.OnInstallation.opener = file -> Installation.open(
                new SettingsLoader(Map.of()).load(file).settings(), ServerKey.load(dir.resolve("server.key")),
                Clock.systemUTC());
        return config;
    }

    @Test
    void a_tournament_is_created_filled_started_and_shown_from_the_shell() throws Exception {
        String config = installation().toString();
        CommandLineTest.Run created = run("tournament", "create", "--config", config, "--name", "Autumn Progressive",
                "--variant", "progressive", "--kind", "double-round-robin", "--tie-breaks", "SB,wins");
        assertEquals(0, created.exitCode(), created.err());
        assertEquals("1", created.lastLine());
        for (String[] p : List.of(new String[] {"Ann", "ann@example.org"}, new String[] {"Ben", "ben@example.org"},
                new String[] {"Cat", "cat@example.org"})) {
            assertEquals(0, run("tournament", "invite", "--config", config, "Autumn Progressive", p[0], p[1]).exitCode());
        }
        CommandLineTest.Run early = run("tournament", "start", "--config", config, "1");
        assertEquals(2, early.exitCode());
        assertTrue(early.err().contains("\"Autumn Progressive\" needs at least 3 players to start; 0 joined."), early.err());

        CommandLineTest.Run list = run("tournament", "list", "--config", config);
        assertEquals(List.of("1  open  double-round-robin  progressive  0  Autumn Progressive"), list.lines());
        CommandLineTest.Run show = run("tournament", "show", "--config", config, "autumn progressive");
        assertEquals(0, show.exitCode(), show.err());
        assertTrue(show.out().contains("double round robin of progressive (fabulous-fides v fabulous-fides), scored 1/½/0,"
                + " tie-breaks SB,Wins, time control none, rated"), show.out());
        assertTrue(show.out().contains("  Ann <ann@example.org>, invited"), show.out());

        CommandLineTest.Run unknown = run("tournament", "show", "--config", config, "Winter");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("there is no tournament 'Winter'"), unknown.err());
        CommandLineTest.Run bad = run("tournament", "create", "--config", config, "--name", "X", "--variant", "chess",
                "--scoring", "2/1/0");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("unknown scoring '2/1/0': use 1/½/0 or 3/1/0"), bad.err());
    }

    @Test
    void bad_knockout_and_entry_settings_are_refused_with_exit_2_and_nothing_is_created() throws Exception {
        String config = installation().toString();
        CommandLineTest.Run rule = run("tournament", "create", "--config", config, "--name", "Cup", "--variant", "chess",
                "--kind", "knockout", "--tie-rule", "coin");
        assertEquals(2, rule.exitCode());
        assertTrue(rule.err().contains("unknown tie rule 'coin': use lots or better-rated"), rule.err());
        CommandLineTest.Run day = run("tournament", "create", "--config", config, "--name", "Cup", "--variant", "chess",
                "--entry-until", "31/12/2026");
        assertEquals(2, day.exitCode());
        assertTrue(day.err().contains("--entry-until takes a day written 2026-12-31, not '31/12/2026'"), day.err());
        CommandLineTest.Run withdrawal = run("tournament", "create", "--config", config, "--name", "Cup", "--variant",
                "chess", "--withdrawal", "vanish");
        assertEquals(2, withdrawal.exitCode());
        assertTrue(withdrawal.err().contains("unknown withdrawal rule 'vanish': use forfeit-unfinished or"
                + " annul-if-fewer-than-half-played"), withdrawal.err());
        CommandLineTest.Run knockout = run("tournament", "create", "--config", config, "--name", "Cup", "--variant",
                "chess", "--kind", "knockout", "--round-by-round");
        assertEquals(2, knockout.exitCode());
        assertTrue(knockout.err().contains("A knockout always starts round by round; the setting is for round robins."),
                knockout.err());
        assertEquals("", run("tournament", "list", "--config", config).out());

        CommandLineTest.Run created = run("tournament", "create", "--config", config, "--name", "Cup", "--variant",
                "chess", "--kind", "knockout", "--tie-rule", "better-rated", "--army-choice", "--entry-until", "2099-12-31");
        assertEquals(0, created.exitCode(), created.err());
        CommandLineTest.Run show = run("tournament", "show", "--config", config, "Cup");
        assertTrue(show.out().contains("knockout of chess (fabulous-fides v fabulous-fides), scored 1/½/0, tie-breaks"
                + " SB,DE,Wins,Koya, time control none, rated, level matches to better-rated, armies chosen on entry,"
                + " entry until 2099-12-31"), show.out());
    }
}
