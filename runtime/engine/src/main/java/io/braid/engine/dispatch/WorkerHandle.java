package io.braid.engine.dispatch;

import io.braid.comm.message.Message;
import io.braid.engine.resources.NodeDescription;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

/**
 * The master's view of one worker: its node, its connection, where it serves data.
 *
 * <p>Messages written outside the connection's event loop (the core's jobs) are queued here and
 * handed to the event loop as one task per {@link #flush()}: Netty would otherwise make a task,
 * a queue insertion and a size estimate per message (one job each per task).
 */
public final class WorkerHandle {
    private final int index;
    private final NodeDescription node;
    private volatile Channel channel;
    private volatile String dataHost;
    private volatile int dataPort;
    private volatile String logFile;
    private volatile boolean alive;
    /** Written, not yet flushed; guarded by this. */
    private List<Message> queued = new ArrayList<>();

    public WorkerHandle(int index, NodeDescription node) {
        this.index = index;
        this.node = node;
    }

    public int index() {
        return index;
    }

    public String name() {
        return node.name();
    }

    public NodeDescription node() {
        return node;
    }

    public String dataHost() {
        return dataHost;
    }

    public int dataPort() {
        return dataPort;
    }

    public String logFile() {
        return logFile;
    }

    public boolean alive() {
        return alive;
    }

    public void connected(Channel ch, String dataHost, int dataPort, String logFile) {
        synchronized (this) {
            queued.clear(); // meant for the connection before
        }
        this.channel = ch;
        this.dataHost = dataHost;
        this.dataPort = dataPort;
        this.logFile = logFile;
        this.alive = true;
    }

    public void lost() {
        alive = false;
        synchronized (this) {
            queued.clear();
        }
    }

    /** Queues the message; {@link #flush()} sends what is queued (once per core batch). */
    public synchronized void write(Message m) {
        if (channel != null && alive) {
            queued.add(m);
        }
    }

    /** Sends the message, after what is queued, even to a worker taken for lost. */
    public synchronized void send(Message m) {
        Channel ch = channel;
        if (ch != null) {
            queued.add(m);
            handOver(ch);
        }
    }

    public synchronized void flush() {
        Channel ch = channel;
        if (ch != null && alive) {
            handOver(ch);
        }
    }

    /** Writes and flushes the queued messages on the connection's event loop, in one task. */
    private void handOver(Channel ch) {
        if (queued.isEmpty()) {
            return;
        }
        List<Message> batch = queued;
        queued = new ArrayList<>(Math.max(16, batch.size()));
        EventLoop loop = ch.eventLoop();
        if (loop.inEventLoop()) {
            writeAll(ch, batch);
            return;
        }
        try {
            loop.execute(() -> writeAll(ch, batch));
        } catch (RejectedExecutionException e) {
            // The connection's event loop is shutting down: the connection and its messages go with it.
        }
    }

    private static void writeAll(Channel ch, List<Message> batch) {
        for (int i = 0; i < batch.size(); i++) {
            ch.write(batch.get(i), ch.voidPromise());
        }
        ch.flush();
    }

}
