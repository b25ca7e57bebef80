package org.epistle.web.bench;

import java.util.Arrays;

/**
 * The latencies one phase of the bench measured and the wall time it took: percentiles by the
 * nearest-rank method, and the rate of completed round trips.
 */
final class Samples {
    private final long[] sorted;
    private final long wallNanos;
    private final boolean capped;

    /** @param capped whether the time cap ended the phase before it had done all it was asked */
    Samples(long[] nanos, long wallNanos, boolean capped) {
        this.sorted = nanos.clone();
        Arrays.sort(sorted);
        this.wallNanos = wallNanos;
        this.capped = capped;
    }

    int count() {
        return sorted.length;
    }

    boolean isCapped() {
        return capped;
    }

    /** The {@code p}-th percentile in milliseconds, nearest rank; NaN without samples. */
    double percentileMillis(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(1, Math.min(sorted.length, rank)) - 1] / 1e6;
    }

    /** Completed round trips per second of wall time. */
    double perSecond() {
        return wallNanos <= 0 ? Double.NaN : sorted.length / (wallNanos / 1e9);
    }
}
