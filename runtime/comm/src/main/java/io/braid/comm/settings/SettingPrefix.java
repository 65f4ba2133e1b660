package io.braid.comm.settings;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A family of system properties handed on to a library under their own names: every
 * {@code <prefix>KEY=VALUE} becomes {@code KEY=VALUE} (as Kafka clients take their settings).
 * Braid does not check the values (the library does, and names the key); keys Braid must decide
 * itself are refused.
 */
public final class SettingPrefix {
    private final String prefix;
    private final Set<String> reserved;
    private final String doc;

    SettingPrefix(String prefix, Set<String> reserved, String doc) {
        if (!prefix.endsWith(".")) {
            throw new IllegalArgumentException("a prefix ends with '.': " + prefix);
        }
        this.prefix = prefix;
        this.reserved = Set.copyOf(reserved);
        this.doc = doc;
    }

    /**
     * The keys and values {@code source} sets under the prefix, without it.
     *
     * @throws SettingException naming the property when it sets a reserved key or an empty one
     */
    public Map<String, String> values(SettingSource source) {
        Map<String, String> out = new LinkedHashMap<>();
        source.propertiesWithPrefix(prefix).forEach((name, value) -> {
            String key = name.substring(prefix.length());
            if (key.isEmpty() || reserved.contains(key)) {
                throw new SettingException("-D" + name, value, key.isEmpty() ? "a key after " + prefix
                        : "no value: Braid sets " + key + " itself");
            }
            out.put(key, value);
        });
        return out;
    }

    /** {@link #values(SettingSource)} of this process's system properties. */
    public Map<String, String> values() {
        return values(SettingSource.system());
    }

    public String prefix() {
        return prefix;
    }

    /** Keys that may not be given under the prefix (sorted for the docs). */
    public Set<String> reserved() {
        return reserved;
    }

    public String doc() {
        return doc;
    }
}
