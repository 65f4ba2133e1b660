package io.braid.streams.internals.client;

import io.braid.streams.DistroStream;

/**
 * Internal hooks on stream handles for the task runtime (not for applications): restrict what a
 * handle may do, or make it act as a writer registered elsewhere (a task registered as writer at
 * submission). Reaches the handles' package through the {@link Hooks} they install.
 */
public final class StreamHandles {

    /** Implemented by the handles' package; installed once when the first handle class loads. */
    public interface Hooks {
        void restrict(DistroStream<?> handle, StreamAccess access);

        StreamAccess access(DistroStream<?> handle);

        void bindWriter(DistroStream<?> handle, String writerId);

        void closeReader(DistroStream<?> handle);

        void prepare(DistroStream<?> handle);

        void close(DistroStream<?> handle) throws io.braid.streams.BackendException;

        void flush(DistroStream<?> handle) throws io.braid.streams.BackendException;

        boolean exchanged(DistroStream<?> handle);

        DistroStream<?> attach(io.braid.streams.internals.protocol.StreamInfo info);
    }

    private static volatile Hooks hooks;

    private StreamHandles() {
    }

    /** Called by the handles' package; later calls are ignored. */
    public static synchronized void install(Hooks h) {
        if (hooks == null) {
            hooks = h;
        }
    }

    /** Restricts {@code handle} (and its serialised copies made afterwards) to {@code access}. */
    public static void restrict(DistroStream<?> handle, StreamAccess access) {
        hooks(handle).restrict(handle, access);
    }

    public static StreamAccess access(DistroStream<?> handle) {
        return hooks(handle).access(handle);
    }

    /**
     * {@code handle} publishes and closes as writer {@code writerId} (already registered through
     * {@link DistroStreamClient#registerWriter}), instead of a writer id of its own.
     */
    public static void bindWriter(DistroStream<?> handle, String writerId) {
        hooks(handle).bindWriter(handle, writerId);
    }

    /**
     * {@code handle} stops reading (a task that polled it ends): an object stream's reader
     * acknowledges what it returned (AT_LEAST_ONCE), tells the stream server how many records it
     * took, so that the last poll of the application's other readers ends at once, and leaves.
     * A later poll of the handle reads again as a new reader. Nothing to do for file streams.
     */
    public static void closeReader(DistroStream<?> handle) {
        hooks(handle).closeReader(handle);
    }

    /**
     * Starts, in the background, what the handle's first publish or poll would otherwise wait for
     * (its backend reader joining, its publisher's connection), as its access allows. Failures
     * are left for that first operation to report.
     */
    public static void prepare(DistroStream<?> handle) {
        hooks(handle).prepare(handle);
    }

    /**
     * Closes {@code handle}'s writer as {@link DistroStream#close()} does, with the failure
     * checked (a task whose writer cannot close fails).
     */
    public static void close(DistroStream<?> handle) throws io.braid.streams.BackendException {
        hooks(handle).close(handle);
    }

    /**
     * Waits until everything {@code handle} published is stored, without closing it (a task that
     * threw: its writer stays open for a retry, but what it published is not left in a buffer).
     */
    public static void flush(DistroStream<?> handle) throws io.braid.streams.BackendException {
        hooks(handle).flush(handle);
    }

    /**
     * Whether {@code handle} has published (or tried to) or taken at least one element: a task
     * whose handles exchanged nothing can run again without its streams noticing.
     */
    public static boolean exchanged(DistroStream<?> handle) {
        return hooks(handle).exchanged(handle);
    }

    /**
     * A new handle on the existing stream {@code streamId}, in this process (the stream's metadata
     * comes from the server): for a program in another language that names a stream by its id, as
     * a handle deserialised here would. Its roles register on first use, as any handle's.
     *
     * @throws BackendException (unchecked) when the server does not know the id or cannot be asked
     */
    public static DistroStream<?> attach(String streamId) throws io.braid.streams.BackendException {
        io.braid.streams.internals.protocol.StreamInfo info = DistroStreamClient.get().lookup(streamId);
        Hooks h = hooks;
        if (h == null) {
            // No handle class loaded yet: loading one installs the hooks.
            try {
                Class.forName("io.braid.streams.StreamHandle", true, StreamHandles.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            h = hooks;
        }
        return h.attach(info);
    }

    private static Hooks hooks(DistroStream<?> handle) {
        Hooks h = hooks;
        if (h == null) {
            throw new IllegalArgumentException("not a Braid stream handle: " + handle.getClass().getName());
        }
        return h;
    }
}
