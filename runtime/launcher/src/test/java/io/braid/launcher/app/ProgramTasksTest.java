package io.braid.launcher.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code @Binary} and {@code @MPI} implementations as the registry reads them. */
class ProgramTasksTest {
    private static final ClassLoader LOADER = ProgramTasksTest.class.getClassLoader();

    private static Map<String, TaskMethod> programs() {
        return TaskRegistry.load(LOADER, List.of("demoapp.programs.ProgramsItf")).all().stream()
                .collect(Collectors.toMap(TaskMethod::name, Function.identity()));
    }

    private static String error(String itf) {
        return assertThrows(TaskDefinitionException.class, () -> TaskRegistry.load(LOADER, List.of(itf))).getMessage();
    }

    @Test
    void binaryOnlyTaskMatchesStaticCallsOfItsNameAndDescriptorOnAnyClass() {
        TaskRegistry r = TaskRegistry.load(LOADER, List.of("demoapp.programs.ProgramsItf"));
        TaskMethod run = r.all().stream().filter(t -> t.name().equals("run")).findFirst().orElseThrow();

        assertTrue(run.anyOwner());
        assertFalse(run.hasJavaMethod());
        assertTrue(run.isStatic());
        assertEquals(run, r.lookup("app/BINARY", "run", "(ILjava/lang/String;)Ljava/lang/Integer;").orElseThrow());
        assertTrue(r.lookup("app/BINARY", "run", "(I)Ljava/lang/Integer;").isEmpty());
        assertTrue(r.lookup("java/lang/Runtime", "run", "(ILjava/lang/String;)Ljava/lang/Integer;").isEmpty(),
                "JDK classes are never stubs");
        TaskImpl impl = run.implementations().get(0);
        assertEquals(TaskImpl.Kind.BINARY, impl.kind());
        assertEquals("${BIN}/prog", impl.binary());
        assertEquals("/tmp/wd", impl.workingDir());
        assertTrue(impl.failByExitValue());
        assertEquals("0.5", impl.memorySize(), "the interface's @Constraints apply");
        assertEquals("-n", run.params().get(0).prefix());
    }

    @Test
    void mpiProcessesScaleByComputingUnits() {
        TaskImpl sim = programs().get("simulate").implementations().get(0);
        assertEquals(TaskImpl.Kind.MPI, sim.kind());
        assertEquals("mpirun", sim.mpiRunner());
        assertEquals(List.of("--oversubscribe", "-v"), sim.mpiFlags());
        assertEquals(2, sim.processes());
        assertEquals(6, sim.ranks(), "scaleByCU: processes x computingUnits");
        assertEquals("6", sim.heldComputingUnits());
        assertFalse(sim.failByExitValue());

        TaskImpl older = programs().get("older").implementations().get(0);
        assertEquals(4, older.processes(), "computingNodes of older COMPSs versions");
        assertEquals(4, older.ranks());
        assertEquals("4", older.heldComputingUnits());
    }

    @Test
    void methodAndBinariesAreImplementationsOfOneTaskEachWithItsConstraints() {
        TaskMethod both = programs().get("both");
        assertEquals("demoapp.programs.Impl.both", both.label());
        assertFalse(both.anyOwner());
        List<TaskImpl> impls = both.implementations();
        assertEquals(List.of(TaskImpl.Kind.METHOD, TaskImpl.Kind.BINARY, TaskImpl.Kind.BINARY),
                impls.stream().map(TaskImpl::kind).toList());
        assertEquals(List.of("x86", "arm", ""), impls.stream().map(TaskImpl::processorArchitecture).toList());
        assertEquals(List.of("a", "b"), impls.subList(1, 3).stream().map(TaskImpl::binary).toList());
    }

    @Test
    void badProgramDeclarationsAreNamed() {
        assertEquals("demoapp.programs.BadReturnItf.run(int): a @Binary or @MPI task returns its exit value as int or"
                + " Integer (or nothing), not java.lang.String", error("demoapp.programs.BadReturnItf"));
        assertEquals("demoapp.programs.NoRunnerItf.run(int): @MPI needs mpiRunner", error("demoapp.programs.NoRunnerItf"));
        assertTrue(error("demoapp.programs.ArgsItf").startsWith("demoapp.programs.ArgsItf.run(int): @Binary(args = ...)"
                + " is not supported"));
        assertEquals("demoapp.programs.ObjectStreamItf.run(io.braid.streams.ObjectDistroStream): parameter 1 (OUT"
                + " io.braid.streams.ObjectDistroStream): a @Binary or @MPI task takes values and objects it reads (as"
                + " command-line text), files and file streams (the stream's directory)",
                error("demoapp.programs.ObjectStreamItf"));
        assertTrue(error("demoapp.programs.WrittenObjectItf").startsWith("demoapp.programs.WrittenObjectItf.run(int,"
                + "java.lang.StringBuilder): parameter 2 (INOUT java.lang.StringBuilder): a @Binary or @MPI task takes"
                + " values and objects it reads"), error("demoapp.programs.WrittenObjectItf"));
        assertEquals("demoapp.programs.NotStaticItf.notStatic(int): a task with @Binary, @MPI or @CFunction"
                + " implementations must be static (a program or a C function has no callee)",
                error("demoapp.programs.NotStaticItf"));
    }

    /** The settings' rules are those of a Python main program's programs too (ProgramRules), named Java's way. */
    @Test
    void badProgramSettingsAreNamedByTheirAnnotationMember() {
        String itf = "demoapp.programs.BadProgramSettingsItf$";
        assertEquals(itf + "NoBinary.run(int): @Binary needs binary", error(itf + "NoBinary"));
        assertEquals(itf + "ZeroProcesses.run(int): @MPI(processes = \"0\"): expected a whole number >= 1",
                error(itf + "ZeroProcesses"));
        assertEquals(itf + "HalfUnits.run(int): @Constraints(computingUnits = \"half\"): expected a whole number >= 1",
                error(itf + "HalfUnits"));
        assertEquals(itf + "MaybeFails.run(int): @Binary(failByExitValue = \"maybe\"): expected true or false",
                error(itf + "MaybeFails"));
    }
}
