package io.braid.comm.settings;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingTest {
    private static final SettingDefs DEFS = new SettingDefs("test", "Settings of this test.");
    private static final Setting<Long> TIMEOUT = DEFS.define(Setting.property("t.timeoutMs", ValueType.LONG)
            .deprecated("t.old.timeoutMs").environment("T_TIMEOUT").valueName("MS").defaultValue(10L)
            .check(v -> v >= 5, "milliseconds, at least 5").doc("a timeout"));
    private static final Setting<Boolean> FLAG = DEFS.define(Setting.property("t.flag", ValueType.BOOLEAN)
            .defaultValue(false).doc("a flag"));
    private static final Setting<String> ENV_ONLY = DEFS.define(Setting.environment("T_ENV", ValueType.STRING)
            .doc("an environment variable").internal());

    private static SettingSource props(Map<String, String> p) {
        return SettingSource.of(p, Map.of());
    }

    @Test
    void defaultWhenUnsetOrBlank() {
        assertEquals(10L, TIMEOUT.get(props(Map.of())));
        assertEquals(10L, TIMEOUT.get(props(Map.of("t.timeoutMs", "  "))));
        assertFalse(TIMEOUT.isSet(props(Map.of("t.timeoutMs", ""))));
        assertNull(ENV_ONLY.get(props(Map.of())));
    }

    @Test
    void propertyWinsOverDeprecatedNameWhichWinsOverEnvironment() {
        SettingSource all = SettingSource.of(Map.of("t.timeoutMs", "7", "t.old.timeoutMs", "8"), Map.of("T_TIMEOUT", "9"));
        assertEquals(7L, TIMEOUT.get(all));
        assertEquals("-Dt.timeoutMs", TIMEOUT.origin(all));
        SettingSource old = SettingSource.of(Map.of("t.old.timeoutMs", "8"), Map.of("T_TIMEOUT", "9"));
        assertEquals(8L, TIMEOUT.get(old));
        assertEquals("-Dt.old.timeoutMs", TIMEOUT.origin(old));
        SettingSource env = SettingSource.of(Map.of(), Map.of("T_TIMEOUT", "9"));
        assertEquals(9L, TIMEOUT.get(env));
        assertEquals("T_TIMEOUT", TIMEOUT.origin(env));
    }

    @Test
    void badValueIsOneLineNamingTheSettingAndTheValue() {
        assertEquals("-Dt.timeoutMs=abc: expected milliseconds, at least 5", assertThrows(SettingException.class,
                () -> TIMEOUT.get(props(Map.of("t.timeoutMs", "abc")))).getMessage());
        assertEquals("-Dt.timeoutMs=4: expected milliseconds, at least 5", assertThrows(SettingException.class,
                () -> TIMEOUT.get(props(Map.of("t.timeoutMs", "4")))).getMessage());
        assertEquals("T_TIMEOUT=-1: expected milliseconds, at least 5", assertThrows(SettingException.class,
                () -> TIMEOUT.get(SettingSource.of(Map.of(), Map.of("T_TIMEOUT", "-1")))).getMessage());
        // a typo is not read as false
        assertEquals("-Dt.flag=ture: expected true or false", assertThrows(SettingException.class,
                () -> FLAG.get(props(Map.of("t.flag", "ture")))).getMessage());
        assertTrue(FLAG.get(props(Map.of("t.flag", "TRUE"))));
    }

    @Test
    void declarationsAreCheckedWhenMade() {
        SettingDefs defs = new SettingDefs("x", "x");
        defs.define(Setting.property("x.a", ValueType.INT).doc("a"));
        assertThrows(IllegalArgumentException.class, () -> defs.define(Setting.property("x.a", ValueType.INT).doc("a")));
        assertThrows(IllegalArgumentException.class, () -> defs.define(Setting.property("x.b", ValueType.INT)
                .defaultValue(0).check(v -> v > 0, "more than 0").doc("b")));
        assertThrows(NullPointerException.class, () -> defs.define(Setting.property("x.c", ValueType.INT)));
    }

    @Test
    void enumValuesAnyCase() {
        enum Mode { AUTO, LATE }
        ValueType<Mode> t = ValueType.oneOf(Mode.class);
        assertEquals("auto|late", t.expected());
        Setting<Mode> m = new SettingDefs("m", "m").define(Setting.environment("M", t).defaultValue(Mode.AUTO).doc("m"));
        assertEquals(Mode.LATE, m.get(SettingSource.of(Map.of(), Map.of("M", "Late"))));
        assertEquals("M=soon: expected auto|late", assertThrows(SettingException.class,
                () -> m.get(SettingSource.of(Map.of(), Map.of("M", "soon")))).getMessage());
    }

    @Test
    void prefixHandsOnKeysAndRefusesReservedOnes() {
        SettingDefs defs = new SettingDefs("p", "p");
        SettingPrefix p = defs.definePrefix("p.kafka.", java.util.Set.of("bootstrap.servers"), "client settings");
        assertEquals(Map.of("security.protocol", "SASL_SSL", "client.id", "me"),
                p.values(props(Map.of("p.kafka.security.protocol", "SASL_SSL", "p.kafka.client.id", "me", "p.other", "x"))));
        assertEquals("-Dp.kafka.bootstrap.servers=h:1: expected no value: Braid sets bootstrap.servers itself",
                assertThrows(SettingException.class, () -> p.values(props(Map.of("p.kafka.bootstrap.servers", "h:1"))))
                        .getMessage());
    }

    @Test
    void markdownHasARowPerSetting() {
        String md = DEFS.markdown();
        assertTrue(md.contains("| `t.timeoutMs` (deprecated: `t.old.timeoutMs`) | `T_TIMEOUT` | MS | 10 | a timeout |"), md);
        assertTrue(md.contains("|  | `T_ENV` | a string |  | an environment variable *(set by Braid for the processes it starts)* |"), md);
    }
}
