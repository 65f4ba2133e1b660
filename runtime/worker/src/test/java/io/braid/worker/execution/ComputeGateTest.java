package io.braid.worker.execution;

import io.braid.comm.message.RunTask;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComputeGateTest {

    private static RunTask job(long id, int cus) {
        return new RunTask(id, id, "C", "m", List.of(), false, List.of(), null, false, cus);
    }

    @Test
    void neverRunsMoreUnitsThanTheNodeHas() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        ComputeGate gate = new ComputeGate(2, pool);
        AtomicInteger inUse = new AtomicInteger();
        AtomicInteger maxInUse = new AtomicInteger();
        int jobs = 60;
        CountDownLatch done = new CountDownLatch(jobs);
        for (int i = 0; i < jobs; i++) {
            int cus = i % 3 == 0 ? 2 : 1;
            gate.submit(job(i, cus), () -> {
                int now = inUse.addAndGet(cus);
                maxInUse.accumulateAndGet(now, Math::max);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                inUse.addAndGet(-cus);
                done.countDown();
            });
        }
        assertTrue(done.await(20, TimeUnit.SECONDS));
        assertEquals(2, maxInUse.get(), "units in use at once");
        pool.shutdown();
    }

    /** Executor that only records: the test decides when each started job ends. */
    @Test
    void startsInArrivalOrderAndNothingOvertakesAHeadThatDoesNotFit() {
        java.util.ArrayDeque<Runnable> started = new java.util.ArrayDeque<>();
        ComputeGate gate = new ComputeGate(2, started::add);
        StringBuilder ran = new StringBuilder();
        gate.submit(job(0, 1), () -> ran.append("0"));
        gate.submit(job(1, 2), () -> ran.append("1"));
        gate.submit(job(2, 1), () -> ran.append("2"));
        assertEquals(1, started.size(), "job 1 needs both units; job 2 may not overtake it");
        started.poll().run();
        assertEquals("0", ran.toString());
        assertEquals(1, started.size(), "job 1 started when job 0 ended");
        started.poll().run();
        assertEquals(1, started.size(), "then job 2");
        started.poll().run();
        assertEquals("012", ran.toString());
        assertTrue(started.isEmpty());
    }

    @Test
    void aJobAskingMoreUnitsThanTheNodeHasStillRunsAlone() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        ComputeGate gate = new ComputeGate(1, pool);
        CountDownLatch done = new CountDownLatch(1);
        gate.submit(job(1, 4), done::countDown);
        assertTrue(done.await(5, TimeUnit.SECONDS));
        pool.shutdown();
    }
}
