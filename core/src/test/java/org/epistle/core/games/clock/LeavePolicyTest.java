package org.epistle.core.games.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LeavePolicyTest {
    static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    static final ClockSettings SETTINGS = ClockSettings.DEFAULTS; // 30 days a year, 24 hours' notice

    static LeavePolicy.Decision decide(String request, List<LeavePolicy.Period> booked) {
        return LeavePolicy.decide(request, ZoneOffset.UTC, NOW, booked, SETTINGS);
    }

    static String refusal(String request, List<LeavePolicy.Period> booked) {
        return assertInstanceOf(LeavePolicy.Refused.class, decide(request, booked), request).why();
    }

    static LeavePolicy.Period period(String first, String last) {
        return new LeavePolicy.Period(LocalDate.parse(first).atStartOfDay(ZoneOffset.UTC).toInstant(),
                LocalDate.parse(last).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
    }

    @Test void leave_over_new_year_counts_its_days_in_each_year() {
        var granted = assertInstanceOf(LeavePolicy.Granted.class, decide("2026-12-20 2027-01-03", List.of()));
        assertEquals(15, granted.days(), "20 to 31 December is 12 days, 1 to 3 January 3 more");
        assertEquals(Map.of(2026, 18L, 2027, 27L), granted.daysLeft());
        assertEquals(Instant.parse("2026-12-20T00:00:00Z"), granted.from());
        assertEquals(Instant.parse("2027-01-04T00:00:00Z"), granted.until());
        assertEquals("from Sunday 20 December 2026 to Sunday 3 January 2027 (15 days)", granted.describe());
    }

    @Test void leave_is_a_day_long_in_the_players_zone() {
        var g = assertInstanceOf(LeavePolicy.Granted.class,
                LeavePolicy.decide("2026-12-10 2026-12-10", ZoneId.of("Europe/Paris"), NOW, List.of(), SETTINGS));
        assertEquals(Instant.parse("2026-12-09T23:00:00Z"), g.from());
        assertEquals(Instant.parse("2026-12-10T23:00:00Z"), g.until());
    }

    @Test void every_refusal_says_why() {
        assertTrue(refusal("2026-12-32 2027-01-03", List.of()).contains("\"2026-12-32\" is not a date"));
        assertTrue(refusal("next week", List.of()).contains("\"next\" is not a date: write dates as year-month-day"));
        assertTrue(refusal("soon", List.of()).contains("Write the first and the last day of your leave"));
        assertTrue(refusal("", List.of()).contains("Write the first and the last day of your leave"));
        assertTrue(refusal("2026-12-20 2026-12-10", List.of()).contains("before it starts"));
        assertTrue(refusal("2026-11-20 2026-12-10", List.of()).contains("Leave cannot start in the past"));
        assertTrue(refusal("2026-12-01 2026-12-03", List.of()).contains("Leave cannot start in the past"));
        // tomorrow starts 14 hours from now: too soon; the day after is the first whole day 24 hours ahead
        assertTrue(refusal("2026-12-02 2026-12-05", List.of()).contains("the first day can be 2026-12-03 at the earliest"));
        assertTrue(refusal("2026-12-10 2028-01-13", List.of()).contains("That is 400 days of leave, too long: at most 30 days"));
        assertTrue(refusal("2026-12-15 2026-12-16", List.of(period("2026-12-10", "2026-12-15")))
                .contains("overlaps the leave you have booked from 2026-12-10 to 2026-12-15"));
        // 14 days in June and 10 in December taken or booked: 30 - 24 = 6 left in 2026
        assertEquals("Not enough days left: you have 6 days of leave left in 2026, and this leave takes 10 days of 2026.",
                refusal("2026-12-20 2026-12-29", List.of(period("2026-06-01", "2026-06-14"), period("2026-12-03", "2026-12-12"))));
    }

    @Test void a_leave_command_is_read_apart_from_turns() {
        assertEquals(Optional.of(new CalendarCommand.BookLeave("2026-12-20 2027-01-03")), CalendarCommand.parse("Leave 2026-12-20 2027-01-03"));
        assertEquals(Optional.of(new CalendarCommand.CancelLeave()), CalendarCommand.parse("leave cancel."));
        assertEquals(Optional.of(new CalendarCommand.BookLeave("")), CalendarCommand.parse("leave"));
        assertEquals(Optional.of(new CalendarCommand.SetTimeZone("Europe/Paris")), CalendarCommand.parse("timezone Europe/Paris"));
        assertEquals(Optional.empty(), CalendarCommand.parse("e4"));
        assertEquals(Optional.empty(), CalendarCommand.parse("leaves"));
    }
}
