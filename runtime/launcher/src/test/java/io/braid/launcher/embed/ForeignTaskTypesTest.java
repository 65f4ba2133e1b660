package io.braid.launcher.embed;

import io.braid.api.OnFailure;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Foreign task definitions become the master's TaskDefinitions; a bad one is one line naming the task. */
class ForeignTaskTypesTest {
    private final ForeignTaskTypes types = new ForeignTaskTypes();

    private int define(String language, String[] params, int returns, String[] constraints, boolean io,
                       String onFailure) {
        return types.define(language, "app.tasks", "work", "/app", params, returns, constraints, io, true, onFailure,
                2500);
    }

    @Test
    void aDefinitionCarriesItsFunctionConstraintsAndFailurePolicy() {
        int id = define("python", new String[] {"IN VALUE", "INOUT OBJECT", "FILE_OUT"}, 2,
                new String[] {"computing_units=2", "memory_size=1.5", "storage_bw=40"}, false, "ignore");
        assertEquals(0, id);
        ForeignTaskType t = types.get(id);
        TaskDefinition d = t.definition();
        assertEquals("app.tasks.work", d.label());
        assertEquals(2, d.request().computingUnits());
        assertTrue(d.priority());
        assertEquals(OnFailure.IGNORE, d.onFailure());
        assertEquals(2500, d.timeOutMs());
        assertNull(d.autoStorageBW(), "a fixed bandwidth");
        TaskImplementation impl = d.implementations().get(0);
        assertEquals(TaskImplementation.Kind.FOREIGN, impl.kind());
        assertEquals("python", impl.foreign().language());
        assertEquals("/app", impl.foreign().location());
        assertEquals(2, impl.foreign().returns());
        assertEquals(List.of("IN VALUE", "INOUT OBJECT", "FILE_OUT"), d.paramTypes());
        assertEquals(1, types.define("python", "m", "io_task", null, new String[0], 0,
                new String[] {"storage_bw=auto(4,64,2)"}, true, false, null, 0));
        assertEquals(0, types.get(1).definition().request().computingUnits(), "@IO: no computing units");
        assertTrue(types.get(1).definition().io());
        assertTrue(types.get(1).definition().autoStorageBW() != null, "storage_bw=auto(...) is learned");
    }

    @Test
    void badDefinitionsAreOneLineNamingTheTask() {
        assertEquals("task app.tasks.work: unknown language 'ruby' (python, c)",
                assertThrows(IllegalArgumentException.class, () -> define("ruby", null, 0, null, false, null)).getMessage());
        String p = assertThrows(IllegalArgumentException.class,
                () -> define("python", new String[] {"IN BLOB"}, 0, null, false, null)).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: parameter 1 'IN BLOB': expected a direction"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", new String[] {"OUT OBJECT"}, 0, null, false, null)).getMessage();
        assertTrue(p.contains("a Python task cannot rebind its argument"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", new String[] {"IN VALUE", "OUT COLLECTION"}, 0, null, false, null)).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: parameter 2 'OUT COLLECTION': a task changes the elements"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", new String[] {"INOUT STREAM"}, 0, null, false, null)).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: parameter 1 'INOUT STREAM': a task reads a stream (IN) or"
                + " writes it (OUT), not both"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", null, 0, new String[] {"cores=2"}, false, null)).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: constraint 'cores=2': expected key=value"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", null, 0, new String[] {"computing_units=many"}, false, null)).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: constraint: ") && p.contains("many"), p);
        p = assertThrows(IllegalArgumentException.class,
                () -> define("python", null, 0, null, false, "sometimes")).getMessage();
        assertTrue(p.startsWith("task app.tasks.work: onFailure 'sometimes'"), p);
        assertThrows(IllegalArgumentException.class, () -> types.get(0), "nothing was defined");
    }

    @Test
    void streamParametersAreReadOrWritten() {
        define("python", new String[] {"STREAM_IN", "out stream", "IN STREAM", "STREAM_OUT"}, 0, null, false, null);
        assertEquals(List.of("STREAM_IN", "STREAM_OUT", "STREAM_IN", "STREAM_OUT"),
                types.get(0).definition().paramTypes());
    }

    @Test
    void aCTaskNamesItsWorkerLibraryWhichMustBeAReadableFile(@TempDir Path dir) throws Exception {
        Path lib = Files.createFile(dir.resolve("libapp-worker.so"));
        int id = types.define("c", "App", "add", lib.toString(), new String[] {"IN VALUE", "OUT OBJECT", "FILE_INOUT"},
                1, null, false, false, null, 0);
        TaskImplementation impl = types.get(id).definition().implementations().get(0);
        assertEquals("c", impl.foreign().language());
        assertEquals(lib.toAbsolutePath().normalize().toString(), impl.foreign().location());
        assertEquals("App.add", types.get(id).label());

        Path missing = dir.resolve("libnope-worker.so");
        assertEquals("task App.add: worker library " + missing + ": no such file (the libAPP-worker.so braid-c-buildapp"
                + " built)", assertThrows(IllegalArgumentException.class, () -> types.define("c", "App", "add",
                missing.toString(), null, 0, null, false, false, null, 0)).getMessage());
        assertEquals("task App.add: worker library " + dir + ": not a readable file (the libAPP-worker.so"
                + " braid-c-buildapp built)", assertThrows(IllegalArgumentException.class, () -> types.define("c", "App",
                "add", dir.toString(), null, 0, null, false, false, null, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> types.define("c", "App", "add", null, null, 0,
                null, false, false, null, 0)).getMessage().startsWith("task App.add: no worker library: "));
        assertEquals("task App.add: returns = 2 (a C function returns 0 or 1 value)",
                assertThrows(IllegalArgumentException.class, () -> types.define("c", "App", "add", lib.toString(), null,
                        2, null, false, false, null, 0)).getMessage());
        assertEquals("task App.add: parameter 1 'INOUT COLLECTION': C tasks take no collections (the IDL has none)",
                assertThrows(IllegalArgumentException.class, () -> types.define("c", "App", "add", lib.toString(),
                        new String[] {"INOUT COLLECTION"}, 0, null, false, false, null, 0)).getMessage());
        assertEquals("task App.add: parameter 1 'INOUT STREAM': a task reads a stream (IN) or writes it (OUT), not both",
                assertThrows(IllegalArgumentException.class, () -> types.define("c", "App", "add", lib.toString(),
                        new String[] {"INOUT STREAM"}, 0, null, false, false, null, 0)).getMessage());
        types.define("c", "App", "add", lib.toString(), new String[] {"STREAM_IN", "STREAM_OUT"}, 0, null, false, false,
                null, 0); // C tasks take streams (braid-c-worker's STREAM requests)
    }

    @Test
    void objectsGiveTheirBytesFirstThenWhenTheMainProgramHoldsANewerValue() {
        ForeignObjects objects = new ForeignObjects();
        String p = assertThrows(IllegalArgumentException.class,
                () -> objects.param(7, AccessMode.R, null, "task t parameter 1")).getMessage();
        assertEquals("task t parameter 1: object 7 has no value yet (its first use must give its bytes)", p);
        byte[] v1 = {1};
        SubmittedParam first = objects.param(7, AccessMode.RW, v1, "t");
        assertArrayEquals(v1, first.snapshot());
        assertFalse(first.mainWroteBefore(), "a datum's first value");
        SubmittedParam runtimeVersion = objects.param(7, AccessMode.R, null, "t");
        assertNull(runtimeVersion.snapshot(), "the version the last task wrote");
        SubmittedParam mainValue = objects.param(7, AccessMode.R, new byte[] {2}, "t");
        assertTrue(mainValue.mainWroteBefore(), "bytes given again: a new version of the main program's");
        SubmittedParam ret = objects.param(8, AccessMode.W, null, "t return 1", "returns object#");
        assertEquals("returns object#8", ret.display());
    }

    private int program(String[] settings, String[] params, String[] prefixes, String[] streams, int returns,
                        String... constraints) {
        return types.defineProgram("app", "run", settings, params, prefixes, streams, returns, constraints, false,
                false, null, 0);
    }

    @Test
    void aProgramTypeIsABinaryOrMpiImplementationWithItsCommandLineShape() {
        int id = program(new String[] {"kind=binary", "binary=${TOOLS}/grep", "working_dir=/tmp/wd",
                        "fail_by_exit_value=true"}, new String[] {"IN VALUE", "FILE_IN", "FILE_OUT"},
                new String[] {"-e", null, null}, new String[] {null, "STDIN", "stdout"}, 1);
        ForeignTaskType t = types.get(id);
        assertTrue(t.program());
        TaskImplementation impl = t.definition().implementations().get(0);
        assertEquals(TaskImplementation.Kind.BINARY, impl.kind());
        var call = impl.process();
        assertFalse(call.mpi());
        assertEquals("${TOOLS}/grep", call.binary());
        assertEquals("/tmp/wd", call.workingDir());
        assertTrue(call.failByExitValue());
        assertTrue(call.pickledExit(), "a Python main program reads the exit value as a pickle");
        assertEquals(java.util.Arrays.asList("-e", null, null), call.prefixes());
        assertEquals(java.util.Arrays.asList(null, "STDIN", "STDOUT"), call.streams());

        int mpi = program(new String[] {"kind=mpi", "binary=sim", "runner=mpirun", "processes=2",
                "flags=--oversubscribe  --bind-to none", "scale_by_cu=true"}, new String[0], null, null, 0,
                "computing_units=3");
        TaskDefinition d = types.get(mpi).definition();
        assertEquals(6, d.request().computingUnits(), "processes x units per process");
        var mpiCall = d.implementations().get(0).process();
        assertEquals(TaskImplementation.Kind.MPI, d.implementations().get(0).kind());
        assertEquals(6, mpiCall.ranks(), "scale_by_cu: ranks = processes x units");
        assertEquals("mpirun", mpiCall.mpiRunner());
        assertEquals(List.of("--oversubscribe", "--bind-to", "none"), mpiCall.mpiFlags());
    }

    @Test
    void badProgramTypesAreOneLineNamingTheTask() {
        String[] binary = {"kind=binary", "binary=ls"};
        assertEquals("task app.run: @mpi needs runner", assertThrows(IllegalArgumentException.class,
                () -> program(new String[] {"kind=mpi", "binary=sim"}, new String[0], null, null, 0)).getMessage());
        assertEquals("task app.run: @binary needs binary", assertThrows(IllegalArgumentException.class,
                () -> program(new String[] {"kind=binary"}, new String[0], null, null, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> program(new String[] {"kind=binary",
                "binary=ls", "workdir=/x"}, new String[0], null, null, 0)).getMessage()
                .startsWith("task app.run: program setting 'workdir=/x': expected key=value with a key of"));
        assertEquals("task app.run: @binary has no 'runner' (an @mpi setting)", assertThrows(
                IllegalArgumentException.class, () -> program(new String[] {"kind=binary", "binary=ls",
                        "runner=mpirun"}, new String[0], null, null, 0)).getMessage());
        assertEquals("task app.run: parameter 1 'INOUT OBJECT': a binary or MPI task takes values (IN VALUE, as"
                + " command-line text) and files", assertThrows(IllegalArgumentException.class,
                () -> program(binary, new String[] {"INOUT OBJECT"}, null, null, 1)).getMessage());
        assertEquals("task app.run: returns = 2 (a program returns its exit value: 0 or 1 return)",
                assertThrows(IllegalArgumentException.class, () -> program(binary, new String[0], null, null, 2))
                        .getMessage());
        assertEquals("task app.run: parameter 1 'FILE_OUT': standard stream 'STDWHAT' (STDIN, STDOUT, STDERR)",
                assertThrows(IllegalArgumentException.class, () -> program(binary, new String[] {"FILE_OUT"}, null,
                        new String[] {"STDWHAT"}, 0)).getMessage());
        assertEquals("task app.run: @mpi processes = 'zero': expected a whole number >= 1",
                assertThrows(IllegalArgumentException.class, () -> program(new String[] {"kind=mpi", "binary=s",
                        "runner=mpirun", "processes=zero"}, new String[0], null, null, 0)).getMessage());
        // the rules of a Java @Binary/@MPI (ProgramRules), named with PyCOMPSs' keywords
        assertEquals("task app.run: @constraint computing_units = '0': expected a whole number >= 1",
                assertThrows(IllegalArgumentException.class, () -> program(new String[] {"kind=mpi", "binary=s",
                        "runner=mpirun"}, new String[0], null, null, 0, "computing_units=0")).getMessage());
        assertEquals("task app.run: @mpi scale_by_cu = 'yes': expected true or false",
                assertThrows(IllegalArgumentException.class, () -> program(new String[] {"kind=mpi", "binary=s",
                        "runner=mpirun", "scale_by_cu=yes"}, new String[0], null, null, 0)).getMessage());
        assertEquals("task app.run: @binary fail_by_exit_value = 'maybe': expected true or false",
                assertThrows(IllegalArgumentException.class, () -> program(new String[] {"kind=binary", "binary=ls",
                        "fail_by_exit_value=maybe"}, new String[0], null, null, 0)).getMessage());
        assertEquals("task app.run: parameter 1 'IN VALUE': standard stream STDOUT on a parameter that is not a file"
                + " (a standard stream is bound to a file parameter)", assertThrows(IllegalArgumentException.class,
                () -> program(binary, new String[] {"IN VALUE"}, null, new String[] {"stdout"}, 0)).getMessage());
        assertEquals("task app.run: parameter 1 'STREAM_IN': a binary or MPI task takes values (IN VALUE, as"
                + " command-line text) and files", assertThrows(IllegalArgumentException.class,
                () -> program(binary, new String[] {"STREAM_IN"}, null, null, 0)).getMessage());
    }
}
