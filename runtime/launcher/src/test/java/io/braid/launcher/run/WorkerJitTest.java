package io.braid.launcher.run;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerJitTest {

    @Test
    void autoIsLateOnAtMostTwoCoresOnly() {
        assertEquals(WorkerJit.LATE_C2_OPTIONS, WorkerJit.choose(null, 1).jvmOptions());
        assertEquals(WorkerJit.LATE_C2_OPTIONS, WorkerJit.choose(" ", 2).jvmOptions());
        assertEquals(List.of(), WorkerJit.choose("auto", 3).jvmOptions());
        assertEquals("C2 at 10x the JVM's thresholds (BRAID_WORKER_JIT=auto)", WorkerJit.choose(null, 2).describe());
        assertEquals("the JVM's thresholds (BRAID_WORKER_JIT=auto)", WorkerJit.choose(null, 64).describe());
    }

    @Test
    void lateAndStandardHoldOnAnyHost() {
        assertEquals(WorkerJit.LATE_C2_OPTIONS, WorkerJit.choose("late", 64).jvmOptions());
        assertEquals(WorkerJit.LATE_C2_OPTIONS, WorkerJit.choose("LATE", 64).jvmOptions());
        assertEquals(List.of(), WorkerJit.choose("standard", 1).jvmOptions());
        assertEquals("the JVM's thresholds (BRAID_WORKER_JIT=standard)", WorkerJit.choose("standard", 1).describe());
    }

    @Test
    void lateIsTenTimesThisJvmsOwnC2Thresholds() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        assertEquals(4, WorkerJit.LATE_C2_OPTIONS.size());
        for (String option : WorkerJit.LATE_C2_OPTIONS) {
            String[] nameValue = option.substring("-XX:".length()).split("=");
            long jvmDefault = Long.parseLong(vm.getVMOption(nameValue[0]).getValue());
            assertEquals(10 * jvmDefault, Long.parseLong(nameValue[1]), option);
        }
    }

    @Test
    void anotherValueIsRefusedWithTheVariableAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkerJit.choose("eager", 2));
        assertEquals("BRAID_WORKER_JIT=eager: expected auto, late or standard", e.getMessage());
    }
}
