package io.braid.launcher.app;

import io.braid.api.Binary;
import io.braid.api.Constants;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.MPI;
import io.braid.api.Type;
import io.braid.streams.FileDistroStream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the {@code @Binary} and {@code @MPI} implementations of an interface method and checks
 * that its signature suits a program: parameters that render as command-line text, and an exit
 * value (int or Integer) or nothing as return.
 */
final class ProcessImplementations {
    private ProcessImplementations() {
    }

    /** The method's {@code @Binary} then {@code @MPI} implementations, in declaration order. */
    static List<TaskImpl> of(String where, java.lang.reflect.Method m, Class<?> itf) {
        List<TaskImpl> out = new ArrayList<>();
        Constraints onMethod = m.getAnnotation(Constraints.class);
        Constraints onType = itf.getAnnotation(Constraints.class);
        for (Binary b : m.getAnnotationsByType(Binary.class)) {
            String binary = required(where, "@Binary", "binary", b.binary());
            unsupportedArgs(where, "@Binary", b.args());
            out.add(new TaskImpl(TaskImpl.Kind.BINARY,
                    TaskRegistry.constraint(b.constraints(), onMethod, onType, Constraints::computingUnits),
                    TaskRegistry.constraint(b.constraints(), onMethod, onType, Constraints::memorySize),
                    TaskRegistry.constraint(b.constraints(), onMethod, onType, Constraints::processorArchitecture),
                    TaskRegistry.constraint(b.constraints(), onMethod, onType, Constraints::storageBW),
                    TaskRegistry.constraint(b.constraints(), onMethod, onType, Constraints::storageSize),
                    binary, optional(b.workingDir()), null, List.of(), 1, false,
                    TaskRegistry.flag(where, "@Binary", "failByExitValue", b.failByExitValue()), null, null));
        }
        for (MPI mpi : m.getAnnotationsByType(MPI.class)) {
            String binary = required(where, "@MPI", "binary", mpi.binary());
            String runner = required(where, "@MPI", "mpiRunner", mpi.mpiRunner());
            unsupportedArgs(where, "@MPI", mpi.args());
            String processes = optional(mpi.processes());
            if (processes == null) {
                processes = optional(mpi.computingNodes());
            }
            String flags = optional(mpi.mpiFlags());
            TaskImpl impl = new TaskImpl(TaskImpl.Kind.MPI,
                    TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::computingUnits),
                    TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::memorySize),
                    TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::processorArchitecture),
                    TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::storageBW),
                    TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::storageSize),
                    binary, optional(mpi.workingDir()), runner,
                    flags == null ? List.of() : Arrays.stream(flags.split(" +")).filter(f -> !f.isEmpty()).toList(),
                    processes == null ? 1 : positive(where, "processes", processes), mpi.scaleByCU(),
                    mpi.failByExitValue(), null, null);
            if (!impl.computingUnits().isEmpty()) {
                positive(where, "constraints computingUnits", impl.computingUnits());
            }
            out.add(impl);
        }
        return out;
    }

    /** Whether a program can take these parameters and give this return. */
    static void checkSignature(String where, Class<?> returnType, List<TaskParam> params) {
        if (returnType != void.class && returnType != int.class && returnType != Integer.class) {
            throw new TaskDefinitionException(where + ": a @Binary or @MPI task returns its exit value as int or"
                    + " Integer (or nothing), not " + returnType.getTypeName());
        }
        for (TaskParam p : params) {
            if (p.type() == Type.STREAM && !FileDistroStream.class.isAssignableFrom(p.javaType())) {
                throw new TaskDefinitionException(where + ": a @Binary or @MPI task takes file streams only"
                        + " (its directory is the argument), not a " + p.javaType().getTypeName());
            }
            if (p.type() == Type.OBJECT && p.direction() != Direction.IN && p.direction() != Direction.IN_DELETE) {
                throw new TaskDefinitionException(where + ": a @Binary or @MPI task cannot write an object parameter"
                        + " (direction " + p.direction() + " on " + p.javaType().getTypeName() + ")");
            }
        }
    }

    static String optional(String value) {
        String v = value.trim();
        return v.isEmpty() || v.equals(Constants.UNASSIGNED) ? null : v;
    }

    private static String required(String where, String annotation, String member, String value) {
        String v = optional(value);
        if (v == null) {
            throw new TaskDefinitionException(where + ": " + annotation + " needs " + member);
        }
        return v;
    }

    private static void unsupportedArgs(String where, String annotation, String args) {
        if (optional(args) != null) {
            throw new TaskDefinitionException(where + ": " + annotation + "(args = ...) is not supported: the"
                    + " parameters, in order and with their prefix, form the command line");
        }
    }

    private static int positive(String where, String member, String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new TaskDefinitionException(where + ": @MPI " + member + " = \"" + value + "\": expected a whole number >= 1");
    }
}
