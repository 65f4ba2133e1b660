package io.braid.comm.message;

import java.util.List;

/**
 * One parameter of a {@link RunTask}.
 *
 * <ul>
 *   <li>{@code VALUE}: a primitive or String passed by value; {@code value} is its text (null for a null String).
 *   <li>{@code OBJECT}: a serialised object; {@code inData} the version to read (null for OUT),
 *       {@code outData} the version to write (null for IN).
 *   <li>{@code FILE}: a file; the worker passes the task a local path. {@code inData}/{@code outData}
 *       as for objects; {@code fileName} is the original file name (the base name the main program
 *       used): the task sees its file under that name, in a directory of its own on the worker,
 *       unless {@code keepRename} ({@code @Parameter(keepRename = true)}) asks for the runtime's
 *       renamed file ({@code d<id>v<v>_<fileName>}).
 *   <li>{@code STREAM}: a DistroStream handle; {@code value} is the handle Java-serialised, in Base64;
 *       {@code outData} is the writer id the task publishes and closes as when it writes the stream
 *       (STREAM OUT), null when it reads it. No data moves: streams carry their own.
 * </ul>
 * {@code sources} lists where {@code inData} can be fetched from.
 */
public record JobParam(Kind kind, String javaType, String value, String inData, String outData,
                       List<DataLocation> sources, String fileName, boolean keepRename) {
    public enum Kind { VALUE, OBJECT, FILE, STREAM }

    /** A parameter that does not keep the runtime's renamed file (every kind but some FILEs). */
    public JobParam(Kind kind, String javaType, String value, String inData, String outData,
                    List<DataLocation> sources, String fileName) {
        this(kind, javaType, value, inData, outData, sources, fileName, false);
    }
}
