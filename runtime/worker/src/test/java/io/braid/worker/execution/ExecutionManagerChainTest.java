package io.braid.worker.execution;

import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.message.TaskNotParked;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chaining ahead on the worker, through the real compute gate and executor threads: a parked job
 * runs on its predecessor's unit right after it, on the same thread, before any job queued in the
 * gate; a late one is refused; a failure drops the held chain; a cancelled held job never runs.
 */
class ExecutionManagerChainTest {
    @TempDir
    Path jobsDir;

    private final BlockingQueue<Message> replies = new LinkedBlockingQueue<>();
    private final List<String> ran = new CopyOnWriteArrayList<>();
    private final Map<Long, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Map<Long, String> threadOf = new ConcurrentHashMap<>();
    private ExecutionManager em;

    @BeforeEach
    void start() {
        // One computing unit: whoever holds it decides what runs next.
        em = new ExecutionManager(1, 1, this::body, JobOutputRouter.install(jobsDir), replies::add);
    }

    @AfterEach
    void stop() {
        em.shutdown();
    }

    /** Runs a job: waits for its gate if it has one, throws for job ids over 1000. */
    private Message body(RunTask job) throws Exception {
        CountDownLatch g = gates.get(job.jobId());
        if (g != null) {
            assertTrue(g.await(20, TimeUnit.SECONDS));
        }
        ran.add(String.valueOf(job.jobId()));
        threadOf.put(job.jobId(), Thread.currentThread().getName());
        if (job.jobId() > 1000) {
            throw new IllegalStateException("boom " + job.jobId());
        }
        return new TaskDone(job.jobId(), List.of("d" + job.jobId() + "v1"), List.of(1L), 0, 0,
                Thread.currentThread().getName());
    }

    private static RunTask job(long id) {
        return new RunTask(id, id, "C", "m", List.of(), false, List.of(), null, false, 1);
    }

    private Message reply() throws InterruptedException {
        Message m = replies.poll(20, TimeUnit.SECONDS);
        assertNotNull(m, "no reply within 20 s");
        return m;
    }

    private CountDownLatch gate(long jobId) {
        CountDownLatch g = new CountDownLatch(1);
        gates.put(jobId, g);
        return g;
    }

    @Test
    void aParkedChainRunsOnItsProducersUnitBeforeQueuedJobsAndEachResultNamesTheNext() throws Exception {
        CountDownLatch release1 = gate(1);
        em.submit(job(1));
        em.submit(job(2).after(1));
        em.submit(job(3).after(2));
        em.submit(job(4)); // queued in the gate for the one unit
        release1.countDown();
        Message d1 = reply();
        assertEquals(new TaskDone(1, List.of("d1v1"), List.of(1L), 0, 0, threadOf.get(1L), null, 2), d1);
        TaskDone d2 = (TaskDone) reply();
        assertEquals(2, d2.jobId());
        assertEquals(3, d2.handedTo());
        TaskDone d3 = (TaskDone) reply();
        assertEquals(3, d3.jobId());
        assertEquals(0, d3.handedTo());
        assertEquals(4, ((TaskDone) reply()).jobId());
        assertEquals(List.of("1", "2", "3", "4"), ran);
        assertEquals(threadOf.get(1L), threadOf.get(2L), "on the producer's executor");
        assertEquals(threadOf.get(1L), threadOf.get(3L));
    }

    @Test
    void theJobsOfOneReadSubmittedTogetherAreTakenAsOneByOne() throws Exception {
        CountDownLatch release1 = gate(1);
        em.submitAll(List.of(job(1), job(2).after(1), job(3).after(2), job(4)));
        release1.countDown();
        assertEquals(2, ((TaskDone) reply()).handedTo(), "job 1's unit went to the job parked behind it");
        assertEquals(3, ((TaskDone) reply()).handedTo());
        assertEquals(0, ((TaskDone) reply()).handedTo());
        assertEquals(4, ((TaskDone) reply()).jobId(), "every job of the batch is answered");
        em.submitAll(List.of(job(5).after(1), job(6)));
        assertEquals(new TaskNotParked(5), reply(), "job 1 has ended: 5 is refused");
        assertEquals(6, ((TaskDone) reply()).jobId());
        assertEquals(List.of("1", "2", "3", "4", "6"), ran);
        assertNull(replies.poll());
    }

    @Test
    void aJobParkedBehindAJobThatHasEndedIsRefusedAndNeverRuns() throws Exception {
        em.submit(job(1));
        assertEquals(0, ((TaskDone) reply()).handedTo());
        em.submit(job(2).after(1));
        assertEquals(new TaskNotParked(2), reply());
        em.submit(job(5)); // the worker goes on
        assertEquals(5, ((TaskDone) reply()).jobId());
        assertEquals(List.of("1", "5"), ran);
    }

    @Test
    void aFailedJobsHeldChainIsDroppedWithoutAWord() throws Exception {
        CountDownLatch release = gate(1001);
        em.submit(job(1001));
        em.submit(job(2).after(1001));
        em.submit(job(3).after(2));
        release.countDown();
        TaskFailed f = assertInstanceOf(TaskFailed.class, reply());
        assertEquals(1001, f.jobId());
        em.submit(job(6)); // runs at once: the chain behind 1001 is gone
        assertEquals(6, ((TaskDone) reply()).jobId());
        assertEquals(List.of("1001", "6"), ran);
        em.submit(job(7).after(3));
        assertEquals(new TaskNotParked(7), reply(), "the dropped jobs are not live");
        assertNull(replies.poll());
    }

    @Test
    void aCancelledHeldJobNeverRunsNorDoesWhatIsBehindIt() throws Exception {
        CountDownLatch release1 = gate(1);
        em.submit(job(1));
        em.submit(job(2).after(1));
        em.submit(job(3).after(2));
        em.cancel(2, "group g was cancelled");
        TaskFailed f = assertInstanceOf(TaskFailed.class, reply());
        assertEquals(2, f.jobId());
        assertTrue(f.error().contains("cancelled"), f.error());
        release1.countDown();
        TaskDone d1 = (TaskDone) reply();
        assertEquals(0, d1.handedTo());
        em.submit(job(8));
        assertEquals(8, ((TaskDone) reply()).jobId());
        assertEquals(List.of("1", "8"), ran);
    }
}
