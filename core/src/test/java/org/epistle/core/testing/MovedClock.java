package org.epistle.core.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. Start it in the past: the outbox sender sends what is due by the real time. */
public final class MovedClock extends Clock {
    private volatile Instant now;

    public MovedClock(Instant start) {
        this.now = start;
    }

    public void move(Duration by) {
        now = now.plus(by);
    }

    public void set(Instant at) {
        now = at;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the server keeps UTC");
    }
}
