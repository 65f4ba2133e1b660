package io.braid.engine.task;

import io.braid.engine.analysis.ObjectKey;

import java.util.List;

/**
 * A task call from the main program: its type, its parameters (callee first), its return datum,
 * and the task groups open when it was called, outermost first (empty: none).
 */
public record TaskSubmission(long taskId, TaskDefinition definition, List<SubmittedParam> params, ObjectKey returnKey,
                             List<String> groups) {

    public TaskSubmission {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** A call outside any task group. */
    public TaskSubmission(long taskId, TaskDefinition definition, List<SubmittedParam> params, ObjectKey returnKey) {
        this(taskId, definition, params, returnKey, List.of());
    }

    /** "demo.Tasks.square(3)" — how errors and logs name the task. */
    public String describe() {
        StringBuilder b = new StringBuilder(definition.label()).append('(');
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(params.get(i).display());
        }
        return b.append(')').toString();
    }
}
