package org.epistle.core.rules.physics.momentum;

/**
 * A set of search-state keys without boxing: the searches over a turn remember thousands of states
 * per question, and a {@code HashSet<Long>} made every question allocate that many objects.
 * Open addressing with linear probing; 0 stands for an empty slot, so the key 0 is kept apart.
 */
final class LongSet {
    private long[] slots = new long[256];
    private int size;
    private boolean hasZero;

    /** Adds the key; whether it was not there before. */
    boolean add(long key) {
        if (key == 0) {
            boolean added = !hasZero;
            hasZero = true;
            return added;
        }
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
            if (slots[i] == key) {
                return false;
            }
            if (slots[i] == 0) {
                slots[i] = key;
                size++;
                return true;
            }
        }
    }

    boolean contains(long key) {
        if (key == 0) {
            return hasZero;
        }
        int mask = slots.length - 1;
        for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
            if (slots[i] == key) {
                return true;
            }
            if (slots[i] == 0) {
                return false;
            }
        }
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long k : old) {
            if (k != 0) {
                add(k);
            }
        }
    }

    private static int spread(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
