package io.braid.launcher.embed;

/**
 * Tasks of a non-Java main program (Python, C), called through JNI with simple types while
 * an {@link EmbeddedRun} is on: define a task type, submit calls, wait on objects and files,
 * delete them, task groups ({@link EmbeddedRun#barrier()} waits for every task). The calls go
 * through the same analyser, scheduler and master as a Java main's: dependencies come from the
 * object ids and file paths the calls name.
 *
 * <p>Objects are opaque bytes (pickles for Python), identified by ids the binding chooses: the
 * main program gives an object's bytes the first time a task reads it and again whenever it
 * holds a newer value, else null (the runtime's newest version). Neither the master nor the
 * workers deserialise them. Every failure is an exception whose message is one line naming the
 * task, the parameter or the object.
 */
public final class ForeignTasks {
    private ForeignTasks() {
    }

    /**
     * Defines a task type; returns its id for {@link #submit}.
     *
     * @param language    {@code python} or {@code c}
     * @param module      the module ({@code pkg.mod}) the function is in; C: the IDL's interface
     * @param function    the function ({@code f}, or {@code Class.method} for a static-like call)
     * @param location    a directory put first on the workers' Python path to find the module; null for none.
     *                    C: the path of the worker library (libAPP-worker.so, relative: to the current
     *                    directory), which must exist here and at the same path on the workers
     * @param params      one per parameter: a direction (IN, OUT, INOUT) and a kind (VALUE: bytes passed
     *                    by value; OBJECT: bytes by object id; FILE: a path; COLLECTION: a list of objects,
     *                    IN or INOUT; STREAM: a stream by its id, IN or OUT), e.g. {@code "INOUT OBJECT"};
     *                    {@code FILE_IN}, {@code FILE_OUT}, {@code FILE_INOUT}, {@code STREAM_IN},
     *                    {@code STREAM_OUT} also read. C: no COLLECTION; each
     *                    VALUE's and OBJECT's bytes are the C worker protocol's VALUE encoding of its IDL type
     *                    (docs/DESIGN.md), as are the bytes of what a C task writes and returns
     * @param returns     how many values the function returns, each stored as an object
     * @param constraints {@code key=value}: computing_units, memory_size, processor_architecture,
     *                    storage_bw (a number, {@code auto} or {@code auto(min,max,delta)}), storage_size
     * @param io          an I/O task ({@code @IO}: no computing units, the worker's I/O executors)
     * @param priority    scheduled before tasks without
     * @param onFailure   RETRY (null: the default), FAIL, IGNORE, CANCEL_SUCCESSORS
     * @param timeOutMs   how long one run may take (0: no limit)
     */
    public static int define(String language, String module, String function, String location, String[] params,
                             int returns, String[] constraints, boolean io, boolean priority, String onFailure,
                             long timeOutMs) {
        return EmbeddedRun.foreign().types().define(language, module, function, location, params, returns,
                constraints, io, priority, onFailure, timeOutMs);
    }

    /**
     * Defines a task type whose implementation is a binary or MPI program (PyCOMPSs' {@code @binary}
     * and {@code @mpi}), run by the worker as a Java {@code @Binary}/{@code @MPI} method's is
     * (docs/COMPSS.md, "Binary and MPI tasks"); returns its id for {@link #submit}.
     *
     * @param module    the module of the declaring function, for names and messages
     * @param function  the declaring function
     * @param program   {@code key=value}: {@code kind} (binary or mpi), {@code binary}, {@code working_dir},
     *                  {@code fail_by_exit_value} (true/false); MPI: {@code runner}, {@code flags},
     *                  {@code processes}, {@code scale_by_cu} (true/false)
     * @param params    as for {@link #define}: {@code IN VALUE} (its bytes are the argument's UTF-8 text) or a FILE
     * @param prefixes  per parameter: text put before its value on the command line (null entries: none;
     *                  {@code "#"}: left out); null for none at all
     * @param streams   per parameter: STDIN, STDOUT, STDERR (the FILE the program's stream is redirected to)
     *                  or null; null for none at all
     * @param returns   1: the exit value is the task's return (a pickled int), 0: none
     */
    public static int defineProgram(String module, String function, String[] program, String[] params,
                                    String[] prefixes, String[] streams, int returns, String[] constraints,
                                    boolean io, boolean priority, String onFailure, long timeOutMs) {
        return EmbeddedRun.foreign().types().defineProgram(module, function, program, params, prefixes, streams,
                returns, constraints, io, priority, onFailure, timeOutMs);
    }

    /**
     * Submits a call of type {@code type}; returns its task id. Arrays are indexed by declared
     * parameter (entries for other kinds are ignored; an array may be null when no parameter
     * needs it): {@code objectIds} for OBJECT, {@code values} for VALUE (its bytes) and OBJECT
     * (the main program's current bytes, or null), {@code files} for FILE (its path) and STREAM
     * (the stream's id, as {@code braid_object_stream_id} gives it). {@code returnIds}: the
     * ids the return values get, one per declared return.
     */
    public static long submit(int type, long[] objectIds, byte[][] values, String[] files, long[] returnIds) {
        return EmbeddedRun.foreign().submit(type, objectIds, values, files, returnIds, null, null);
    }

    /**
     * {@link #submit(int, long[], byte[][], String[], long[])} with COLLECTION parameters:
     * {@code elementIds[i]} the ids of collection parameter i's elements (objects), in order, and
     * {@code elementValues[i]} their bytes as for an OBJECT (null entries, or a null list: the
     * runtime's versions).
     */
    public static long submit(int type, long[] objectIds, byte[][] values, String[] files, long[] returnIds,
                              long[][] elementIds, byte[][][] elementValues) {
        return EmbeddedRun.foreign().submit(type, objectIds, values, files, returnIds, elementIds, elementValues);
    }

    /** Waits until the newest version of the object exists and returns its bytes (Java callers). */
    public static byte[] waitOn(long objectId) throws Exception {
        return EmbeddedRun.foreign().waitOn(objectId);
    }

    /**
     * {@link #waitOn}, the bytes in a direct buffer (position 0, limit their count, a 0 byte after
     * them), which the caller reads in place and gives back with {@link #release}: a fetched
     * object goes from the network into it, never into the heap (libbraid's
     * {@code braid_foreign_wait_on}). Null when no task ever used the object.
     */
    public static java.nio.ByteBuffer waitOnBuffer(long objectId) throws Exception {
        return EmbeddedRun.foreign().waitOnBuffer(objectId);
    }

    /** Frees a buffer {@link #waitOnBuffer} gave (its memory now, not at a later GC). */
    public static void release(java.nio.ByteBuffer buffer) {
        io.braid.comm.transport.DirectBuffers.free(buffer);
    }

    /** Waits until the newest version of the file is at its path (which it returns, canonical): then open it. */
    public static String waitOnFile(String path) throws Exception {
        return EmbeddedRun.foreign().waitOnFile(path);
    }

    /** The main program is done with the object: the runtime forgets it once the tasks that use it have. */
    public static void deleteObject(long objectId) {
        EmbeddedRun.foreign().deleteObject(objectId);
    }

    /**
     * {@link #deleteObject} of every id, in one call (the main program's released placeholders):
     * the master drops them in one event, and the copies that can go at once in one message per worker.
     */
    public static void deleteObjects(long[] objectIds) {
        EmbeddedRun.foreign().deleteObjects(objectIds == null ? new long[0] : objectIds);
    }

    /** Deletes the file at once (tasks already called with it read a private copy) and forgets it. */
    public static void deleteFile(String path) throws Exception {
        EmbeddedRun.foreign().deleteFile(path);
    }

    /** Tasks submitted from now on belong to the group (groups nest), until {@link #closeGroup}. */
    public static void openGroup(String name) {
        EmbeddedRun.foreign().openGroup(name);
    }

    /** Closes the group; {@code barrier}: waits for its tasks too. See {@link #barrierGroup}. */
    public static String closeGroup(String name, boolean barrier) throws Exception {
        return EmbeddedRun.foreign().closeGroup(name, barrier);
    }

    /** Waits for every task of the group; null, or the message that ended the group. */
    public static String barrierGroup(String name) throws Exception {
        return EmbeddedRun.foreign().barrierGroup(name);
    }

    /** Cancels the group's tasks that have not ended. */
    public static void cancelGroup(String name) throws Exception {
        EmbeddedRun.foreign().cancelGroup(name);
    }
}
