package org.epistle.core.games.desk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlayerCommandsTest {

    @Test
    void digest_on_at_a_time_of_day_in_utc_or_at_the_default() {
        assertEquals(Optional.of(new PlayerCommand.DigestOn(LocalTime.of(18, 0))), PlayerCommands.parse("digest on 18:00"));
        assertEquals(Optional.of(new PlayerCommand.DigestOn(LocalTime.of(6, 30))), PlayerCommands.parse("Digest on at 6:30 UTC."));
        assertEquals(Optional.of(new PlayerCommand.DigestOn(LocalTime.of(9, 0))), PlayerCommands.parse("digest on 9"));
        assertEquals(Optional.of(new PlayerCommand.DigestOn(PlayerCommands.DEFAULT_DIGEST_TIME)), PlayerCommands.parse("digest on"));
        assertEquals(Optional.of(new PlayerCommand.DigestOff()), PlayerCommands.parse("DIGEST OFF"));
        assertEquals(Optional.of(new PlayerCommand.ListGames()), PlayerCommands.parse(List.of("", "  my games ", "thanks")));
    }

    @Test
    void an_unclear_digest_line_is_a_command_that_says_why() {
        for (String line : List.of("digest maybe", "digest", "digest on 24:00", "digest on 7:75", "digest of")) {
            var unclear = assertInstanceOf(PlayerCommand.DigestUnclear.class, PlayerCommands.parse(line).orElseThrow(), line);
            assertTrue(!unclear.why().isBlank(), line);
        }
    }

    @Test
    void other_lines_are_no_player_commands() {
        for (String line : List.of("e4", "games e4", "if Nf3 then Nc6", "digestion", "board", "")) {
            assertEquals(Optional.empty(), PlayerCommands.parse(line), line);
        }
    }

    @Test
    void time_left_in_words() {
        Instant now = Instant.parse("2024-05-07T12:00:00Z");
        assertEquals("2 days 12 hours", TimeLeft.words(now, Instant.parse("2024-05-10T00:00:00Z")));
        assertEquals("1 day", TimeLeft.words(now, Instant.parse("2024-05-08T12:00:00Z")));
        assertEquals("5 hours 1 minute", TimeLeft.words(now, Instant.parse("2024-05-07T17:01:00Z")));
        assertEquals("59 minutes", TimeLeft.words(now, Instant.parse("2024-05-07T12:59:30Z")));
        assertEquals("overdue", TimeLeft.words(now, now));
    }
}
