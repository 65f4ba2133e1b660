package io.braid.launcher.run;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * The JIT compilers this JVM, the master, runs with, as braid-run chose them
 * ({@code BRAID_MASTER_JIT}: C1 only on a host of at most 2 cores unless told otherwise).
 */
final class MasterJit {
    private MasterJit() {
    }

    /** "C1 only", "C1 and C2" or "C2 only", read from the JVM's own flags. */
    static String compilers() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (!Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue())) {
            return "C2 only";
        }
        // Levels 1-3 are C1's; level 4 is C2.
        return Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue()) < 4 ? "C1 only" : "C1 and C2";
    }
}
