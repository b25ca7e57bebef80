package org.epistle.core.games.clock;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a player may take the leave they asked for: a pure function of the request, their time zone, the
 * moment, the leave they have booked, and the settings. Leave runs from the start of its first day to the end
 * of its last, in the player's zone; each calendar year has its own days.
 */
public final class LeavePolicy {
    private static final Pattern DATES = Pattern.compile("(\\S+)\\s+(?:to\\s+)?(\\S+)");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm", Locale.ENGLISH);

    private LeavePolicy() {
    }

    /** A booked period, as stored. */
    public record Period(Instant from, Instant until) {
    }

    public sealed interface Decision permits Granted, Refused {
    }

    /** @param daysLeft the days still free, by year, after this leave */
    public record Granted(LocalDate first, LocalDate last, Instant from, Instant until, long days,
                          Map<Integer, Long> daysLeft) implements Decision {
        /** "from Sunday 20 December 2026 to Sunday 3 January 2027 (15 days)". */
        public String describe() {
            DateTimeFormatter day = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu", Locale.ENGLISH);
            return "from " + day.format(first) + " to " + day.format(last) + " (" + days + (days == 1 ? " day)" : " days)");
        }
    }

    public record Refused(String why) implements Decision {
    }

    public static Decision decide(String request, ZoneId zone, Instant now, List<Period> booked, ClockSettings settings) {
        Matcher m = DATES.matcher(request == null ? "" : request.strip());
        if (!m.matches()) {
            return new Refused("Write the first and the last day of your leave as dates, for example "
                    + "\"leave 2026-12-20 2027-01-03\", or \"leave cancel\".");
        }
        LocalDate first;
        LocalDate last;
        try {
            first = LocalDate.parse(m.group(1));
            last = LocalDate.parse(m.group(2));
        } catch (DateTimeParseException e) {
            return new Refused("\"" + e.getParsedString() + "\" is not a date: write dates as year-month-day, "
                    + "for example \"leave 2026-12-20 2027-01-03\".");
        }
        if (last.isBefore(first)) {
            return new Refused("Your leave would end (" + last + ") before it starts (" + first + "): write the first day first.");
        }
        Instant from = first.atStartOfDay(zone).toInstant();
        Instant until = last.plusDays(1).atStartOfDay(zone).toInstant();
        long days = ChronoUnit.DAYS.between(first, last) + 1;
        if (from.isBefore(now)) {
            return new Refused("Leave cannot start in the past: " + first + " has begun already (it is "
                    + WHEN.format(now.atZone(zone)) + " " + zoneName(zone) + " now).");
        }
        Instant earliest = now.plus(settings.leaveNotice());
        if (from.isBefore(earliest)) {
            return new Refused("Leave must be booked " + GameClock.words(settings.leaveNotice()) + " ahead: the earliest it can start is "
                    + WHEN.format(earliest.atZone(zone)) + " " + zoneName(zone) + ", so the first day can be "
                    + firstWholeDay(earliest, zone) + " at the earliest.");
        }
        if (days > settings.leaveDaysPerYear()) {
            return new Refused("That is " + days + " days of leave, too long: at most " + settings.leaveDaysPerYear()
                    + " days can be taken in a calendar year.");
        }
        for (Period p : booked) {
            if (p.from().isBefore(until) && from.isBefore(p.until())) {
                return new Refused("That overlaps the leave you have booked " + span(p, zone) + ". Cancel it first "
                        + "(\"leave cancel\") or choose other days.");
            }
        }
        Map<Integer, Long> used = new TreeMap<>();
        for (Period p : booked) {
            daysByYear(p.from(), p.until(), zone).forEach((y, n) -> used.merge(y, n, Long::sum));
        }
        Map<Integer, Long> wanted = daysByYear(from, until, zone);
        Map<Integer, Long> left = new TreeMap<>();
        for (Map.Entry<Integer, Long> e : wanted.entrySet()) {
            long free = settings.leaveDaysPerYear() - used.getOrDefault(e.getKey(), 0L);
            if (e.getValue() > free) {
                return new Refused("Not enough days left: you have " + free + (free == 1 ? " day" : " days") + " of leave left in "
                        + e.getKey() + ", and this leave takes " + e.getValue() + " days of " + e.getKey() + ".");
            }
            left.put(e.getKey(), free - e.getValue());
        }
        return new Granted(first, last, from, until, days, left);
    }

    /** The days of leave still free in a calendar year, after the leave booked (taken or to come). */
    public static long daysLeft(int year, List<Period> booked, ZoneId zone, ClockSettings settings) {
        long used = booked.stream().mapToLong(p -> daysByYear(p.from(), p.until(), zone).getOrDefault(year, 0L)).sum();
        return Math.max(0, settings.leaveDaysPerYear() - used);
    }

    /** "from 2026-12-20 to 2027-01-03": the first and last day of a leave, in the player's zone. */
    public static String days(Period p, ZoneId zone) {
        return span(p, zone);
    }

    /** The days of leave each calendar year holds between two instants (a part of a day counts as a day). */
    static Map<Integer, Long> daysByYear(Instant from, Instant until, ZoneId zone) {
        Map<Integer, Long> out = new TreeMap<>();
        LocalDate day = from.atZone(zone).toLocalDate();
        while (day.atStartOfDay(zone).toInstant().isBefore(until)) {
            out.merge(day.getYear(), 1L, Long::sum);
            day = day.plusDays(1);
        }
        return out;
    }

    private static LocalDate firstWholeDay(Instant earliest, ZoneId zone) {
        ZonedDateTime z = earliest.atZone(zone);
        LocalDate d = z.toLocalDate();
        return z.toLocalTime().equals(java.time.LocalTime.MIDNIGHT) ? d : d.plusDays(1);
    }

    private static String span(Period p, ZoneId zone) {
        return "from " + p.from().atZone(zone).toLocalDate() + " to "
                + p.until().minus(Duration.ofNanos(1)).atZone(zone).toLocalDate();
    }

    static String zoneName(ZoneId zone) {
        return zone.getId().equals("Z") ? "UTC" : zone.getId();
    }
}
