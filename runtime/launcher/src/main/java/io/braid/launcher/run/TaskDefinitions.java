package io.braid.launcher.run;

import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.task.TaskDefinition;
import io.braid.launcher.app.TaskDefinitionException;
import io.braid.launcher.app.TaskMethod;
import io.braid.launcher.app.TaskRegistry;

import java.util.ArrayList;
import java.util.List;

/** The master's view of each task method of the registry, indexed by task method id. */
final class TaskDefinitions {
    private final TaskDefinition[] byId;

    private TaskDefinitions(TaskDefinition[] byId) {
        this.byId = byId;
    }

    /** @throws TaskDefinitionException naming the method when a constraint value is invalid */
    static TaskDefinitions of(TaskRegistry registry) {
        int max = registry.all().stream().mapToInt(TaskMethod::id).max().orElse(-1);
        TaskDefinition[] defs = new TaskDefinition[max + 1];
        for (TaskMethod m : registry.all()) {
            ResourceRequest request;
            AutoBandwidth auto;
            try {
                request = ResourceRequest.parse(m.computingUnits(), m.memorySize(), m.processorArchitecture(),
                        m.storageBW(), m.storageSize(), m.io());
                auto = AutoBandwidth.parse(m.storageBW());
            } catch (IllegalArgumentException e) {
                throw new TaskDefinitionException(m.declaredAt() + ": @Constraints: " + e.getMessage());
            }
            List<String> types = new ArrayList<>();
            for (Class<?> c : m.implementation().getParameterTypes()) {
                types.add(c.getName());
            }
            defs[m.id()] = new TaskDefinition(m.id(), m.label(), m.declaringClass().getName(), m.name(), types,
                    !m.isStatic(), m.returnType().getName(), request, m.priority(), m.io(), auto, m.onFailure(),
                    m.timeOutMs());
        }
        return new TaskDefinitions(defs);
    }

    TaskDefinition get(int id) {
        return byId[id];
    }

    List<TaskDefinition> all() {
        List<TaskDefinition> out = new ArrayList<>();
        for (TaskDefinition d : byId) {
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }
}
