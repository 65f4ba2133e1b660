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
 *   <li>{@code COLLECTION}: the head of a collection parameter ({@code Type.COLLECTION}, Python's and C's
 *       {@code COLLECTION_*}); {@code value} is its number of elements n, which follow it as
 *       parameters of their own (each an OBJECT with its own datum); the worker groups them back
 *       into one list. A kind of its own, so no parameter type (say a user class named
 *       {@code collection}) is ever taken for a header. Made by {@link #collectionHeader}.
 * </ul>
 * {@code sources} lists where {@code inData} can be fetched from.
 */
public record JobParam(Kind kind, String javaType, String value, String inData, String outData,
                       List<DataLocation> sources, String fileName, boolean keepRename) {
    public enum Kind { VALUE, OBJECT, FILE, STREAM, COLLECTION }

    /** The type a task receives a collection as: {@code javaType} of a COLLECTION header. */
    public static final String COLLECTION_TYPE = "java.util.ArrayList";

    /** A parameter that does not keep the runtime's renamed file (every kind but some FILEs). */
    public JobParam(Kind kind, String javaType, String value, String inData, String outData,
                    List<DataLocation> sources, String fileName) {
        this(kind, javaType, value, inData, outData, sources, fileName, false);
    }

    /** The head of a collection of {@code size} elements, which follow it (see {@link Kind#COLLECTION}). */
    public static JobParam collectionHeader(int size) {
        return new JobParam(Kind.COLLECTION, COLLECTION_TYPE, String.valueOf(size), null, null, List.of(), null);
    }

    /** Whether this heads a collection. */
    public boolean isCollectionHeader() {
        return kind == Kind.COLLECTION;
    }

    /** A collection header's number of elements. */
    public int collectionSize() {
        if (kind != Kind.COLLECTION) {
            throw new IllegalStateException("a " + kind + " parameter is not a collection header");
        }
        return Integer.parseInt(value);
    }
}
