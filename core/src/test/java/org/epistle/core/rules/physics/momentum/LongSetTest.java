package org.epistle.core.rules.physics.momentum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongSetTest {
    @Test
    void holds_what_a_hash_set_holds_including_zero_and_negative_keys() {
        LongSet mine = new LongSet();
        Set<Long> reference = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            long key = i % 97 == 0 ? 0 : random.nextLong(-5_000, 5_000);
            assertEquals(reference.add(key), mine.add(key), () -> "adding " + key);
        }
        for (long key = -6_000; key < 6_000; key++) {
            assertEquals(reference.contains(key), mine.contains(key), "key " + key);
        }
        assertTrue(mine.contains(0));
        assertFalse(new LongSet().contains(0));
    }
}
