package io.braid.engine.dispatch;

import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.message.TaskNotParked;
import io.braid.comm.message.WorkerHello;
import io.braid.engine.resources.NodeDescription;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The master's side of a worker connection, driven on an {@link EmbeddedChannel}: what reaches the core, in which order. */
class WorkerLinkHandlerTest {

    /** Records the core's events as text. */
    private static final class Recorded implements WorkerLinkHandler.WorkerEvents {
        final List<String> events = new ArrayList<>();

        @Override
        public void workerConnected(int node) {
            events.add("connected " + node);
        }

        @Override
        public void tasksDone(int node, List<TaskDone> done) {
            events.add("done " + node + ": " + done.stream().map(d -> String.valueOf(d.jobId())).collect(Collectors.joining(",")));
        }

        @Override
        public void taskFailed(int node, TaskFailed msg) {
            events.add("failed " + node + ": " + msg.jobId());
        }

        @Override
        public void taskNotParked(int node, TaskNotParked msg) {
            events.add("not parked " + node + ": " + msg.jobId());
        }

        @Override
        public void workerLost(int node) {
            events.add("lost " + node);
        }
    }

    private static TaskDone done(long job) {
        return new TaskDone(job, List.of(), List.of(), 0, 0, "compute-executor-1");
    }

    @Test
    void theResultsOfOneReadReachTheCoreTogetherAndBeforeTheMessageThatFollowsThem() {
        WorkerPool pool = new WorkerPool(List.of(
                new NodeDescription("w0", 1, 0, null, 0, 0, 0, null, null, NodeDescription.NO_LIMIT, Map.of()),
                new NodeDescription("w1", 1, 0, null, 0, 0, 0, null, null, NodeDescription.NO_LIMIT, Map.of())));
        Recorded core = new Recorded();
        EmbeddedChannel ch = new EmbeddedChannel(new WorkerLinkHandler(pool, core));
        ch.pipeline().fireChannelRead(new WorkerHello("w1", "127.0.0.1", 1, 1, "w1.log")).fireChannelReadComplete();
        // One read: three results, a failure, one more result; then the read ends.
        ch.pipeline().fireChannelRead(done(1)).fireChannelRead(done(2)).fireChannelRead(done(3))
                .fireChannelRead(new TaskFailed(4, "boom")).fireChannelRead(done(5));
        assertEquals(List.of("connected 1", "done 1: 1,2,3", "failed 1: 4"), core.events, "before the read ended");
        ch.pipeline().fireChannelReadComplete();
        assertEquals(List.of("connected 1", "done 1: 1,2,3", "failed 1: 4", "done 1: 5"), core.events);
        // A parked job the worker did not hold comes after the results read before it.
        ch.pipeline().fireChannelRead(done(7)).fireChannelRead(new TaskNotParked(8)).fireChannelReadComplete();
        assertEquals(List.of("connected 1", "done 1: 1,2,3", "failed 1: 4", "done 1: 5", "done 1: 7", "not parked 1: 8"), core.events);
        // A result read just before the connection is lost is handed over before the loss.
        ch.pipeline().fireChannelRead(done(6));
        ch.close();
        assertEquals(List.of("connected 1", "done 1: 1,2,3", "failed 1: 4", "done 1: 5", "done 1: 7", "not parked 1: 8",
                "done 1: 6", "lost 1"), core.events);
        ch.finishAndReleaseAll();
    }
}
