package io.braid.worker.execution;

import io.braid.comm.message.RunTask;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComputeGateTest {

    private static RunTask job(long id, int cus) {
        return new RunTask(id, id, "C", "m", List.of(), false, List.of(), null, false, cus);
    }

    /** Executor threads named gate-N, recorded so a test can see what they are doing. */
    private static final class Threads implements ThreadFactory {
        final List<Thread> made = new CopyOnWriteArrayList<>();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "gate-" + made.size());
            t.setDaemon(true);
            made.add(t);
            return t;
        }

        /** Waits until {@code n} executors are parked in the gate, waiting for a job that fits. */
        void awaitIdle(int n) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (made.stream().filter(t -> t.getState() == Thread.State.WAITING).count() < n) {
                assertTrue(System.nanoTime() < end, "executors waiting: " + made.stream().map(Thread::getState).toList());
                Thread.onSpinWait();
            }
        }
    }

    @Test
    void neverRunsMoreUnitsThanTheNodeHas() throws Exception {
        ComputeGate gate = new ComputeGate(2, new Threads());
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
                    Thread.sleep(2); // the job's work, not synchronisation
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                inUse.addAndGet(-cus);
                done.countDown();
            });
        }
        assertTrue(done.await(20, TimeUnit.SECONDS));
        assertEquals(2, maxInUse.get(), "units in use at once");
        gate.shutdown(2000);
    }

    @Test
    void startsInArrivalOrderAndNothingOvertakesAHeadThatDoesNotFit() throws Exception {
        Threads threads = new Threads();
        ComputeGate gate = new ComputeGate(2, threads);
        CountDownLatch release0 = new CountDownLatch(1);
        CountDownLatch started0 = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(3);
        StringBuffer ran = new StringBuffer();
        gate.submit(job(0, 1), () -> {
            started0.countDown();
            try {
                release0.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            ran.append("0");
            done.countDown();
        });
        gate.submit(job(1, 2), () -> {
            ran.append("1");
            done.countDown();
        });
        gate.submit(job(2, 1), () -> {
            ran.append("2");
            done.countDown();
        });
        assertTrue(started0.await(10, TimeUnit.SECONDS));
        threads.awaitIdle(1); // the other executor saw job 1 at the head, needing both units
        assertEquals("", ran.toString(), "job 2 may not overtake job 1, which needs both units");
        release0.countDown();
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals("012", ran.toString());
        gate.shutdown(2000);
    }

    @Test
    void aJobAskingMoreUnitsThanTheNodeHasStillRunsAlone() throws Exception {
        ComputeGate gate = new ComputeGate(1, new Threads());
        CountDownLatch done = new CountDownLatch(1);
        gate.submit(job(1, 4), done::countDown);
        assertTrue(done.await(5, TimeUnit.SECONDS));
        gate.shutdown(2000);
    }

    @Test
    void anInterruptAfterAJobEndedKeepsTheExecutorAndShutdownStopsIt() throws Exception {
        Threads threads = new Threads();
        ComputeGate gate = new ComputeGate(1, threads);
        CountDownLatch first = new CountDownLatch(1);
        gate.submit(job(1, 1), () -> {
            Thread.currentThread().interrupt(); // as a cancel that lands as the job ends
            first.countDown();
        });
        assertTrue(first.await(5, TimeUnit.SECONDS));
        threads.awaitIdle(1);
        CountDownLatch second = new CountDownLatch(1);
        gate.submit(job(2, 1), second::countDown);
        assertTrue(second.await(5, TimeUnit.SECONDS), "the executor still takes jobs");
        gate.shutdown(2000);
        assertFalse(threads.made.get(0).isAlive(), "the executor ended at shutdown");
    }

    @Test
    void aBatchStartsOnEveryIdleExecutorItFitsInArrivalOrder() throws Exception {
        Threads threads = new Threads();
        ComputeGate gate = new ComputeGate(3, threads);
        threads.awaitIdle(3);
        // Jobs 0-2 each wait until all three run at once: a batch that woke one executor alone never gets there.
        CountDownLatch allRunning = new CountDownLatch(3);
        CountDownLatch done = new CountDownLatch(5);
        List<Long> started = new CopyOnWriteArrayList<>();
        List<RunTask> jobs = new ArrayList<>();
        List<Runnable> bodies = new ArrayList<>();
        for (long id = 0; id < 5; id++) {
            long j = id;
            jobs.add(job(j, 1));
            bodies.add(() -> {
                started.add(j);
                if (j < 3) {
                    allRunning.countDown();
                    try {
                        allRunning.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                done.countDown();
            });
        }
        gate.submitAll(jobs, bodies);
        assertTrue(allRunning.await(10, TimeUnit.SECONDS), "one batch of three one-unit jobs did not start on all three executors");
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(List.of(0L, 1L, 2L), started.subList(0, 3).stream().sorted().toList());
        assertEquals(5, started.size());
        gate.shutdown(2000);
    }

    @Test
    void aBatchKeepsTheRuleThatNothingOvertakesAHeadThatDoesNotFit() throws Exception {
        ComputeGate gate = new ComputeGate(2, new Threads());
        StringBuffer ran = new StringBuffer();
        CountDownLatch done = new CountDownLatch(4);
        List<RunTask> jobs = List.of(job(0, 1), job(1, 2), job(2, 1), job(3, 2));
        List<Runnable> bodies = new ArrayList<>();
        for (RunTask j : jobs) {
            bodies.add(() -> {
                ran.append(j.jobId());
                done.countDown();
            });
        }
        gate.submitAll(jobs, bodies);
        assertTrue(done.await(10, TimeUnit.SECONDS));
        // 0 and 2 could run side by side, but 2 may not start before 1 (both units) started.
        assertEquals("0123", ran.toString());
        gate.shutdown(2000);
    }
}
