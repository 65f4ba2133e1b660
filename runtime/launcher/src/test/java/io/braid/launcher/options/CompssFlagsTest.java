package io.braid.launcher.options;

import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** runcompss's command lines parse in braid-run: mapped, accepted, or accepted with one warning. */
class CompssFlagsTest {

    /**
     * Every flag runcompss's argument parsing knows (COMPSs' compss/runtime/scripts/user/runcompss,
     * get_args: getopts {@code hvgtmdp} and the long names), {@code =} for those that take a value
     * ({@code =?} an optional one), plus {@code -z}/{@code --zip_provenance} and {@code --provenance_folder} of its provenance tools.
     */
    static final List<String> RUNCOMPSS = List.of("-h", "-v", "-g", "-t", "-m", "-d", "-p", "-z", "--help", "--version",
            "--opts", "--flower", "--recipe", "--project=", "--resources=", "--summary", "--storage_conf=",
            "--storage_impl=", "--streaming=", "--streaming_master_name=", "--streaming_master_port=",
            "--task_execution=", "--lang=", "--log_level=", "--debug", "--graph=?", "--tracing=?",
            "--extrae_config_file=", "--extrae_config_file_python=", "--trace_label=", "--monitoring=?",
            "--shutdown_in_node_failure=", "--comm=", "--conn=", "--classpath=", "--library_path=", "--env_script=",
            "--jvm_master_opts=", "--jvm_workers_opts=", "--cpu_affinity=", "--gpu_affinity=", "--fpga_affinity=",
            "--fpga_reprogram=", "--io_executors=", "--external_debugger=?", "--coverage=", "--jmx_port=", "--log_dir=",
            "--base_log_dir=", "--specific_log_dir=", "--master_working_dir=", "--uuid=", "--master_name=",
            "--master_port=", "--task_count=", "--appdir=", "--pythonpath=", "--PyObject_serialize=",
            "--persistent_worker_c=", "--input_profile=", "--output_profile=", "--scheduler=", "--scheduler_config_file=",
            "--checkpoint=", "--checkpoint_params=", "--checkpoint_folder=", "--tracing_task_dependencies=",
            "--generate_trace=", "--delete_trace_packages=", "--custom_threads=", "--enable_external_adaptation=",
            "--python_interpreter=", "--python_propagate_virtual_environment=", "--python_mpi_worker=",
            "--python_memory_profile", "--python_worker_cache=", "--python_cache_profiler=", "--gen_coredump",
            "--keep_workingdir", "--wall_clock_limit=", "--data_provenance=", "--provenance=?", "--zip_provenance", "--provenance_folder=");

    @Test
    void everyRuncompssFlagIsAcceptedInItsForms() {
        for (String f : RUNCOMPSS) {
            String name = f.replace("=?", "").replace("=", "");
            OptionSpec spec = CommandLine.find(LauncherOptions.ALL, name);
            assertNotNull(spec, name + " is not accepted");
            boolean optional = f.endsWith("=?");
            boolean value = f.endsWith("=") && !optional;
            assertEquals(value, !spec.isFlag() && !spec.isValueOptional(), name + " takes a value in runcompss");
            if (name.startsWith("--")) { // a one-letter flag may stand for a name with an optional value (-g, --graph)
                assertEquals(optional, spec.isValueOptional(), name + " has an optional value in runcompss");
            }
            if (name.equals("-h") || name.equals("--help") || name.equals("-v") || name.equals("--version")
                    || name.equals("--opts")) {
                continue;
            }
            String v = sample(name);
            List<String[]> forms = new ArrayList<>();
            if (value) {
                forms.add(new String[] {name + "=" + v, "pkg.Main", "a"});
                forms.add(new String[] {name, v, "pkg.Main", "a"});
            } else if (optional) {
                forms.add(new String[] {name, "pkg.Main", "a"});
                forms.add(new String[] {name + "=" + v, "pkg.Main", "a"});
            } else {
                forms.add(new String[] {name, "pkg.Main", "a"});
            }
            for (String[] args : forms) {
                LauncherOptions o = LauncherOptions.parse(args);
                assertEquals("pkg.Main", o.application(), String.join(" ", args));
                assertEquals(List.of("a"), o.appArgs(), String.join(" ", args));
                assertTrue(o.warnings().size() <= 1, o.warnings()::toString);
            }
        }
    }

    private static String sample(String name) {
        return switch (name) {
            case "--graph", "--tracing", "--shutdown_in_node_failure", "--data_provenance" -> "true";
            case "--lang" -> "java";
            case "--log_level" -> "debug";
            case "--streaming" -> "ALL";
            case "--io_executors", "--master_port", "--monitoring", "--jmx_port", "--external_debugger" -> "3";
            default -> "x";
        };
    }

    @Test
    void aFlagWithoutMeaningIsOneWarningNamingIt() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"--scheduler=es.bsc.compss.scheduler.lookahead.fifo.FifoTS",
            "--cpu_affinity=automatic", "--cpu_affinity", "0-1/2-3", "-m", "pkg.Main"});
        assertEquals(List.of("ignoring runcompss flag --scheduler: Braid has one scheduler (data locality, constraints, "
                        + "priority; docs/DESIGN.md)",
                "ignoring runcompss flag --cpu_affinity: Braid does not bind tasks to particular cores (the OS places "
                        + "the workers' threads)",
                "ignoring runcompss flag --monitoring: Braid has no monitor service: --graph and --tracing write the "
                        + "graph and the trace when the run ends"), o.warnings());
        assertEquals("pkg.Main", o.application());
    }

    @Test
    void aValueThatIsWhatBraidDoesIsNoWarning() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"--comm=es.bsc.compss.nio.master.NIOAdaptor",
            "--cpu_affinity=disabled", "--task_execution=compss", "--keep_workingdir", "--shutdown_in_node_failure=false",
            "pkg.Main"});
        assertEquals(List.of(), o.warnings());
        assertEquals(List.of("ignoring runcompss flag --comm: Braid has one transport of its own, in the NIO adaptor's "
                + "role; COMPSs' adaptor classes do not apply"), LauncherOptions.parse(new String[] {
                    "--comm=es.bsc.compss.gat.master.GATAdaptor", "pkg.Main"}).warnings());
    }

    /** scripts/braid-run takes --jvm_master_opts out before the JVM starts; one that gets here was not applied. */
    @Test
    void jvmMasterOptsThatReachTheJvmAreAWarning() {
        assertEquals(List.of("ignoring runcompss flag --jvm_master_opts: only scripts/braid-run applies it, as it starts "
                + "the master's JVM; this JVM is already running (BRAID_MASTER_JVM_OPTS gives its options)"),
                LauncherOptions.parse(new String[] {"--jvm_master_opts=-Xmx1g", "pkg.Main"}).warnings());
    }

    @Test
    void mappedFlagsSetBraidsOptions() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"-d", "--log_dir=/tmp/l", "--lang=java", "--summary",
            "pkg.Main"});
        assertEquals("debug", o.get("--log_level"));
        assertEquals("/tmp/l", o.get("--base_log_dir"));
        assertTrue(o.flag("--summary"));
        assertEquals(List.of(), o.warnings());
        assertTrue(LauncherOptions.parse(new String[] {"--opts"}).flag("--help"));
        assertTrue(LauncherOptions.parse(new String[] {"-v"}).flag("--version"));
        assertEquals("info", LogLevel.parse("api").toString());
        assertEquals("debug", LogLevel.parse("trace").toString());
    }

    /** As in runcompss, the last of -d and --log_level wins, whichever spelling it is. */
    @Test
    void aMappedFlagKeepsItsPlaceAmongTheOptions() {
        assertEquals("info", LauncherOptions.parse(new String[] {"-d", "--log_level=info", "pkg.Main"}).get("--log_level"));
        assertEquals("debug", LauncherOptions.parse(new String[] {"--log_level=info", "-gd", "pkg.Main"}).get("--log_level"));
        LauncherOptions o = LauncherOptions.parse(new String[] {"--base_log_dir=/a", "--log_dir", "/b", "pkg.Main", "-d"});
        assertEquals("/b", o.get("--base_log_dir"));
        assertEquals("off", o.get("--log_level"), "an application argument is not rewritten");
        assertEquals(List.of("-d"), o.appArgs());
    }

    @Test
    void graphAndTracingTakeRuncompssBooleans() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"--graph=false", "--tracing=basic", "pkg.Main"});
        assertFalse(o.flag("--graph"));
        assertTrue(o.flag("--tracing"));
        assertTrue(LauncherOptions.parse(new String[] {"--graph", "pkg.Main"}).flag("--graph"));
        assertEquals("--graph=maybe: expected true or false", assertThrows(UsageException.class,
                () -> LauncherOptions.parse(new String[] {"--graph=maybe", "pkg.Main"})).getMessage());
        assertEquals("--tracing=scorep: expected true or false (or basic, advanced, meaning true)",
                assertThrows(UsageException.class,
                        () -> LauncherOptions.parse(new String[] {"--tracing=scorep", "pkg.Main"})).getMessage());
    }

    /** runcompss reads its one-letter flags with getopts: {@code -dgt} is {@code -d -g -t}. */
    @Test
    void bundledLettersAreSplitButOtherShortOptionsAreNot() {
        LauncherOptions o = LauncherOptions.parse(new String[] {"-cp", "-dg", "-tm", "pkg.Main", "-dg"});
        assertEquals("-dg", o.get("--classpath"), "a value given apart is kept whole");
        assertFalse(o.flag("--graph"));
        assertTrue(o.flag("--tracing"));
        assertEquals(1, o.warnings().size(), o.warnings()::toString);
        assertEquals(List.of("-dg"), o.appArgs());
        LauncherOptions bundled = LauncherOptions.parse(new String[] {"-dgt", "pkg.Main"});
        assertEquals("debug", bundled.get("--log_level"));
        assertTrue(bundled.flag("--graph") && bundled.flag("--tracing"));
    }

    @Test
    void aTrulyUnknownFlagIsStillAnError() {
        assertEquals("unknown option --no_such_flag (braid-run --help lists the options)", assertThrows(
                UsageException.class, () -> LauncherOptions.parse(new String[] {"--no_such_flag=1", "pkg.Main"}))
                .getMessage());
        assertEquals("unknown option -q (braid-run --help lists the options)", assertThrows(
                UsageException.class, () -> LauncherOptions.parse(new String[] {"-q", "pkg.Main"})).getMessage());
    }

    @Test
    void helpListsTheRuncompssFlags() {
        String help = LauncherOptions.help();
        for (CompssFlags.Flag f : CompssFlags.FLAGS) {
            assertTrue(help.contains(f.spec().usage()), f.spec().usage());
        }
    }

    /** docs/COMPSS.md's runcompss table names every runcompss flag, so a porter finds each. */
    @Test
    void compssMdHasARowForEveryRuncompssFlag() throws Exception {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("../../docs/COMPSS.md"));
        String table = doc.substring(doc.indexOf("## `runcompss` flags"), doc.indexOf("## `enqueue_compss` flags"));
        for (String f : RUNCOMPSS) {
            String name = f.replace("=?", "").replace("=", "");
            assertTrue(table.matches("(?s).*`" + java.util.regex.Pattern.quote(name) + "[`=\\[].*"),
                    name + " has no row in docs/COMPSS.md");
        }
    }
}
