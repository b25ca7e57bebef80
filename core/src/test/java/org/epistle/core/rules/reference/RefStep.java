package org.epistle.core.rules.reference;

/**
 * One hand-written movement component of a reference piece, in White's orientation
 * ({@code dy > 0} = towards rank 8, {@code dx > 0} = towards the h-file).
 *
 * <p>A leap has {@code slides == false} and {@code maxRange == 1}: it jumps straight to
 * ({@code dx}, {@code dy}) and cannot be blocked. A slide repeats the step up to
 * {@code maxRange} times and stops at the first occupied square (which it may capture
 * if that square holds an enemy piece).
 *
 * <p>For Black every step is rotated by 180 degrees (both components negated).
 */
public record RefStep(int dx, int dy, boolean slides, int maxRange) {

    public RefStep {
        if (dx == 0 && dy == 0) {
            throw new IllegalArgumentException("null step");
        }
        if (maxRange < 1 || (!slides && maxRange != 1)) {
            throw new IllegalArgumentException("bad range " + maxRange);
        }
    }

    /** A single, unblockable jump. */
    static RefStep leap(int dx, int dy) {
        return new RefStep(dx, dy, false, 1);
    }

    /** An unlimited slide (7 squares is the whole board). */
    static RefStep slide(int dx, int dy) {
        return new RefStep(dx, dy, true, 7);
    }

    /** A slide of at most {@code maxRange} squares. */
    static RefStep slide(int dx, int dy, int maxRange) {
        return new RefStep(dx, dy, true, maxRange);
    }
}
