package org.epistle.mailer.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.validate.ValidationResult;
import org.junit.jupiter.api.Test;

/** The .ics writer, read back by ical4j's parser. */
class DeadlineCalendarTest {
    static final Instant DEADLINE = Instant.parse("2026-12-04T11:00:00Z");

    static VEvent parse(String ics) throws Exception {
        Calendar calendar = new CalendarBuilder().build(new StringReader(ics));
        ValidationResult validation = calendar.validate();
        assertFalse(validation.hasErrors(), validation.toString());
        return calendar.<VEvent>getComponent(Component.VEVENT).orElseThrow();
    }

    @Test void the_event_ends_at_the_deadline_and_reads_back_with_its_text() throws Exception {
        String description = "Your turn 7 in game 12 (Marseillais Chess) is due by Friday 4 December 2026, 11:00 UTC. "
                + "You have 2 days; Bob has 3 days. Ünïcode, semicolons; and a \\ backslash, over many octets of a line.";
        DeadlineCalendar ics = new DeadlineCalendar("game-12-turn-7-black@epistle.localhost", "moves@epistle.localhost", DEADLINE,
                Instant.parse("2026-12-01T10:00:00Z"), "Epistle game 12: your move is due", description,
                "http://127.0.0.1:7070/games/12");
        String text = ics.write();
        for (String line : text.split("\r\n")) {
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length <= 75, "folded: " + line);
        }
        VEvent event = parse(text);
        assertEquals(DEADLINE, Instant.from(event.getEndDate().orElseThrow().getDate()));
        assertEquals(DEADLINE.minus(DeadlineCalendar.SLOT), Instant.from(event.getStartDate().orElseThrow().getDate()));
        assertEquals("Epistle game 12: your move is due", event.getSummary().getValue());
        assertEquals(description, event.getDescription().getValue());
        assertEquals("game-12-turn-7-black@epistle.localhost", event.getUid().orElseThrow().getValue());
        assertEquals("http://127.0.0.1:7070/games/12", event.getUrl().getValue());
        assertEquals("mailto:moves@epistle.localhost", event.getOrganizer().getValue());
    }

    @Test void text_is_escaped() {
        assertEquals("a\\;b\\,c\\\\d\\ne", DeadlineCalendar.text("a;b,c\\d\ne"));
    }
}
