package io.braid.comm.settings;

import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * One setting of Braid, declared once (in its module's declarations, through {@link SettingDefs}):
 * the system property and/or environment variable that carry it, its type, default, check and
 * one-line documentation. Every read of a Braid property or variable goes through one of these,
 * so a bad value is always one {@link SettingException} naming the setting and the value, and
 * docs/SETTINGS.md is printed from the declarations.
 *
 * <p>Lookup order: the property, then its deprecated names (with a warning), then the variable;
 * blank counts as unset. The value is read at each call, so a property set later is seen.
 *
 * <p>No logger is made when the class loads: braid-run reads settings before it configures
 * SLF4J (runtime.log), and the first logger made fixes SLF4J's configuration. Only a deprecated
 * name, once read, gets its logger ({@link #check} does not warn, so it can run that early).
 */
public final class Setting<T> {
    /** Who sets it: the user, Braid itself for the processes it starts, or only the shell scripts. */
    public enum Audience { USER, INTERNAL, SCRIPT }

    private final String property;
    private final List<String> deprecatedProperties;
    private final String environment;
    private final ValueType<T> type;
    private final String valueName;
    private final T defaultValue;
    private final String defaultDoc;
    private final Predicate<T> check;
    private final String expected;
    private final String doc;
    private final Audience audience;
    private final AtomicBoolean warnedDeprecated = new AtomicBoolean();

    private Setting(Builder<T> b) {
        if (b.property == null && b.environment == null) {
            throw new IllegalArgumentException("a setting needs a property or an environment variable");
        }
        this.property = b.property;
        this.deprecatedProperties = List.copyOf(b.deprecatedProperties);
        this.environment = b.environment;
        this.type = Objects.requireNonNull(b.type, "type");
        this.valueName = b.valueName != null ? b.valueName : b.type.expected();
        this.defaultValue = b.defaultValue;
        this.defaultDoc = b.defaultDoc != null ? b.defaultDoc : b.defaultValue == null ? "" : String.valueOf(b.defaultValue);
        this.check = b.check;
        this.expected = b.expected != null ? b.expected : b.type.expected();
        this.doc = Objects.requireNonNull(b.doc, "doc");
        this.audience = b.audience;
        if (defaultValue != null && !check.test(defaultValue)) {
            throw new IllegalArgumentException(name() + ": the default " + defaultValue + " fails its own check");
        }
    }

    /** A setting carried by the system property {@code name}. */
    public static <T> Builder<T> property(String name, ValueType<T> type) {
        return new Builder<T>(type).property(name);
    }

    /** A setting carried by the environment variable {@code name} only. */
    public static <T> Builder<T> environment(String name, ValueType<T> type) {
        return new Builder<T>(type).environment(name);
    }

    /** The value: from the system's properties and environment, else the default (may be null). */
    public T get() {
        return get(SettingSource.system());
    }

    /** The value from {@code source}, else the default (may be null). */
    public T get(SettingSource source) {
        return value(source).orElse(defaultValue);
    }

    /** The value when {@code source} sets it, parsed and checked. */
    public Optional<T> value(SettingSource source) {
        return value(source, true);
    }

    /**
     * Parses and checks the value {@code source} sets, without using it and without warning about
     * a deprecated name (callable before logging is configured).
     *
     * @throws SettingException naming the setting and the value when it does not pass
     */
    public void check(SettingSource source) {
        value(source, false);
    }

    private Optional<T> value(SettingSource source, boolean warn) {
        Found found = find(source, warn);
        if (found == null) {
            return Optional.empty();
        }
        T v;
        try {
            v = type.parse().apply(found.text);
        } catch (RuntimeException e) {
            throw new SettingException(found.origin, found.text, expected);
        }
        if (!check.test(v)) {
            throw new SettingException(found.origin, found.text, expected);
        }
        return Optional.of(v);
    }

    /**
     * {@code text} read as this setting's value (null or blank: the default), for a value that
     * reached the caller another way; an error names the setting as its property, else its variable.
     */
    public T parse(String text) {
        return text == null || text.isBlank() ? defaultValue
                : value(property != null ? SettingSource.of(java.util.Map.of(property, text), java.util.Map.of())
                        : SettingSource.of(java.util.Map.of(), java.util.Map.of(environment, text))).orElseThrow();
    }

    /** Whether {@code source} sets it (blank counts as unset). */
    public boolean isSet(SettingSource source) {
        return find(source) != null;
    }

    /** Whether {@code source} sets it through the property (or a deprecated name), not the variable. */
    public boolean fromProperty(SettingSource source) {
        Found found = find(source);
        return found != null && found.origin.startsWith("-D");
    }

    /** Where {@code source} sets it ({@code -Dname} or the variable's name), or null when it does not. */
    public String origin(SettingSource source) {
        Found found = find(source);
        return found == null ? null : found.origin;
    }

    /** The JVM option that gives a process this setting ({@code -Dname=value}). */
    public String jvmOption(Object value) {
        if (property == null) {
            throw new IllegalStateException(environment + " is an environment variable, not a property");
        }
        return "-D" + property + "=" + value;
    }

    private Found find(SettingSource source) {
        return find(source, false);
    }

    private Found find(SettingSource source, boolean warn) {
        if (property != null) {
            String v = source.property(property);
            if (v != null && !v.isBlank()) {
                return new Found("-D" + property, v);
            }
            for (String old : deprecatedProperties) {
                v = source.property(old);
                if (v != null && !v.isBlank()) {
                    if (warn && warnedDeprecated.compareAndSet(false, true)) {
                        LoggerFactory.getLogger(Setting.class).warn("-D{} is deprecated: use -D{}", old, property);
                    }
                    return new Found("-D" + old, v);
                }
            }
        }
        if (environment != null) {
            String v = source.environment(environment);
            if (v != null && !v.isBlank()) {
                return new Found(environment, v);
            }
        }
        return null;
    }

    private record Found(String origin, String text) {
    }

    /** The property's name, else the variable's: how the docs and errors name it. */
    public String name() {
        return property != null ? property : environment;
    }

    /** The system property, or null when it is an environment variable only. */
    public String property() {
        return property;
    }

    /** Older names of the property, still read (with a warning). */
    public List<String> deprecatedProperties() {
        return deprecatedProperties;
    }

    /** The environment variable, or null when it is a property only. */
    public String environment() {
        return environment;
    }

    /** What the value looks like, for docs and help ({@code MS}, {@code HOST:PORT}, {@code auto|c1|c2}). */
    public String valueName() {
        return valueName;
    }

    /** The default, or null (unset means "not given"). */
    public T defaultValue() {
        return defaultValue;
    }

    /** The default as the docs show it (may describe a computed default: "auto", "a random id"). */
    public String defaultDoc() {
        return defaultDoc;
    }

    public String doc() {
        return doc;
    }

    public Audience audience() {
        return audience;
    }

    @Override
    public String toString() {
        return name();
    }

    /** Declares a {@link Setting}; {@link SettingDefs#define} builds it. */
    public static final class Builder<T> {
        private final ValueType<T> type;
        private String property;
        private List<String> deprecatedProperties = List.of();
        private String environment;
        private String valueName;
        private T defaultValue;
        private String defaultDoc;
        private Predicate<T> check = v -> true;
        private String expected;
        private String doc;
        private Audience audience = Audience.USER;

        private Builder(ValueType<T> type) {
            this.type = type;
        }

        public Builder<T> property(String name) {
            this.property = name;
            return this;
        }

        /** Older property names still accepted, with a warning naming the new one. */
        public Builder<T> deprecated(String... names) {
            this.deprecatedProperties = List.of(names);
            return this;
        }

        /** Also read from this environment variable (the property wins). */
        public Builder<T> environment(String name) {
            this.environment = name;
            return this;
        }

        public Builder<T> valueName(String name) {
            this.valueName = name;
            return this;
        }

        public Builder<T> defaultValue(T value) {
            this.defaultValue = value;
            return this;
        }

        /** How the docs show a default computed at run time (no {@link #defaultValue}). */
        public Builder<T> defaultDoc(String text) {
            this.defaultDoc = text;
            return this;
        }

        /** A check on parsed values; {@code expected} says what passes (replaces the type's description). */
        public Builder<T> check(Predicate<T> check, String expected) {
            this.check = check;
            this.expected = expected;
            return this;
        }

        public Builder<T> doc(String doc) {
            this.doc = doc;
            return this;
        }

        /** Set by Braid for the processes it starts, not by users. */
        public Builder<T> internal() {
            this.audience = Audience.INTERNAL;
            return this;
        }

        /** Read by the shell scripts only (declared here for the docs and {@code --help}). */
        public Builder<T> script() {
            this.audience = Audience.SCRIPT;
            return this;
        }

        Setting<T> build() {
            return new Setting<>(this);
        }
    }
}
