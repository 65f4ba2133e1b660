package io.braid.worker.execution.cfunction;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class JvmCrashReportTest {
    private static final String REPORT = """
            #
            # A fatal error has been detected by the Java Runtime Environment:
            #
            #  SIGSEGV (0xb) at pc=0x00007f67e358137c, pid=9814, tid=9819
            #
            # Problematic frame:
            # C  [libctasks.so+0x137c]  crash+0x36
            #
            # An error report file with more information is saved as:
            # /tmp/logs/jobs/native-host-hs_err_pid9814.log
            """;

    @Test
    void signalFrameAndFile() {
        assertEquals(new JvmCrashReport("SIGSEGV", "crash+0x36 (libctasks.so+0x137c)",
                "/tmp/logs/jobs/native-host-hs_err_pid9814.log"), JvmCrashReport.find(REPORT));
    }

    @Test
    void aFrameWithoutASymbolIsItsLibraryAndOffset() {
        String report = REPORT.replace("# C  [libctasks.so+0x137c]  crash+0x36", "# C  [libc.so.6+0x8a2f1]");
        assertEquals("libc.so.6+0x8a2f1", JvmCrashReport.find(report).frame());
    }

    @Test
    void noReportWithoutASignalLine() {
        assertNull(JvmCrashReport.find("Exception in thread \"main\" java.lang.OutOfMemoryError\n"));
    }
}
