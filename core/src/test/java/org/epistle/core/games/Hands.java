package org.epistle.core.games;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand: time passes only when the test says so. */
final class Hands extends Clock {
    private volatile Instant now;

    Hands(Instant start) {
        this.now = start;
    }

    void move(Duration by) {
        now = now.plus(by);
    }

    void set(Instant at) {
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
        throw new UnsupportedOperationException("the server's clock is UTC");
    }
}
