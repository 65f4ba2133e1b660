package io.braid.engine.dispatch;

import io.braid.comm.message.Message;
import io.braid.engine.resources.NodeDescription;
import io.netty.channel.Channel;

/** The master's view of one worker: its node, its connection, where it serves data. */
public final class WorkerHandle {
    private final int index;
    private final NodeDescription node;
    private volatile Channel channel;
    private volatile String dataHost;
    private volatile int dataPort;
    private volatile String logFile;
    private volatile boolean alive;

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
        this.channel = ch;
        this.dataHost = dataHost;
        this.dataPort = dataPort;
        this.logFile = logFile;
        this.alive = true;
    }

    public void lost() {
        alive = false;
    }

    /** Queues the message; {@link #flush()} sends what is queued (once per core batch). */
    public void write(Message m) {
        Channel ch = channel;
        if (ch != null && alive) {
            ch.write(m, ch.voidPromise());
        }
    }

    public void send(Message m) {
        Channel ch = channel;
        if (ch != null) {
            ch.writeAndFlush(m);
        }
    }

    public void flush() {
        Channel ch = channel;
        if (ch != null && alive) {
            ch.flush();
        }
    }

}
