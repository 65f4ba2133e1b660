package io.braid.launcher.run;

import io.braid.api.Constants;
import io.braid.api.StdIOStream;
import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.ProcessCall;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskImplementation;
import io.braid.launcher.app.TaskImpl;
import io.braid.launcher.app.TaskParam;
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
            List<TaskImplementation> impls = new ArrayList<>();
            AutoBandwidth auto;
            try {
                for (TaskImpl impl : m.implementations()) {
                    ResourceRequest r = ResourceRequest.parse(impl.heldComputingUnits(), impl.memorySize(),
                            impl.processorArchitecture(), impl.storageBW(), impl.storageSize(), m.io());
                    impls.add(impl.kind() == TaskImpl.Kind.C_FUNCTION
                            ? TaskImplementation.cFunction(new CFunctionCall(impl.library(), impl.symbol(),
                                    m.returnType().getName()), r)
                            : new TaskImplementation(kind(impl), r, processCall(impl, m)));
                }
                auto = AutoBandwidth.parse(m.storageBW());
            } catch (IllegalArgumentException e) {
                throw new TaskDefinitionException(m.declaredAt() + ": @Constraints: " + e.getMessage());
            }
            if (impls.size() > 1 && auto != null) {
                throw new TaskDefinitionException(m.declaredAt() + ": storageBW = \"auto\" on a task with several"
                        + " implementations is not supported");
            }
            List<String> types = new ArrayList<>();
            for (Class<?> c : m.implementation().getParameterTypes()) {
                types.add(c.getName());
            }
            defs[m.id()] = new TaskDefinition(m.id(), m.label(), m.declaringClass().getName(), m.name(), types,
                    !m.isStatic(), m.returnType().getName(), impls.get(0).request(), m.priority(), m.io(), auto,
                    m.onFailure(), m.timeOutMs(), impls.size() == 1 && impls.get(0).kind() == TaskImplementation.Kind.METHOD ? List.of() : impls);
        }
        return new TaskDefinitions(defs);
    }

    private static TaskImplementation.Kind kind(TaskImpl impl) {
        return switch (impl.kind()) {
            case METHOD -> TaskImplementation.Kind.METHOD;
            case BINARY -> TaskImplementation.Kind.BINARY;
            case MPI -> TaskImplementation.Kind.MPI;
            case C_FUNCTION -> TaskImplementation.Kind.C_FUNCTION;
        };
    }

    /** How a worker starts a program implementation; null for the Java method. */
    private static ProcessCall processCall(TaskImpl impl, TaskMethod m) {
        if (impl.kind() == TaskImpl.Kind.METHOD) {
            return null;
        }
        List<String> prefixes = new ArrayList<>();
        List<String> streams = new ArrayList<>();
        for (TaskParam p : m.params()) {
            prefixes.add(Constants.PREFIX_EMPTY.equals(p.prefix()) ? null : p.prefix());
            streams.add(p.stream() == StdIOStream.UNSPECIFIED ? null : p.stream().name());
        }
        boolean mpi = impl.kind() == TaskImpl.Kind.MPI;
        return new ProcessCall(mpi, impl.binary(), impl.workingDir(), impl.mpiRunner(), impl.mpiFlags(),
                mpi ? impl.ranks() : 0, impl.failByExitValue(), prefixes, streams);
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
