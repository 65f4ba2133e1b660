package io.braid.comm.codec;

import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.DataLocation;
import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.ProcessCall;
import io.braid.comm.message.RunTask;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.DecoderException;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link RunTask} on the wire ({@link Wire}'s primitives), in record order: long jobId, long
 * taskId, name className, name methodName, names paramTypes, boolean hasTarget, count + params,
 * string returnData, boolean ioTask, int computingUnits, long timeOutMs, optional process,
 * optional foreign, optional cFunction, long afterJob. A record inside (a parameter, a location, the process, foreign or C
 * function call) is a
 * presence byte, then its fields in record order; a parameter's kind is a byte (0 null, else its
 * ordinal + 1).
 */
final class RunTaskBody implements BodyCodec<RunTask> {
    static final RunTaskBody INSTANCE = new RunTaskBody();

    private static final JobParam.Kind[] KINDS = JobParam.Kind.values();

    private RunTaskBody() {
    }

    @Override
    public Class<RunTask> type() {
        return RunTask.class;
    }

    @Override
    public void write(RunTask m, ByteBuf out) {
        out.writeLong(m.jobId());
        out.writeLong(m.taskId());
        Wire.writeString(out, m.className());
        Wire.writeString(out, m.methodName());
        Wire.writeStrings(out, m.paramTypes());
        Wire.writeBoolean(out, m.hasTarget());
        List<JobParam> params = m.params();
        if (params == null) {
            Wire.writeCount(out, -1);
        } else {
            Wire.writeCount(out, params.size());
            for (int i = 0; i < params.size(); i++) {
                writeParam(out, params.get(i));
            }
        }
        Wire.writeString(out, m.returnData());
        Wire.writeBoolean(out, m.ioTask());
        out.writeInt(m.computingUnits());
        out.writeLong(m.timeOutMs());
        writeProcess(out, m.process());
        writeForeign(out, m.foreign());
        writeCFunction(out, m.cFunction());
        out.writeLong(m.afterJob());
    }

    @Override
    public RunTask read(ByteBuf in) {
        long jobId = in.readLong();
        long taskId = in.readLong();
        String className = Wire.readName(in);
        String methodName = Wire.readName(in);
        List<String> paramTypes = Wire.readNames(in);
        boolean hasTarget = Wire.readBoolean(in);
        int n = Wire.readCount(in, 1);
        List<JobParam> params = null;
        if (n >= 0) {
            params = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                params.add(readParam(in));
            }
        }
        return new RunTask(jobId, taskId, className, methodName, paramTypes, hasTarget, params, Wire.readString(in),
                Wire.readBoolean(in), in.readInt(), in.readLong(), readProcess(in), readForeign(in), readCFunction(in),
                in.readLong());
    }

    private static void writeParam(ByteBuf out, JobParam p) {
        Wire.writeBoolean(out, p != null);
        if (p == null) {
            return;
        }
        out.writeByte(p.kind() == null ? 0 : p.kind().ordinal() + 1);
        Wire.writeString(out, p.javaType());
        Wire.writeString(out, p.value());
        Wire.writeString(out, p.inData());
        Wire.writeString(out, p.outData());
        List<DataLocation> sources = p.sources();
        if (sources == null) {
            Wire.writeCount(out, -1);
        } else {
            Wire.writeCount(out, sources.size());
            for (int i = 0; i < sources.size(); i++) {
                writeLocation(out, sources.get(i));
            }
        }
        Wire.writeString(out, p.fileName());
        Wire.writeBoolean(out, p.keepRename());
    }

    private static JobParam readParam(ByteBuf in) {
        if (!Wire.readBoolean(in)) {
            return null;
        }
        int kind = in.readUnsignedByte();
        if (kind > KINDS.length) {
            throw new DecoderException("parameter kind " + kind + " at byte " + (in.readerIndex() - 1)
                    + " is unknown (this build knows 1.." + KINDS.length + ")");
        }
        String javaType = Wire.readName(in);
        String value = Wire.readString(in);
        String inData = Wire.readString(in);
        String outData = Wire.readString(in);
        int n = Wire.readCount(in, 1);
        List<DataLocation> sources = null;
        if (n >= 0) {
            sources = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                sources.add(readLocation(in));
            }
        }
        return new JobParam(kind == 0 ? null : KINDS[kind - 1], javaType, value, inData, outData, sources,
                Wire.readString(in), Wire.readBoolean(in));
    }

    private static void writeLocation(ByteBuf out, DataLocation l) {
        Wire.writeBoolean(out, l != null);
        if (l != null) {
            Wire.writeString(out, l.node());
            Wire.writeString(out, l.host());
            out.writeInt(l.port());
            Wire.writeString(out, l.sharedPath());
        }
    }

    private static DataLocation readLocation(ByteBuf in) {
        return Wire.readBoolean(in)
                ? new DataLocation(Wire.readName(in), Wire.readName(in), in.readInt(), Wire.readString(in)) : null;
    }

    private static void writeProcess(ByteBuf out, ProcessCall p) {
        Wire.writeBoolean(out, p != null);
        if (p != null) {
            Wire.writeBoolean(out, p.mpi());
            Wire.writeString(out, p.binary());
            Wire.writeString(out, p.workingDir());
            Wire.writeString(out, p.mpiRunner());
            Wire.writeStrings(out, p.mpiFlags());
            out.writeInt(p.ranks());
            Wire.writeBoolean(out, p.failByExitValue());
            Wire.writeStrings(out, p.prefixes());
            Wire.writeStrings(out, p.streams());
            Wire.writeBoolean(out, p.pickledExit());
        }
    }

    private static ProcessCall readProcess(ByteBuf in) {
        return Wire.readBoolean(in)
                ? new ProcessCall(Wire.readBoolean(in), Wire.readString(in), Wire.readString(in), Wire.readString(in),
                        Wire.readStrings(in), in.readInt(), Wire.readBoolean(in), Wire.readStrings(in), Wire.readStrings(in),
                        Wire.readBoolean(in))
                : null;
    }

    private static void writeForeign(ByteBuf out, ForeignCall f) {
        Wire.writeBoolean(out, f != null);
        if (f != null) {
            Wire.writeString(out, f.language());
            Wire.writeString(out, f.module());
            Wire.writeString(out, f.function());
            Wire.writeString(out, f.location());
            out.writeInt(f.returns());
        }
    }

    private static ForeignCall readForeign(ByteBuf in) {
        return Wire.readBoolean(in)
                ? new ForeignCall(Wire.readName(in), Wire.readName(in), Wire.readName(in), Wire.readString(in), in.readInt())
                : null;
    }

    private static void writeCFunction(ByteBuf out, CFunctionCall c) {
        Wire.writeBoolean(out, c != null);
        if (c != null) {
            Wire.writeString(out, c.library());
            Wire.writeString(out, c.symbol());
            Wire.writeString(out, c.returnType());
        }
    }

    private static CFunctionCall readCFunction(ByteBuf in) {
        return Wire.readBoolean(in) ? new CFunctionCall(Wire.readString(in), Wire.readName(in), Wire.readName(in)) : null;
    }
}
