package io.braid.engine.task;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataKey;

import java.nio.file.Path;

/**
 * One parameter of a task call, translated by the app side. By-value parameters carry their text
 * in {@code value}; objects and files carry their {@link DataKey}. {@code snapshot} is the
 * serialised current value when the main program holds the newest one ({@code mainWroteBefore});
 * {@code file} is the file's path on the master. A STREAM parameter carries its serialised handle in
 * {@code value} (Base64) and what the analyser and scheduler need in {@code stream}; it has no key.
 * {@code keepRename}: a FILE parameter declared {@code @Parameter(keepRename = true)}, whose task
 * gets the runtime's renamed file instead of one under the original name.
 */
public record SubmittedParam(JobParam.Kind kind, String javaType, String value, DataKey key, AccessMode mode,
                             boolean mainWroteBefore, byte[] snapshot, Path file, String display,
                             StreamParam stream, boolean keepRename) {

    /** A parameter without {@code keepRename}. */
    public SubmittedParam(JobParam.Kind kind, String javaType, String value, DataKey key, AccessMode mode,
                          boolean mainWroteBefore, byte[] snapshot, Path file, String display, StreamParam stream) {
        this(kind, javaType, value, key, mode, mainWroteBefore, snapshot, file, display, stream, false);
    }

    public static SubmittedParam byValue(String javaType, String value) {
        return new SubmittedParam(JobParam.Kind.VALUE, javaType, value, null, AccessMode.R, false, null, null,
                value == null ? "null" : value, null);
    }

    /**
     * The head of a collection parameter (Java's {@code Type.COLLECTION}, Python's and C's
     * {@code COLLECTION_*}): a parameter of kind {@link JobParam.Kind#COLLECTION} (no datum, no
     * dependency) whose text is the number of elements, which follow it as parameters of their own (each an
     * object with its own datum, so each is a dependency). The worker groups them back into one list.
     */
    public static SubmittedParam collectionHeader(int size) {
        return new SubmittedParam(JobParam.Kind.COLLECTION, JobParam.COLLECTION_TYPE, String.valueOf(size), null, AccessMode.R, false, null, null, "collection[" + size + "]", null);
    }

    /** A stream handle passed to a task: no data, no dependency; {@code handleBase64} is the serialised handle. */
    public static SubmittedParam stream(String javaType, String handleBase64, StreamParam stream, String display) {
        return new SubmittedParam(JobParam.Kind.STREAM, javaType, handleBase64, null,
                stream.writes() ? AccessMode.W : AccessMode.R, false, null, null, display, stream);
    }
}
