package io.braid.worker;

import io.braid.comm.message.Message;
import io.netty.channel.Channel;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends the executors' replies to the master in batches: replies queue up while one drain is
 * pending on the channel's event loop, and that drain writes them all with a single flush. With
 * many short tasks this saves a wake-up and a system call per task.
 */
final class ReplyBatcher {
    private final Channel channel;
    private final ConcurrentLinkedQueue<Message> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();

    ReplyBatcher(Channel channel) {
        this.channel = channel;
    }

    void send(Message m) {
        pending.add(m);
        if (drainScheduled.compareAndSet(false, true)) {
            channel.eventLoop().execute(this::drain);
        }
    }

    private void drain() {
        drainScheduled.set(false);
        boolean wrote = false;
        for (Message m = pending.poll(); m != null; m = pending.poll()) {
            channel.write(m, channel.voidPromise());
            wrote = true;
        }
        if (wrote) {
            channel.flush();
        }
    }
}
