package org.epistle.core.games.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BergerTableTest {

    /** The published tables, by even size: each a list of round lines such as "2: 4-3 1-2". */
    static Map<Integer, List<String>> published() throws IOException {
        Map<Integer, List<String>> tables = new HashMap<>();
        try (InputStream in = BergerTableTest.class.getResourceAsStream("/tournament/fide-berger-tables.txt")) {
            List<String> current = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("players ")) {
                    current = new ArrayList<>();
                    tables.put(Integer.parseInt(line.substring(8).trim()), current);
                } else {
                    current.add(line.trim());
                }
            }
        }
        return tables;
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void tables_equal_the_published_fide_tables(int players) throws IOException {
        List<String> expected = published().get(players + players % 2);
        List<String> actual = BergerTable.single(players).rounds().stream()
                .map(r -> r.line().replace("round ", "")).toList();
        assertEquals(expected, actual);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 7, 10, 17, 18, 19, 20})
    void everyone_meets_everyone_once_a_cycle_and_plays_once_a_round(int players) {
        BergerTable table = BergerTable.doubled(players);
        int n = players + players % 2;
        assertEquals(2 * (n - 1), table.rounds().size());
        Set<Pairing> seen = new HashSet<>();
        for (Round round : table.rounds()) {
            Set<Integer> seated = new HashSet<>();
            for (Pairing p : round.pairings()) {
                assertTrue(seated.add(p.white()) && seated.add(p.black()), round.line());
                assertTrue(seen.add(p), "pairing with the same colours twice: " + p);
            }
            assertEquals(n, seated.size(), round.line());
        }
        assertEquals(n * (n - 1), seen.size());
    }

    /**
     * FIDE Handbook C.05, Annex 1: in a double round robin the last two rounds of the first cycle are played in
     * reverse order; the second cycle is the table's own order with colours reversed. For four players the
     * table is 1: 1-4 2-3, 2: 4-3 1-2, 3: 2-4 3-1, so the first cycle plays 1, 3, 2.
     */
    @Test
    void second_cycle_repeats_the_table_with_colours_reversed_after_the_first_cycle_swaps_its_last_two_rounds() {
        BergerTable table = BergerTable.doubled(4);
        assertEquals(List.of("round 1: 1-4 2-3", "round 2: 2-4 3-1", "round 3: 4-3 1-2",
                        "round 4: 4-1 3-2", "round 5: 3-4 2-1", "round 6: 4-2 1-3"),
                table.rounds().stream().map(Round::line).toList());
        // six players: the table's rounds 4 (6-5 1-4 2-3) and 5 (3-6 4-2 5-1) change places
        assertEquals(List.of("round 4: 3-6 4-2 5-1", "round 5: 6-5 1-4 2-3", "round 6: 6-1 5-2 4-3"),
                BergerTable.doubled(6).rounds().subList(3, 6).stream().map(Round::line).toList());
    }

    /** What the swap is for: with it, no player of an even-sized double round robin has one colour three times running. */
    @ParameterizedTest
    @ValueSource(ints = {4, 6, 8, 10, 12, 14, 16, 18, 20})
    void nobody_has_the_same_colour_three_rounds_running(int players) {
        BergerTable table = BergerTable.doubled(players);
        for (int p = 1; p <= players; p++) {
            StringBuilder colours = new StringBuilder();
            for (Round round : table.rounds()) {
                for (Pairing pairing : round.pairings()) {
                    if (pairing.includes(p)) {
                        colours.append(pairing.white() == p ? 'W' : 'B');
                    }
                }
            }
            assertFalse(colours.toString().contains("WWW") || colours.toString().contains("BBB"),
                    "player " + p + " of " + players + ": " + colours);
        }
    }

    @Test
    void odd_numbers_get_a_bye_whose_games_are_not_played() {
        BergerTable table = BergerTable.single(5);
        assertEquals(6, table.bye());
        assertEquals(10, table.games().size());
        assertFalse(table.games().stream().anyMatch(g -> g.pairing().includes(6)));
        assertFalse(BergerTable.single(6).hasBye());
        assertEquals(15, BergerTable.single(6).games().size());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 1, 2, 21, 200})
    void sizes_outside_three_to_twenty_are_refused(int players) {
        var e = assertThrows(IllegalArgumentException.class, () -> BergerTable.single(players));
        assertEquals("a round robin is for 3 to 20 players, not " + players, e.getMessage());
    }
}
