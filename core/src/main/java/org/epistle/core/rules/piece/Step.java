package org.epistle.core.rules.piece;

/**
 * One way a piece moves, in the piece's own frame: {@code dy > 0} is towards the opponent,
 * {@code dx > 0} is to the mover's right. A range of 1 is a leap; a larger range (or
 * {@link #UNLIMITED}) makes it a rider that repeats the step over empty squares.
 *
 * @param lame    the leap is blocked by a piece on a square it passes over (Betza's {@code n})
 * @param initial only while the piece still stands where it started (Betza's {@code i})
 */
public record Step(int dx, int dy, int range, Mode mode, boolean initial, boolean lame) implements Comparable<Step> {
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** Whether the step may move to an empty square, capture, or both. */
    public enum Mode {
        MOVE, CAPTURE, BOTH;

        public boolean moves() {
            return this != CAPTURE;
        }

        public boolean captures() {
            return this != MOVE;
        }

        Mode with(Mode other) {
            return this == other ? this : BOTH;
        }
    }

    public Step {
        if (dx == 0 && dy == 0) {
            throw new IllegalArgumentException("a step must go somewhere");
        }
        if (range < 1) {
            throw new IllegalArgumentException("range must be at least 1");
        }
    }

    public boolean isLeap() {
        return range == 1;
    }

    /** The squares a lame leap passes over, as offsets, for the straight leaps D, H, A, G and the knight. */
    public int[][] passedOver() {
        if (!lame) {
            return new int[0][];
        }
        int ax = Math.abs(dx);
        int ay = Math.abs(dy);
        if (ax == 0 || ay == 0 || ax == ay) {
            int n = Math.max(ax, ay);
            int ux = Integer.signum(dx);
            int uy = Integer.signum(dy);
            int[][] over = new int[n - 1][];
            for (int k = 1; k < n; k++) {
                over[k - 1] = new int[] {ux * k, uy * k};
            }
            return over;
        }
        // An oblique leap is lame through the orthogonal square first passed, the way a
        // Xiangqi horse is blocked: one step along the longer leg.
        return ax > ay
                ? new int[][] {{Integer.signum(dx), 0}}
                : new int[][] {{0, Integer.signum(dy)}};
    }

    @Override
    public int compareTo(Step o) {
        int c = Integer.compare(dy, o.dy);
        if (c == 0) c = Integer.compare(dx, o.dx);
        if (c == 0) c = Integer.compare(range, o.range);
        if (c == 0) c = mode.compareTo(o.mode);
        if (c == 0) c = Boolean.compare(initial, o.initial);
        if (c == 0) c = Boolean.compare(lame, o.lame);
        return c;
    }
}
