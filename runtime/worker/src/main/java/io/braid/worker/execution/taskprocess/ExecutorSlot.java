package io.braid.worker.execution.taskprocess;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The number of the executor thread running now, for the one task process per executor of the
 * Python and C invokers: each thread of the compute and I/O platforms gets its own number on its
 * first foreign task and keeps it (the platforms' threads live as long as the worker).
 */
public final class ExecutorSlot {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final ThreadLocal<Integer> SLOT = ThreadLocal.withInitial(NEXT::getAndIncrement);

    private ExecutorSlot() {
    }

    public static int current() {
        return SLOT.get();
    }
}
