package io.braid.launcher.app;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PlaceholdersTest {
    static class Base {
        private final String name;
        protected long id;

        Base(String name, long id) {
            this.name = name;
            this.id = id;
        }

        String name() {
            return name;
        }
    }

    static final class Sample extends Base {
        private final int[] data;
        private final double weight;
        private char tag;
        boolean flag;

        Sample(String name, long id, int[] data, double weight, char tag) {
            super(name, id);
            this.data = data;
            this.weight = weight;
            this.tag = tag;
            this.flag = true;
        }
    }

    record R(int x) {
    }

    enum E { A }

    abstract static class Abstract {
    }

    @Test
    void boxesGetDistinctFillableInstances() {
        Integer p = (Integer) Placeholders.newPlaceholder(Integer.class);
        assertNotNull(p);
        assertNotSame(p, Placeholders.newPlaceholder(Integer.class));
        assertNotSame(Integer.valueOf(0), p);
        Placeholders.fillInPlace(p, 1234);
        assertEquals(1234, p.intValue());
        assertEquals(Integer.valueOf(1234), p);

        Long l = (Long) Placeholders.newPlaceholder(Long.class);
        Placeholders.fillInPlace(l, Long.MAX_VALUE - 7);
        assertEquals(Long.MAX_VALUE - 7, l.longValue());

        Double d = (Double) Placeholders.newPlaceholder(Double.class);
        Placeholders.fillInPlace(d, 2.75);
        assertEquals(2.75, d, 0.0);
        assertEquals(Double.valueOf(2.75).hashCode(), d.hashCode());
    }

    @Test
    void strings() {
        String s = (String) Placeholders.newPlaceholder(String.class);
        assertNotSame("", s);
        String source = new String("héllo wörld"); // non-Latin1 coder irrelevant, but non-ASCII
        Placeholders.fillInPlace(s, source);
        assertEquals(source, s);
        assertEquals(source.hashCode(), s.hashCode());
        assertEquals(11, s.length());
        assertEquals("HÉLLO WÖRLD", s.toUpperCase());

        String t = (String) Placeholders.newPlaceholder(String.class);
        Placeholders.fillInPlace(t, "日本");
        assertEquals("日本", t);
        assertEquals(2, t.length());
    }

    @Test
    void collections() {
        @SuppressWarnings("unchecked")
        ArrayList<Integer> list = (ArrayList<Integer>) Placeholders.newPlaceholder(ArrayList.class);
        Placeholders.fillInPlace(list, new ArrayList<>(List.of(1, 2, 3)));
        assertEquals(List.of(1, 2, 3), list);
        list.add(4);
        assertEquals(4, list.size());

        @SuppressWarnings("unchecked")
        HashMap<String, Integer> map = (HashMap<String, Integer>) Placeholders.newPlaceholder(HashMap.class);
        Placeholders.fillInPlace(map, new HashMap<>(Map.of("a", 1, "b", 2)));
        assertEquals(Map.of("a", 1, "b", 2), map);
        assertEquals(2, map.get("b"));
        map.put("c", 3);
        assertEquals(3, map.size());
    }

    @Test
    void userClassWithFinalPrivateAndInheritedFields() {
        Sample p = (Sample) Placeholders.newPlaceholder(Sample.class);
        assertNull(p.name());
        int[] data = {1, 2};
        Placeholders.fillInPlace(p, new Sample("s", 42L, data, 0.5, 'q'));
        assertEquals("s", p.name());
        assertEquals(42L, p.id);
        assertSame(data, p.data);
        assertEquals(0.5, p.weight, 0.0);
        assertEquals('q', p.tag);
        assertEquals(true, p.flag);
    }

    @Test
    void arrays() {
        int[] a = new int[3];
        Placeholders.fillInPlace(a, new int[] {1, 2, 3});
        assertArrayEquals(new int[] {1, 2, 3}, a);
        String[] s = new String[2];
        Placeholders.fillInPlace(s, new String[] {"x", "y"});
        assertArrayEquals(new String[] {"x", "y"}, s);
        assertThrows(IllegalArgumentException.class, () -> Placeholders.fillInPlace(new int[2], new int[3]));
    }

    @Test
    void noPlaceholderForWhatCannotBeFilled() {
        assertNull(Placeholders.newPlaceholder(int.class));
        assertNull(Placeholders.newPlaceholder(int[].class));
        assertNull(Placeholders.newPlaceholder(List.class));
        assertNull(Placeholders.newPlaceholder(Abstract.class));
        assertNull(Placeholders.newPlaceholder(Number.class));
        assertNull(Placeholders.newPlaceholder(R.class));
        assertNull(Placeholders.newPlaceholder(E.class));
        Runnable lambda = () -> { };
        assertNull(Placeholders.newPlaceholder(lambda.getClass()));
    }

    @Test
    void classesMustMatch() {
        assertThrows(IllegalArgumentException.class, () -> Placeholders.fillInPlace(Integer.valueOf(1), 1L));
        assertThrows(IllegalArgumentException.class, () -> Placeholders.fillInPlace(new ArrayList<>(), List.of()));
    }
}
