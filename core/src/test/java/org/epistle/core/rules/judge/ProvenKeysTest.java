package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The table of part-turns proved hopeless may forget, but must never call a part-turn proved that was not. */
class ProvenKeysTest {

    @Test
    void the_key_zero_proves_no_other_key_and_no_other_key_proves_it() {
        ProvenKeys zero = new ProvenKeys();
        zero.add(0);
        assertTrue(zero.contains(0));
        assertFalse(zero.contains(1));

        ProvenKeys one = new ProvenKeys();
        one.add(1);
        assertTrue(one.contains(1));
        assertFalse(one.contains(0));
    }

    @Test
    void past_its_size_it_forgets_but_never_invents() {
        ProvenKeys keys = new ProvenKeys();
        SplittableRandom proved = new SplittableRandom(17);
        for (int i = 0; i < 3 * ProvenKeys.MAX_SLOTS; i++) {
            keys.add(proved.nextLong() | 1);       // odd keys only
        }
        SplittableRandom never = new SplittableRandom(99);
        for (int i = 0; i < 100_000; i++) {
            assertFalse(keys.contains(never.nextLong() & ~1L), "an even key was never added");
        }
        assertTrue(keys.size() <= ProvenKeys.MAX_SLOTS);
    }
}
