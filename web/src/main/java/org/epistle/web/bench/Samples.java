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

    /** Several phases' samples as one: every latency, and the phases' wall times added (their rates pooled). */
    static Samples pooled(java.util.List<Samples> phases) {
        long[] all = phases.stream().flatMapToLong(p -> Arrays.stream(p.sorted)).toArray();
        long wall = phases.stream().mapToLong(p -> p.wallNanos).sum();
        return new Samples(all, wall, phases.stream().anyMatch(Samples::isCapped));
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

    /**
     * The {@code q} quantile (0.99 for p99) of nanosecond timings already sorted, in microseconds, nearest rank;
     * 0 without timings. For the engine benches, which time many small judgements.
     */
    static double micros(long[] sortedNanos, double q) {
        if (sortedNanos.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * sortedNanos.length);
        return sortedNanos[Math.max(1, Math.min(sortedNanos.length, rank)) - 1] / 1e3;
    }

    /** Completed round trips per second of wall time. */
    double perSecond() {
        return wallNanos <= 0 ? Double.NaN : sorted.length / (wallNanos / 1e9);
    }
}
