package io.braid.worker.execution.cfunction;

import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.spi.TaskCancellation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The invoker against real native task hosts (JVMs started from this test's class path), calling
 * libc's and libm's own functions: no compiler needed. The end-to-end cases (a library built
 * with cc, files, the master's retries) are tests/CFunctionTasksTest.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CFunctionInvokerTest {
    @TempDir
    Path logs;
    private CFunctionInvoker invoker;

    @BeforeEach
    void start() {
        invoker = new CFunctionInvoker(CFunctionInvoker.hostCommand(logs), logs, Map.of("LIBM", "libm.so.6"));
    }

    @AfterEach
    void stop() {
        invoker.close();
    }

    /** A job calling {@code symbol}; each parameter is {@code {javaType, writtenData-or-null}}. */
    private static RunTask job(String library, String symbol, String returns, String... types) {
        List<JobParam> params = new ArrayList<>();
        for (String t : types) {
            boolean buffer = t.startsWith("[B");
            params.add(new JobParam(buffer ? JobParam.Kind.OBJECT : JobParam.Kind.VALUE, "[B".equals(t) || "[B:w".equals(t)
                    ? "[B" : t, null, buffer ? "d1v1" : null, "[B:w".equals(t) ? "d1v2" : null, List.of(), null));
        }
        List<String> paramTypes = params.stream().map(JobParam::javaType).toList();
        return new RunTask(1, 1, "app.Itf", symbol, paramTypes, false, params, null, false, 1, 0, null, null,
                new CFunctionCall(library, symbol, returns));
    }

    @Test
    void callsLibmWithTheWorkersEnvironmentExpandedAndKeepsTheHost() throws Exception {
        Object cos = invoker.run(job("${LIBM}", "cos", "double", "double"), new Object[] {0.5});
        assertEquals(Math.cos(0.5), (Double) cos, 1e-15);
        long pid = invoker.pid(0);
        assertTrue(pid > 0);
        assertEquals(1024.0, invoker.run(job("libm.so.6", "pow", "double", "double", "double"), new Object[] {2.0, 10.0}));
        assertEquals(pid, invoker.pid(0), "one host per executor, kept between calls");
    }

    @Test
    void stringsGoAsUtf8AndWrittenBuffersComeBack() throws Exception {
        assertEquals(6L, invoker.run(job("libc.so.6", "strlen", "long", "java.lang.String"), new Object[] {"héllo"}));

        byte[] in = "abc".getBytes(StandardCharsets.US_ASCII);
        Object[] values = {in, 7, 2L};
        invoker.run(job("libc.so.6", "memset", "void", "[B:w", "int", "long"), values);
        assertArrayEquals(new byte[] {7, 7, 'c'}, (byte[]) values[0], "an INOUT buffer's new bytes");

        Object[] readOnly = {in.clone(), 0, 3L};
        invoker.run(job("libc.so.6", "memset", "void", "[B", "int", "long"), readOnly);
        assertArrayEquals(in, (byte[]) readOnly[0], "an IN buffer is a copy: the array is left alone");
    }

    @Test
    void aCrashFailsTheCallAndTheNextCallGetsANewHost() throws Exception {
        invoker.run(job("libm.so.6", "cos", "double", "double"), new Object[] {0.0});
        long first = invoker.pid(0);
        CFunctionCrashedException e = assertThrows(CFunctionCrashedException.class,
                () -> invoker.run(job("libc.so.6", "abort", "void"), new Object[0]));
        assertTrue(e.getMessage().startsWith("C function abort of libc.so.6 crashed the native task host " + first
                + ": it was killed by SIGABRT"), e.getMessage());
        assertEquals(-1, invoker.pid(0), "the dead host is dropped");

        assertEquals(1.0, invoker.run(job("libm.so.6", "cos", "double", "double"), new Object[] {0.0}));
        assertNotEquals(first, invoker.pid(0));
    }

    @Test
    void aMissingSymbolOrLibraryIsOneLineAndTheHostGoesOn() throws Exception {
        invoker.run(job("libm.so.6", "cos", "double", "double"), new Object[] {0.0});
        long pid = invoker.pid(0);
        CFunctionUnavailableException e = assertThrows(CFunctionUnavailableException.class,
                () -> invoker.run(job("libm.so.6", "no_such_cos", "double", "double"), new Object[] {0.0}));
        assertEquals("C function no_such_cos of libm.so.6: library libm.so.6 has no symbol no_such_cos",
                e.getMessage().replaceAll(" \\(/[^)]*\\)", ""));
        e = assertThrows(CFunctionUnavailableException.class,
                () -> invoker.run(job("libbraid-none.so", "f", "int"), new Object[0]));
        assertEquals("C function f of libbraid-none.so: cannot load library libbraid-none.so: libbraid-none.so:"
                + " cannot open shared object file: No such file or directory", e.getMessage());
        assertEquals(pid, invoker.pid(0));
    }

    @Test
    void aCancelledCallKillsItsHost() throws Exception {
        invoker.run(job("libm.so.6", "cos", "double", "double"), new Object[] {0.0}); // the host is up
        TaskCancellation flag = new TaskCancellation();
        CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> {
            TaskCancellation.bind(flag);
            try {
                invoker.run(job("libc.so.6", "sleep", "int", "int"), new Object[] {60});
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        // the call is in the host once the host's process has a thread in sleep: cancel until the call ends
        while (!call.isDone()) {
            flag.cancel("time-out");
            try {
                call.get(200, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // not in the host yet (its start), or not ended yet: cancel again
            }
        }
        Throwable t = call.get();
        assertTrue(t instanceof CFunctionCrashedException && t.getMessage().contains("was killed (task cancelled)"),
                String.valueOf(t));
    }
}
