package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Sessions end after their idle time and their lifetime, and a token belongs to its session only. */
class AdminSessionsTest {
    /** A clock the test moves. */
    static final class Hands extends Clock {
        Instant now = Instant.parse("2026-01-01T12:00:00Z");

        @Override public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override public Instant instant() {
            return now;
        }
    }

    final Hands clock = new Hands();
    final AdminSessions sessions = new AdminSessions(clock);

    @Test void a_session_unused_for_the_idle_time_ends() {
        String id = sessions.open();
        clock.now = clock.now.plus(AdminSessions.IDLE).minusSeconds(1);
        assertTrue(sessions.find(id).isPresent());
        clock.now = clock.now.plus(AdminSessions.IDLE);
        assertTrue(sessions.find(id).isEmpty());
    }

    @Test void a_busy_session_still_ends_after_its_lifetime() {
        String id = sessions.open();
        Instant end = clock.now.plus(AdminSessions.LIFETIME);
        while (clock.now.isBefore(end.minus(Duration.ofMinutes(10)))) {
            clock.now = clock.now.plus(Duration.ofMinutes(10));
            assertTrue(sessions.find(id).isPresent());
        }
        clock.now = end;
        assertTrue(sessions.find(id).isEmpty());
    }

    @Test void unknown_closed_and_oversized_ids_find_nothing_and_tokens_are_per_session() {
        String a = sessions.open();
        String b = sessions.open();
        assertTrue(sessions.find("nope").isEmpty());
        assertTrue(sessions.find(null).isEmpty());
        assertTrue(sessions.find("x".repeat(10_000)).isEmpty());
        AdminSessions.Session sa = sessions.find(a).orElseThrow();
        AdminSessions.Session sb = sessions.find(b).orElseThrow();
        assertTrue(sa.isCsrf(sa.csrf()));
        assertFalse(sa.isCsrf(sb.csrf()));
        assertFalse(sa.isCsrf(null));
        assertFalse(sa.isCsrf(""));
        sessions.close(a);
        assertTrue(sessions.find(a).isEmpty());
        assertTrue(sessions.find(b).isPresent());
    }

    @Test void there_are_never_more_sessions_than_the_limit_and_the_least_recently_used_goes_first() {
        String first = sessions.open();
        for (int i = 1; i < AdminSessions.MAX_SESSIONS; i++) {
            clock.now = clock.now.plusSeconds(1);
            sessions.open();
        }
        clock.now = clock.now.plusSeconds(1);
        String last = sessions.open();
        assertTrue(sessions.find(first).isEmpty());
        assertTrue(sessions.find(last).isPresent());
        assertEquals(43, last.length());
    }
}
