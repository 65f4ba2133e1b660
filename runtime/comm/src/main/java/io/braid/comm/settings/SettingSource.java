package io.braid.comm.settings;

import java.util.Map;
import java.util.TreeMap;

/**
 * Where a {@link Setting} is looked up: this process's system properties and environment
 * ({@link #system()}), or given maps (tests, and a worker's environment handed over as a map).
 * The only place in Braid that reads {@code System.getProperty} / {@code System.getenv} for a
 * setting.
 */
public interface SettingSource {

    /** The system property {@code name}, or null. */
    String property(String name);

    /** The environment variable {@code name}, or null. */
    String environment(String name);

    /** Every system property whose name starts with {@code prefix}, by name. */
    Map<String, String> propertiesWithPrefix(String prefix);

    /** This process's system properties (read at each call: a property set later is seen) and environment. */
    static SettingSource system() {
        return SystemSource.INSTANCE;
    }

    /** This process's environment only: a setting's variable, never its property. */
    static SettingSource systemEnvironment() {
        return new SettingSource() {
            @Override
            public String property(String name) {
                return null;
            }

            @Override
            public String environment(String name) {
                return System.getenv(name);
            }

            @Override
            public Map<String, String> propertiesWithPrefix(String prefix) {
                return Map.of();
            }
        };
    }

    /** Fixed maps (either may be empty). */
    static SettingSource of(Map<String, String> properties, Map<String, String> environment) {
        Map<String, String> p = Map.copyOf(properties);
        Map<String, String> e = Map.copyOf(environment);
        return new SettingSource() {
            @Override
            public String property(String name) {
                return p.get(name);
            }

            @Override
            public String environment(String name) {
                return e.get(name);
            }

            @Override
            public Map<String, String> propertiesWithPrefix(String prefix) {
                Map<String, String> out = new TreeMap<>();
                p.forEach((k, v) -> {
                    if (k.startsWith(prefix)) {
                        out.put(k, v);
                    }
                });
                return out;
            }
        };
    }

    /** An environment only (a worker's variables as a map), no properties. */
    static SettingSource ofEnvironment(Map<String, String> environment) {
        return of(Map.of(), environment);
    }

    /** The system's source, a singleton so that it needs no allocation per read. */
    final class SystemSource implements SettingSource {
        private static final SystemSource INSTANCE = new SystemSource();

        private SystemSource() {
        }

        @Override
        public String property(String name) {
            return System.getProperty(name);
        }

        @Override
        public String environment(String name) {
            return System.getenv(name);
        }

        @Override
        public Map<String, String> propertiesWithPrefix(String prefix) {
            Map<String, String> out = new TreeMap<>();
            for (String name : System.getProperties().stringPropertyNames()) {
                if (name.startsWith(prefix)) {
                    out.put(name, System.getProperty(name));
                }
            }
            return out;
        }
    }
}
