package io.braid.comm.codec;

import io.braid.comm.message.TaskDone;
import io.netty.buffer.ByteBuf;

/**
 * {@link TaskDone} on the wire ({@link Wire}'s primitives): long jobId, strings outputs, longs
 * outputSizes, long startMicros, long runNanos, name executor, strings outputPaths, long
 * handedTo.
 */
final class TaskDoneBody implements BodyCodec<TaskDone> {
    static final TaskDoneBody INSTANCE = new TaskDoneBody();

    private TaskDoneBody() {
    }

    @Override
    public Class<TaskDone> type() {
        return TaskDone.class;
    }

    @Override
    public void write(TaskDone m, ByteBuf out) {
        out.writeLong(m.jobId());
        Wire.writeStrings(out, m.outputs());
        Wire.writeLongs(out, m.outputSizes());
        out.writeLong(m.startMicros());
        out.writeLong(m.runNanos());
        Wire.writeString(out, m.executor());
        Wire.writeStrings(out, m.outputPaths());
        out.writeLong(m.handedTo());
    }

    @Override
    public TaskDone read(ByteBuf in) {
        return new TaskDone(in.readLong(), Wire.readStrings(in), Wire.readLongs(in), in.readLong(), in.readLong(),
                Wire.readName(in), Wire.readStrings(in), in.readLong());
    }
}
