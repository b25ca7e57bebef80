package org.epistle.core.rules.judge;

/**
 * The transposition table of an end-of-game search: keys of part-turns already proved hopeless (no
 * way from there to a complete turn). Open addressing on a {@code long[]}, no boxing, growing from a
 * small table up to {@link #MAX_SLOTS}, and from then on overwriting: a search that meets more
 * part-turns than that forgets some and may look at them again. Forgetting is always sound, since
 * an entry only ever saves work; it never makes an answer.
 */
public final class ProvenKeys {
    /** 2^20 slots, 8 MB: the most one search keeps, however long it runs. */
    public static final int MAX_SLOTS = 1 << 20;
    private static final int PROBES = 8;

    private long[] slots = new long[256];
    private int size;
    /** 0 marks an empty slot, so the key 0 is kept apart: folding it into another key would prove that one too. */
    private boolean hasZero;

    /** Remembers the key as proved. */
    public void add(long key) {
        if (key == 0) {
            hasZero = true;
            return;
        }
        long k = key;
        if ((size + 1) * 2 > slots.length && slots.length < MAX_SLOTS) {
            grow();
        }
        int mask = slots.length - 1;
        int first = spread(k) & mask;
        for (int p = 0, i = first; p < PROBES; p++, i = (i + 1) & mask) {
            if (slots[i] == k) {
                return;
            }
            if (slots[i] == 0) {
                slots[i] = k;
                size++;
                return;
            }
        }
        slots[first] = k; // full neighbourhood: the oldest claim on the first slot is forgotten
    }

    /** Whether the key was proved (and not yet forgotten). */
    public boolean contains(long key) {
        if (key == 0) {
            return hasZero;
        }
        long k = key;
        int mask = slots.length - 1;
        for (int p = 0, i = spread(k) & mask; p < PROBES; p++, i = (i + 1) & mask) {
            if (slots[i] == k) {
                return true;
            }
            if (slots[i] == 0) {
                return false;
            }
        }
        return false;
    }

    /** How many keys are held. */
    public int size() {
        return size;
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
