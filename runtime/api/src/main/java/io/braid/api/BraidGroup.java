package io.braid.api;

import io.braid.spi.AppRuntime;

/**
 * A task group, as COMPSs' {@code COMPSsGroup}: every task called between its creation and its
 * {@link #close()} belongs to it (and to the groups around it, when groups nest).
 *
 * <pre>{@code
 * try (BraidGroup g = new BraidGroup("GroupA")) {
 *     for (...) Tasks.step(...);
 * } catch (BraidException e) {   // a task of the group threw it; the others were cancelled
 *     ...
 * }
 * }</pre>
 *
 * With an implicit barrier (the default) {@code close()} waits for the group's tasks and throws the
 * {@link BraidException} one of them threw; without, it returns at once and
 * {@link Braid#barrierGroup(String)} waits and throws later.
 */
public class BraidGroup implements AutoCloseable {
    /** The group's name (public, as in COMPSs). */
    public String groupName;
    /** Whether {@link #close()} waits for the group's tasks (public, as in COMPSs). */
    public Boolean barrier;

    public BraidGroup(String groupName, boolean implicitBarrier) {
        this.groupName = groupName;
        this.barrier = implicitBarrier;
        AppRuntime.current().openGroup(groupName);
    }

    public BraidGroup(String groupName) {
        this(groupName, true);
    }

    /** Ends the group; with an implicit barrier, waits for its tasks and throws a task's {@link BraidException}. */
    @Override
    public void close() throws Exception {
        AppRuntime.current().closeGroup(groupName, Boolean.TRUE.equals(barrier));
    }
}
