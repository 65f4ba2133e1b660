package io.braid.worker.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.message.ProcessCall;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCommandTest {
    private static ProcessCall binary(String binary, List<String> prefixes, List<String> streams) {
        return new ProcessCall(false, binary, null, null, List.of(), 0, false, prefixes, streams);
    }

    private static List<String> nulls(int n) {
        return Arrays.asList(new String[n]);
    }

    @Test
    void argumentsFollowDeclarationOrderWithPrefixGluedToTheValue() {
        ProcessCommand c = ProcessCommand.of(binary("/bin/prog", Arrays.asList(null, "--name=", "-f", null), nulls(4)),
                new Object[] {3, "Hello World", "/wd/d1v1_in.txt", true}, Map.of());

        assertEquals(List.of("/bin/prog", "3", "--name=Hello World", "-f/wd/d1v1_in.txt", "true"), c.command());
        assertNull(c.stdin());
        assertNull(c.stdout());
        assertNull(c.stderr());
    }

    @Test
    void valuesRenderAsJavaTextNullIncluded() {
        ProcessCommand c = ProcessCommand.of(binary("p", nulls(6), nulls(6)),
                new Object[] {false, 'x', 2.5d, 7L, null, (byte) -1}, Map.of());

        assertEquals(List.of("p", "false", "x", "2.5", "7", "null", "-1"), c.command());
    }

    @Test
    void hashPrefixLeavesTheParameterOffTheCommandLine() {
        ProcessCommand c = ProcessCommand.of(binary("p", Arrays.asList("#", null), nulls(2)), new Object[] {"hidden", "shown"},
                Map.of());

        assertEquals(List.of("p", "shown"), c.command());
    }

    @Test
    void standardStreamParametersAreRedirectionsNotArguments() {
        ProcessCommand c = ProcessCommand.of(binary("p", nulls(4), Arrays.asList("STDIN", null, "STDOUT", "STDERR")),
                new Object[] {"/wd/in", "arg", "/wd/out", "/wd/err"}, Map.of());

        assertEquals(List.of("p", "arg"), c.command());
        assertEquals("/wd/in", c.stdin());
        assertEquals("/wd/out", c.stdout());
        assertEquals("/wd/err", c.stderr());
    }

    @Test
    void arraysAndCollectionsGiveOneArgumentPerElementAfterTheirPrefix() {
        ProcessCommand c = ProcessCommand.of(binary("p", Arrays.asList("-v", null), nulls(2)),
                new Object[] {new int[] {1, 2}, List.of("a", "b")}, Map.of());

        assertEquals(List.of("p", "-v", "1", "2", "a", "b"), c.command());
    }

    @Test
    void mpiRunsTheProgramThroughTheLauncherWithRanksAndFlags() {
        ProcessCall call = new ProcessCall(true, "${APPS}/sim", null, "mpirun", List.of("--oversubscribe", "--bind-to",
                "none"), 4, false, Arrays.asList("-steps=", null), Arrays.asList(null, "STDOUT"));

        ProcessCommand c = ProcessCommand.of(call, new Object[] {10, "/wd/out"}, Map.of("APPS", "/opt/apps"));

        assertEquals(List.of("mpirun", "-n", "4", "--oversubscribe", "--bind-to", "none", "/opt/apps/sim", "-steps=10"),
                c.command());
        assertEquals("/wd/out", c.stdout());
    }

    @Test
    void environmentVariablesExpandAndAnUnsetOneIsNamed() {
        assertEquals("/a/b/x", ProcessCommand.expand("${A}/$B/x", Map.of("A", "/a", "B", "b")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProcessCommand.expand("${MISSING}/p", Map.of()));
        assertTrue(e.getMessage().contains("MISSING"), e.getMessage());
    }
}
