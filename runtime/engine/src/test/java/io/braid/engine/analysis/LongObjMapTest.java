package io.braid.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongObjMapTest {

    @Test
    void behavesLikeHashMapUnderRandomOperations() {
        Random rnd = new Random(42);
        LongObjMap<String> map = new LongObjMap<>();
        HashMap<Long, String> ref = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            long key = rnd.nextInt(5_000) - 100; // 0 and negative keys too (the scheduler's callers may use them)
            switch (rnd.nextInt(3)) {
                case 0 -> assertEquals(ref.put(key, "v" + op), map.put(key, "v" + op));
                case 1 -> assertEquals(ref.remove(key), map.remove(key));
                default -> assertEquals(ref.get(key), map.get(key));
            }
            assertEquals(ref.size(), map.size());
        }
        for (long k = -100; k < 4_900; k++) {
            assertEquals(ref.get(k), map.get(k));
        }
    }

    @Test
    void shrinksWhenEmptied() {
        LongObjMap<Long> map = new LongObjMap<>();
        for (long k = 1; k <= 100_000; k++) {
            map.put(k, k);
        }
        for (long k = 1; k <= 100_000; k++) {
            assertEquals(k, map.remove(k));
        }
        assertEquals(0, map.size());
        assertEquals(16, map.capacity());
        assertNull(map.get(5));
    }
}
