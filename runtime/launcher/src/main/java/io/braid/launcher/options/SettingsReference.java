package io.braid.launcher.options;

import io.braid.comm.launch.WorkerCommand;
import io.braid.comm.settings.CommSettings;
import io.braid.comm.settings.OptionSpec;
import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.engine.EngineSettings;
import io.braid.launcher.LauncherSettings;
import io.braid.streams.internals.server.StandaloneServerMain;
import io.braid.streams.internals.settings.StreamSettings;

import java.util.List;

/**
 * Prints docs/SETTINGS.md from the declarations: braid-run's options ({@link LauncherOptions#SPECS}),
 * every module's settings ({@code *Settings.DEFS}) and the worker's arguments
 * ({@link WorkerCommand.Option}). {@code SettingsReferenceTest} fails when the file differs.
 * Run: {@code java -cp runtime/dist/target/braid.jar io.braid.launcher.options.SettingsReference > docs/SETTINGS.md}.
 */
public final class SettingsReference {
    /** Every module's declarations, in the order of the docs. */
    public static final List<SettingDefs> MODULES = List.of(LauncherSettings.DEFS, EngineSettings.DEFS,
            StreamSettings.DEFS, CommSettings.DEFS, io.braid.worker.WorkerSettings.DEFS);

    private SettingsReference() {
    }

    public static void main(String[] args) {
        System.out.print(markdown());
    }

    public static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# Settings reference\n\n");
        b.append("<!-- Generated from the declarations by io.braid.launcher.options.SettingsReference; "
                + "checked by SettingsReferenceTest. Do not edit: change the declarations, then run\n"
                + "     java -cp runtime/dist/target/braid.jar io.braid.launcher.options.SettingsReference "
                + "> docs/SETTINGS.md -->\n\n");
        b.append("""
                Every option, system property and environment variable Braid reads is declared once, in its \
                module (`LauncherOptions.SPECS`, `LauncherSettings`, `EngineSettings`, `StreamSettings`, \
                `CommSettings`, `WorkerCommand.Option`), with its type, default, check and one line of \
                documentation; this page and `braid-run --help` are printed from those declarations.

                * A system property (`-Dname=value`) wins over its environment variable; blank counts as unset.
                * The master's properties go in `BRAID_MASTER_JVM_OPTS`, the workers' in `--jvm_workers_opts`, \
                the standalone stream server's in `BRAID_STREAM_SERVER_JVM_OPTS`.
                * A value a setting does not accept stops the program with one line naming the setting, the \
                value and what is expected (braid-run checks the master's before anything starts, exit 2), \
                e.g. `braid-run: -Dbraid.worker.restarts=-1: expected a number of restarts, 0 or more \
                (BRAID_MASTER_JVM_OPTS)`.
                * Names given as *deprecated* still work, with a warning in the log naming the new one.

                """);
        b.append("## braid-run options\n\n`braid-run --help` prints them (docs/USER_GUIDE.md shows its output).\n\n");
        optionTable(b, LauncherOptions.SPECS);
        b.append("\n## runcompss flags\n\nAccepted by braid-run so that COMPSs command lines and scripts run unchanged; "
                + "those without a meaning in Braid print one warning line naming them "
                + "(`braid-run: ignoring runcompss flag --X: why`). docs/COMPSS.md compares every runcompss flag.\n\n");
        optionTable(b, CompssFlags.specs());
        b.append("\n## braid-stream-server options\n\n`scripts/braid-stream-server --help` prints them.\n\n");
        optionTable(b, StandaloneServerMain.OPTIONS);
        for (SettingDefs defs : MODULES) {
            b.append('\n').append(defs.markdown());
        }
        b.append("\n## Worker arguments\n\nWhat the master tells each worker process it starts "
                + "(`io.braid.comm.launch.WorkerCommand`); users do not give them.\n\n");
        b.append("| Argument | Default | Description |\n|---|---|---|\n");
        for (WorkerCommand.Option o : WorkerCommand.Option.values()) {
            b.append("| `--").append(o.key()).append("` | ")
                    .append(o.defaultValue() == null ? "(required)" : cell(o.defaultValue())).append(" | ")
                    .append(cell(o.doc())).append(" |\n");
        }
        b.append("\n## Deprecated names\n\n");
        for (SettingDefs defs : MODULES) {
            for (Setting<?> s : defs.all()) {
                for (String old : s.deprecatedProperties()) {
                    b.append("* `").append(old).append("`: use `").append(s.property()).append("`.\n");
                }
            }
        }
        return b.toString();
    }

    private static void optionTable(StringBuilder b, List<OptionSpec> options) {
        b.append("| Option | Also | Value | Default | Description |\n|---|---|---|---|---|\n");
        for (OptionSpec s : options) {
            b.append("| `").append(s.name()).append("` | ")
                    .append(String.join(", ", s.aliases().stream().map(a -> "`" + a + "`").toList())).append(" | ")
                    .append(s.isFlag() ? "" : s.isValueOptional() ? "[" + cell(s.valueName()) + "]" : cell(s.valueName())).append(" | ")
                    .append(s.isFlag() ? "" : cell(s.defaultValue())).append(" | ")
                    .append(cell(s.doc())).append(" |\n");
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
