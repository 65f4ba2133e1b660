package io.braid.worker.execution.python;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The number of the executor thread running now, for {@link PythonInvoker}'s one process per
 * executor: each thread of the compute and I/O platforms gets its own number on its first Python
 * task and keeps it (the platforms' threads live as long as the worker).
 */
final class ExecutorSlot {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final ThreadLocal<Integer> SLOT = ThreadLocal.withInitial(NEXT::getAndIncrement);

    private ExecutorSlot() {
    }

    static int current() {
        return SLOT.get();
    }
}
