package io.braid.comm.launch;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerCommandTest {

    private static WorkerCommand full() {
        return new WorkerCommand("10.213.0.1", 40123, "10.213.0.2", "10.213.0.2", 4, 3,
                List.of("/app/classes", "/app/lib.jar"), Path.of("/tmp/wd"), Path.of("/logs/jobs"), "/logs/w.log",
                43001, 43010, Map.of("BRAID_RUN_SECRET", "s3cr3t"), 40124, true);
    }

    @Test
    void argumentsReadBackToTheSameCommandWithoutTheEnvironment() {
        WorkerCommand c = full();
        WorkerCommand back = WorkerCommand.parse(c.toArgs().toArray(new String[0]));
        assertEquals(new WorkerCommand(c.masterHost(), c.masterPort(), c.node(), c.bindHost(), c.computingUnits(),
                c.ioExecutors(), c.classpath(), c.workingDir(), c.jobsDir(), c.logFile(), c.minPort(), c.maxPort(),
                Map.of(), 40124, true), back);
        assertEquals(40124, back.masterDataPort());
        assertTrue(back.pythonPrestart(), "a Python main program's worker starts its Python processes at once");
        assertTrue(c.toArgs().contains("--python_prestart=true"), c.toArgs()::toString);
    }

    @Test
    void theEnvironmentNeverShowsInTheArguments() {
        assertFalse(String.join(" ", full().toArgs()).contains("s3cr3t"));
    }

    @Test
    void defaultsAreTheDeclaredOnes() {
        WorkerCommand c = WorkerCommand.parse(new String[] {"--master=h:1", "--node=n", "--workdir=/w"});
        assertEquals(WorkerCommand.Option.BIND.defaultValue(), c.bindHost());
        assertEquals(Integer.parseInt(WorkerCommand.Option.CUS.defaultValue()), c.computingUnits());
        assertEquals(Integer.parseInt(WorkerCommand.Option.IO_EXECUTORS.defaultValue()), c.ioExecutors());
        assertEquals(Path.of("/w/jobs"), c.jobsDir());
        assertEquals(List.of(), c.classpath());
        assertEquals(0, c.maxPort());
        assertEquals(0, c.masterDataPort(), "not known unless told");
        assertEquals(Boolean.parseBoolean(WorkerCommand.Option.PYTHON_PRESTART.defaultValue()), c.pythonPrestart());
        assertFalse(c.pythonPrestart(), "Python processes start at the first Python task unless told");
        assertFalse(String.join(" ", c.toArgs()).contains("python_prestart"), "a default is not written");
        assertTrue(WorkerCommand.parse(c.toArgs().toArray(new String[0])).equals(c));
    }

    @Test
    void badArgumentsAreNamed() {
        var unknown = assertThrows(IllegalArgumentException.class,
                () -> WorkerCommand.parse(new String[] {"--master=h:1", "--node=n", "--workdir=/w", "--colour=red"}));
        assertTrue(unknown.getMessage().contains("--colour=red"), unknown.getMessage());
        var missing = assertThrows(IllegalArgumentException.class,
                () -> WorkerCommand.parse(new String[] {"--master=h:1", "--workdir=/w"}));
        assertTrue(missing.getMessage().contains("--node"), missing.getMessage());
        var ports = assertThrows(IllegalArgumentException.class,
                () -> WorkerCommand.parse(new String[] {"--master=h:1", "--node=n", "--workdir=/w", "--ports=9-x"}));
        assertTrue(ports.getMessage().contains("--ports"), ports.getMessage());
        var prestart = assertThrows(IllegalArgumentException.class, () -> WorkerCommand.parse(
                new String[] {"--master=h:1", "--node=n", "--workdir=/w", "--python_prestart=yes"}));
        assertTrue(prestart.getMessage().contains("--python_prestart") && prestart.getMessage().contains("'yes'"),
                prestart.getMessage());
    }

    @Test
    void anAddedEnvironmentKeepsThePrestart() {
        assertTrue(full().withEnvironment(Map.of("A", "b")).pythonPrestart());
    }

    @Test
    void aVariableThatCannotTravelAsOneLineIsRefused() {
        var e = assertThrows(IllegalArgumentException.class, () -> full().withEnvironment(Map.of("A", "x\ny")));
        assertTrue(e.getMessage().contains("'A'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> full().withEnvironment(Map.of("A B", "x")));
    }
}
