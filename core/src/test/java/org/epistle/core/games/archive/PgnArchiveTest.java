package org.epistle.core.games.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;

/** PGN as the standard writes it, and files of many games as archives hold them. */
class PgnArchiveTest {

    @Test void the_seven_tag_roster_comes_first_in_its_order_whatever_order_the_tags_were_given_in() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Variant", "marseillais");
        tags.put("Black", "Bob");
        tags.put("White", "Alice");
        tags.put("Event", "Autumn \"open\"");
        String pgn = PgnWriter.write(new PgnGame(tags, List.of(new PgnGame.Turn(1, Side.WHITE, "e4/d4")), "*", Optional.empty()));
        assertEquals("""
                [Event "Autumn \\"open\\""]
                [Site "?"]
                [Date "?"]
                [Round "?"]
                [White "Alice"]
                [Black "Bob"]
                [Result "*"]
                [Variant "marseillais"]

                1. e4/d4 *
                """, pgn);
    }

    @Test void movetext_wraps_before_eighty_columns_and_a_black_turn_that_opens_a_line_gets_its_number() {
        List<PgnGame.Turn> turns = new java.util.ArrayList<>();
        turns.add(new PgnGame.Turn(7, Side.BLACK, "Nf6"));
        for (int n = 8; n < 30; n++) {
            turns.add(new PgnGame.Turn(n, Side.WHITE, "Nb1-c3"));
            turns.add(new PgnGame.Turn(n, Side.BLACK, "Nc3-b1"));
        }
        String pgn = PgnWriter.write(new PgnGame(PgnGame.roster(), turns, "1/2-1/2",
                Optional.of("Drawn by {threefold} repetition.")));
        String movetext = pgn.substring(pgn.indexOf("\n\n") + 2);
        assertEquals(true, movetext.startsWith("7... Nf6 8. Nb1-c3 Nc3-b1"), movetext);
        movetext.lines().forEach(l -> assertEquals(true, l.length() <= 79, l));
        assertEquals(true, movetext.contains("{Drawn by (threefold) repetition.}") || movetext.replace("\n", " ")
                .contains("{Drawn by (threefold) repetition.}"), "braces inside a comment would end it: " + movetext);
        assertEquals(true, movetext.endsWith(" 1/2-1/2\n"), movetext);
    }

    @Test void a_line_break_in_a_tag_value_cannot_end_the_tag_section() {
        Map<String, String> tags = PgnGame.roster();
        tags.put("White", "Alice\n[Result \"1-0\"]");
        String pgn = PgnWriter.write(new PgnGame(tags, List.of(), "*", Optional.empty()));
        assertEquals("[White \"Alice [Result \\\"1-0\\\"]\"]", pgn.lines().filter(l -> l.startsWith("[White")).findFirst().orElseThrow());
    }

    @Test void our_endings_map_to_the_standards_words() {
        assertEquals(PgnTermination.NORMAL, PgnTermination.of(true, Optional.of("checkmate")));
        assertEquals(PgnTermination.NORMAL, PgnTermination.of(true, Optional.of("resignation")));
        assertEquals(PgnTermination.NORMAL, PgnTermination.of(true, Optional.of("agreement")));
        assertEquals(PgnTermination.TIME_FORFEIT, PgnTermination.of(true, Optional.of("time forfeit")));
        assertEquals(PgnTermination.ADJUDICATION, PgnTermination.of(true, Optional.of("adjudication")));
        assertEquals(PgnTermination.ABANDONED, PgnTermination.of(true, Optional.of("aborted by the admin")));
        assertEquals(PgnTermination.RULES_INFRACTION, PgnTermination.of(true, Optional.of("forfeit")));
        assertEquals(PgnTermination.UNTERMINATED, PgnTermination.of(false, Optional.empty()));
        assertEquals(Optional.of(PgnTermination.TIME_FORFEIT), PgnTermination.read(" Time Forfeit "));
        assertEquals(Optional.empty(), PgnTermination.read("checkmate"));
    }

    @Test void time_controls_go_out_in_the_standards_seconds_and_come_back() {
        assertEquals("1/259200", PgnTimeControl.write(TimeControl.parse("3d")));
        assertEquals("10/4320000", PgnTimeControl.write(TimeControl.parse("10m/50d")));
        assertEquals("2592000+86400", PgnTimeControl.write(TimeControl.parse("30d+1d/45d")));
        assertEquals("-", PgnTimeControl.write(TimeControl.NONE));
        assertEquals("3d", PgnTimeControl.read("1/259200").orElseThrow().spec());
        assertEquals("10m/50d", PgnTimeControl.read("10/4320000").orElseThrow().spec());
        assertEquals("30d+1d/30d", PgnTimeControl.read("2592000+86400").orElseThrow().spec(), "no cap in the standard's form");
        assertEquals("none", PgnTimeControl.read("-").orElseThrow().spec());
        assertEquals(Optional.empty(), PgnTimeControl.read("40/9000"), "not whole days");
        assertEquals(Optional.empty(), PgnTimeControl.read("?"));
        assertEquals(Optional.empty(), PgnTimeControl.read("1/99999999999"), "beyond a year");
    }

    @Test void a_file_of_games_is_split_at_each_tag_section_that_follows_movetext() {
        String file = "\uFEFF% an escape line\r\n[Event \"A\"]\r\n\r\n1. e4 {a comment\r\n[Not \"a tag\"]\r\n} e5 1-0\r\n\r\n"
                + "# a remark before the next game\n[Event \"B\"]\n[White \"x\"]\n\n1. d4 *\n\n\n";
        List<PgnArchive.Entry> games = PgnArchive.games(file);
        assertEquals(2, games.size(), games.toString());
        assertEquals(2, games.get(0).line());
        assertEquals(true, games.get(0).text().contains("[Not \"a tag\"]"), "inside a comment");
        assertEquals(8, games.get(1).line(), "the remark before its tags starts the game");
        assertEquals(true, games.get(1).text().startsWith("# a remark"));
        assertEquals(List.of(), PgnArchive.games("\n \n"));
    }
}
