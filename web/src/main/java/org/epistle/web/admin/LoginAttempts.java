package org.epistle.web.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Wrong admin secrets per remote address: after {@link #MAX_FAILURES} within {@link #WINDOW}, that address
 * may not try again until the oldest of them is {@link #WINDOW} old. Guessing a 256-bit secret is hopeless
 * anyway; this keeps a script from hammering the login and filling the logs. A right secret clears the
 * address's count. Kept in memory, for a bounded number of addresses.
 */
public final class LoginAttempts {
    public static final int MAX_FAILURES = 5;
    public static final Duration WINDOW = Duration.ofMinutes(15);
    private static final int MAX_ADDRESSES = 10_000;

    private final Clock clock;
    private final Map<String, Deque<Instant>> failures = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Deque<Instant>> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };

    public LoginAttempts(Clock clock) {
        this.clock = clock;
    }

    /** How long the address must wait before it may try again; empty when it may try now. */
    public synchronized Optional<Duration> waitBefore(String address) {
        Deque<Instant> recent = recent(address);
        if (recent.size() < MAX_FAILURES) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(clock.instant(), recent.peekFirst().plus(WINDOW)));
    }

    public synchronized void failed(String address) {
        Deque<Instant> recent = recent(address);
        recent.addLast(clock.instant());
        failures.put(address, recent);
    }

    public synchronized void succeeded(String address) {
        failures.remove(address);
    }

    /** The address's failures within the window, older ones dropped. */
    private Deque<Instant> recent(String address) {
        Deque<Instant> recent = failures.getOrDefault(address, new ArrayDeque<>());
        Instant since = clock.instant().minus(WINDOW);
        while (!recent.isEmpty() && !recent.peekFirst().isAfter(since)) {
            recent.removeFirst();
        }
        return recent;
    }
}
