package io.braid.engine.task;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataKey;

import java.nio.file.Path;

/**
 * One parameter of a task call, translated by the app side. By-value parameters carry their text
 * in {@code value}; objects and files carry their {@link DataKey}. {@code snapshot} is the
 * serialised current value when the main program holds the newest one ({@code mainWroteBefore});
 * {@code file} is the file's path on the master.
 */
public record SubmittedParam(JobParam.Kind kind, String javaType, String value, DataKey key, AccessMode mode,
                             boolean mainWroteBefore, byte[] snapshot, Path file, String display) {

    public static SubmittedParam byValue(String javaType, String value) {
        return new SubmittedParam(JobParam.Kind.VALUE, javaType, value, null, AccessMode.R, false, null, null,
                value == null ? "null" : value);
    }
}
