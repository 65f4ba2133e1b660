package io.braid.launcher.embed;

import io.braid.api.Direction;
import io.braid.engine.task.TaskDefinition;

import java.util.List;

/**
 * A task type a non-Java main program defined ({@link ForeignTasks#define}): the master's
 * {@link TaskDefinition} (one FOREIGN implementation, or with {@code program} one BINARY or MPI
 * implementation) and the declared parameters, which each call is checked against; the type's
 * {@code returns} return values come after them (a program's: its exit value, the task's return datum).
 */
record ForeignTaskType(TaskDefinition definition, List<Param> params, int returns, boolean program) {

    /**
     * What a parameter is: how its value is given, and whether the task reads it, writes it or both.
     * A COLLECTION is a list of objects (depth 1), each by its own id, of any length per call.
     * A STREAM is a stream handle named by its stream id: IN, the task polls it; OUT, the task
     * publishes on it as a writer registered at submission (the stream closes after the task has).
     */
    enum Kind { VALUE, OBJECT, FILE, COLLECTION, STREAM }

    record Param(Direction direction, Kind kind) {
        @Override
        public String toString() {
            return kind == Kind.FILE || kind == Kind.STREAM ? kind + "_" + direction : direction + " " + kind;
        }
    }

    String label() {
        return definition.label();
    }
}
