package org.epistle.mailer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The log line of a handled mail keeps one shape, whatever the sender put in the values it carries. */
class HandledLineTest {

    @Test
    void a_refused_turn_is_one_line_of_key_value_pairs() {
        assertEquals("mail handled message-id=<1@example.org> sender=alice@example.org game=12 outcome=refused "
                        + "reason=cannot-move-at-all millis=8",
                HandledLine.of("<1@example.org>", "alice@example.org",
                        new MailOutcome(MailOutcome.Kind.REFUSED, "cannot-move-at-all", Optional.of(12L)), Duration.ofMillis(8)));
    }

    @Test
    void a_message_id_that_smuggles_a_line_break_or_a_key_of_its_own_stays_inside_its_value() {
        String line = HandledLine.of("<x@y>\r\nmail handled outcome=accepted", "",
                new MailOutcome(MailOutcome.Kind.IGNORED, "auto-reply", Optional.empty()), Duration.ofMillis(1));
        assertEquals("mail handled message-id=\"<x@y>mail handled outcome=accepted\" sender=- game=- outcome=ignored "
                + "reason=auto-reply millis=1", line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void quotes_and_backslashes_are_escaped_and_long_values_cut() {
        assertEquals("\"say \\\"hi\\\" \\\\ bye\"", HandledLine.value("say \"hi\" \\ bye"));
        assertEquals(200, HandledLine.value("a".repeat(5000)).length());
        assertEquals("-", HandledLine.value(" \t "));
    }
}
