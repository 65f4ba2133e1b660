package io.braid.worker.execution;

/**
 * Marks a task failure that running the task again cannot cure (a C function whose library or
 * symbol is missing): the worker reports it {@code permanent}, and the master does not retry it.
 */
public interface PermanentTaskFailure {
}
