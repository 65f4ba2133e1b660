package io.braid.launcher.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Objects by identity, held weakly: a dropped object is forgotten, and a pending one stops counting. */
class ObjectTableTest {

    @Test
    void findsObjectsByIdentityNotEquality() {
        ObjectTable t = new ObjectTable();
        String a = new String("same");
        String b = new String("same");
        ObjectTable.Entry e = t.register(a);
        assertSame(e, t.get(a));
        assertNull(t.get(b), "equal but another object");
        assertEquals(1, t.size());
    }

    @Test
    void aDroppedObjectIsForgottenAndNoLongerPending() throws InterruptedException {
        ObjectTable t = new ObjectTable();
        Object kept = new Object();
        t.register(kept);
        t.markPending(t.register(new byte[1 << 20])); // dropped at once
        assertFalse(t.nonePending());
        for (int i = 0; i < 50 && t.size() > 1; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, t.size(), "the dropped object is forgotten once collected");
        assertTrue(t.nonePending(), "its pending value can no longer be observed");
        assertTrue(t.get(kept) != null);
    }
}
