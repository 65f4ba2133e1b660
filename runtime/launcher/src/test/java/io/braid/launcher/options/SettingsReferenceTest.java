package io.braid.launcher.options;

import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/SETTINGS.md is the declarations' reference, and nothing reads a setting around them. */
class SettingsReferenceTest {
    private static final Path REPO = Path.of("../..");

    @Test
    void docsMatchTheDeclarations() throws IOException {
        assertEquals(SettingsReference.markdown(), Files.readString(REPO.resolve("docs/SETTINGS.md")),
                "docs/SETTINGS.md is out of date: java -cp runtime/dist/target/braid.jar "
                        + "io.braid.launcher.options.SettingsReference > docs/SETTINGS.md");
    }

    @Test
    void everyNameIsDeclaredOnce() {
        Set<String> seen = new HashSet<>();
        for (SettingDefs defs : SettingsReference.MODULES) {
            for (Setting<?> s : defs.all()) {
                for (String name : names(s)) {
                    assertTrue(seen.add(name), name + " is declared twice");
                }
            }
        }
        for (String env : List.of("BRAID_STREAM_SERVER", "BRAID_MASTER_JVM_OPTS", "BRAID_SSH_OPTIONS")) {
            assertTrue(seen.contains(env), env);
        }
    }

    private static List<String> names(Setting<?> s) {
        List<String> n = new ArrayList<>(s.deprecatedProperties());
        if (s.property() != null) {
            n.add(s.property());
        }
        if (s.environment() != null) {
            n.add(s.environment());
        }
        return n;
    }

    /**
     * The runtime's sources read system properties and environment variables only through
     * {@code io.braid.comm.settings} (where every read names a declared setting), except these
     * facts of the platform that are not Braid's settings.
     */
    @Test
    void noSourceReadsAPropertyOrVariableAroundTheDeclarations() throws IOException {
        Pattern read = Pattern.compile("System\\.getProperty\\(([^)]*)\\)|System\\.getenv\\(([^)]*)\\)"
                + "|Integer\\.getInteger\\(|Long\\.getLong\\(|Boolean\\.getBoolean\\(");
        // file name -> the reads of platform facts it may make (java.home, user.home, PATH, TERM,
        // SLURM's own variables, SLF4J's keys, the variables a binary task's ${VAR} names): not
        // settings of Braid
        java.util.Map<String, Set<String>> platform = java.util.Map.ofEntries(
                java.util.Map.entry("Executables.java", Set.of("System.getenv(\"PATH\")")),
                java.util.Map.entry("CWorkerExecutable.java", Set.of("System.getenv(\"PATH\")")),
                java.util.Map.entry("ProgressLine.java", Set.of("System.getenv(\"TERM\")")),
                java.util.Map.entry("LauncherChooser.java", Set.of("System.getenv()")),
                java.util.Map.entry("BraidRun.java", Set.of("System.getenv()")),
                java.util.Map.entry("ProcessInvoker.java", Set.of("System.getenv()")),
                // the native task host: this JVM's java and class path; the ${VAR}s of a C function's library
                java.util.Map.entry("CFunctionInvoker.java", Set.of("System.getenv()", "System.getProperty(\"java.home\")",
                        "System.getProperty(\"java.class.path\")")),
                java.util.Map.entry("RunMaster.java", Set.of("System.getProperty(\"java.home\")")),
                java.util.Map.entry("LogDir.java", Set.of("System.getProperty(\"user.home\")")),
                java.util.Map.entry("StandaloneServerMain.java", Set.of("System.getProperty(\"user.home\")")),
                java.util.Map.entry("EmbeddedKafkaBroker.java", Set.of("System.getProperty(key)")));
        List<String> found = new ArrayList<>();
        for (String module : List.of("runtime", "distrostream-lib")) {
            try (Stream<Path> files = Files.walk(REPO.resolve(module))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/")
                        && !p.toString().contains("/io/braid/comm/settings/")).toList()) {
                    Matcher m = read.matcher(Files.readString(f));
                    while (m.find()) {
                        if (!platform.getOrDefault(f.getFileName().toString(), Set.of()).contains(m.group())) {
                            found.add(REPO.relativize(f) + ": " + m.group());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), found, "read these through a declared Setting");
    }
}
