package io.braid.comm.settings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A module's settings, in the order declared: each module has one declarations class whose
 * first field is its {@code SettingDefs} and whose other fields are {@code DEFS.define(...)}
 * (as Kafka's {@code ConfigDef}). {@link #markdown()} is the module's table in docs/SETTINGS.md.
 */
public final class SettingDefs {
    private final String module;
    private final String summary;
    private final List<Setting<?>> settings = new ArrayList<>();
    private final List<SettingPrefix> prefixes = new ArrayList<>();

    /**
     * @param module  the module's name as the docs show it (e.g. {@code runtime/comm})
     * @param summary one line on what its settings are about
     */
    public SettingDefs(String module, String summary) {
        this.module = module;
        this.summary = summary;
    }

    /** Builds and registers a setting; its name must be new in this module. */
    public synchronized <T> Setting<T> define(Setting.Builder<T> builder) {
        Setting<T> s = builder.build();
        for (Setting<?> other : settings) {
            if (other.name().equals(s.name())) {
                throw new IllegalArgumentException(module + ": " + s.name() + " declared twice");
            }
        }
        settings.add(s);
        return s;
    }

    /** Registers a pass-through family ({@link SettingPrefix}). */
    public synchronized SettingPrefix definePrefix(String prefix, Set<String> reserved, String doc) {
        SettingPrefix p = new SettingPrefix(prefix, reserved, doc);
        prefixes.add(p);
        return p;
    }

    public String module() {
        return module;
    }

    public synchronized List<Setting<?>> all() {
        return Collections.unmodifiableList(new ArrayList<>(settings));
    }

    public synchronized List<SettingPrefix> prefixes() {
        return List.copyOf(prefixes);
    }

    /** The module's section of docs/SETTINGS.md: a heading, its summary and one table row per setting. */
    public synchronized String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("## ").append(module).append("\n\n").append(summary).append("\n\n");
        b.append("| Property | Environment | Value | Default | Description |\n");
        b.append("|---|---|---|---|---|\n");
        for (Setting<?> s : settings) {
            String prop = s.property() == null ? "" : "`" + s.property() + "`";
            if (!s.deprecatedProperties().isEmpty()) {
                prop += " (deprecated: " + String.join(", ", s.deprecatedProperties().stream()
                        .map(n -> "`" + n + "`").toList()) + ")";
            }
            String note = switch (s.audience()) {
                case USER -> "";
                case INTERNAL -> " *(set by Braid for the processes it starts)*";
                case SCRIPT -> " *(read by the scripts)*";
            };
            b.append("| ").append(prop)
                    .append(" | ").append(s.environment() == null ? "" : "`" + s.environment() + "`")
                    .append(" | ").append(cell(s.valueName()))
                    .append(" | ").append(cell(s.defaultDoc()))
                    .append(" | ").append(cell(s.doc())).append(note).append(" |\n");
        }
        for (SettingPrefix p : prefixes) {
            b.append("| `").append(p.prefix()).append("*` |  | KEY=VALUE |  | ").append(cell(p.doc())).append('.');
            if (!p.reserved().isEmpty()) {
                b.append(" Not accepted (Braid sets them): ")
                        .append(String.join(", ", new TreeSet<>(p.reserved()).stream().map(k -> "`" + k + "`").toList()))
                        .append('.');
            }
            b.append(" |\n");
        }
        return b.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
