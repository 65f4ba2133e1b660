package io.braid.launcher.run;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.braid.launcher.LauncherSettings;

import java.lang.management.ManagementFactory;

/**
 * The JIT compilers this JVM, the master, runs with, as braid-run chose them from
 * {@link #ENV} (C1 only on a host of at most 2 cores unless told otherwise).
 */
public final class MasterJit {
    /** braid-run's environment variable: auto, c1 or c2. */
    public static final String ENV = LauncherSettings.MASTER_JIT.environment();

    private MasterJit() {
    }

    /** For the run's log, e.g. "C1 only (BRAID_MASTER_JIT=auto)". */
    static String describe() {
        return compilers() + " (" + ENV + "=" + masterJitSetting() + ")";
    }

    /** The variable as the script read it (it refused any other value before this JVM started). */
    private static String masterJitSetting() {
        try {
            return LauncherSettings.MASTER_JIT.get();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * "C1 only", "C1 and C2" or "C2 only", read from the JVM's own flags; "compilers not known" on
     * a JVM that is not HotSpot (it has neither the diagnostic bean nor these flags).
     */
    private static String compilers() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        try {
            if (vm == null) {
                return "compilers not known";
            }
            if (!Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue())) {
                return "C2 only";
            }
            // Levels 1-3 are C1's; level 4 is C2.
            return Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue()) < 4 ? "C1 only" : "C1 and C2";
        } catch (IllegalArgumentException e) {
            return "compilers not known";
        }
    }
}
