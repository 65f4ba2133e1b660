package io.braid.launcher.app;

import io.braid.api.Binary;
import io.braid.api.Constants;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.MPI;
import io.braid.api.StdIOStream;
import io.braid.streams.FileDistroStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code @Binary} and {@code @MPI} implementations of an interface method and checks
 * that its signature suits a program: parameters that render as command-line text, and an exit
 * value (int or Integer) or nothing as return. The rules a Python main program's programs follow
 * too are {@link ProgramRules}'; this class spells them for Java's annotations.
 */
final class ProcessImplementations {
    private ProcessImplementations() {
    }

    /** How a Java interface's programs are named in messages: by their annotations' members. */
    static ProgramRules.Spelling spelling(String where) {
        return new ProgramRules.Spelling(where + ": ", "@Binary", "@MPI", "@Constraints",
                List.of("binary", "mpiRunner", "processes", "scaleByCU", "failByExitValue", "computingUnits"), true,
                "a @Binary or @MPI task", "values and objects it reads (as command-line text), files and file streams"
                        + " (the stream's directory)", TaskDefinitionException::new);
    }

    /** The method's {@code @Binary} then {@code @MPI} implementations, in declaration order. */
    static List<TaskImpl> of(String where, java.lang.reflect.Method m, Class<?> itf) {
        ProgramRules.Spelling spelling = spelling(where);
        List<TaskImpl> out = new ArrayList<>();
        Constraints onMethod = m.getAnnotation(Constraints.class);
        Constraints onType = itf.getAnnotation(Constraints.class);
        for (Binary b : m.getAnnotationsByType(Binary.class)) {
            unsupportedArgs(where, "@Binary", b.args());
            ProgramRules.Program p = ProgramRules.program(spelling, new ProgramRules.Declaration(false,
                    optional(b.binary()), optional(b.workingDir()), null, null, null, null,
                    optional(b.failByExitValue()), null));
            out.add(impl(TaskImpl.Kind.BINARY, b.constraints(), onMethod, onType, p));
        }
        for (MPI mpi : m.getAnnotationsByType(MPI.class)) {
            unsupportedArgs(where, "@MPI", mpi.args());
            String processes = optional(mpi.processes());
            String units = TaskRegistry.constraint(mpi.constraints(), onMethod, onType, Constraints::computingUnits);
            ProgramRules.Program p = ProgramRules.program(spelling, new ProgramRules.Declaration(true,
                    optional(mpi.binary()), optional(mpi.workingDir()), optional(mpi.mpiRunner()),
                    optional(mpi.mpiFlags()), processes != null ? processes : optional(mpi.computingNodes()),
                    String.valueOf(mpi.scaleByCU()), String.valueOf(mpi.failByExitValue()), units));
            out.add(impl(TaskImpl.Kind.MPI, mpi.constraints(), onMethod, onType, p));
        }
        return out;
    }

    private static TaskImpl impl(TaskImpl.Kind kind, Constraints own, Constraints onMethod, Constraints onType,
                                 ProgramRules.Program p) {
        return new TaskImpl(kind,
                TaskRegistry.constraint(own, onMethod, onType, Constraints::computingUnits),
                TaskRegistry.constraint(own, onMethod, onType, Constraints::memorySize),
                TaskRegistry.constraint(own, onMethod, onType, Constraints::processorArchitecture),
                TaskRegistry.constraint(own, onMethod, onType, Constraints::storageBW),
                TaskRegistry.constraint(own, onMethod, onType, Constraints::storageSize),
                p.binary(), p.workingDir(), p.runner(), p.flags(), p.processes(), p.scaleByCU(), p.failByExitValue(),
                null, null);
    }

    /** Whether a program can take these parameters and give this return. */
    static void checkSignature(String where, Class<?> returnType, List<TaskParam> params) {
        if (returnType != void.class && returnType != int.class && returnType != Integer.class) {
            throw new TaskDefinitionException(where + ": a @Binary or @MPI task returns its exit value as int or"
                    + " Integer (or nothing), not " + returnType.getTypeName());
        }
        List<ProgramRules.Param> shapes = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            TaskParam p = params.get(i);
            ProgramRules.ParamKind kind = switch (p.type()) {
                case FILE -> ProgramRules.ParamKind.FILE;
                case STREAM -> FileDistroStream.class.isAssignableFrom(p.javaType())
                        ? ProgramRules.ParamKind.FILE_STREAM : ProgramRules.ParamKind.OTHER;
                case COLLECTION -> ProgramRules.ParamKind.OTHER;
                default -> p.direction() == Direction.IN || p.direction() == Direction.IN_DELETE
                        ? ProgramRules.ParamKind.VALUE : ProgramRules.ParamKind.WRITTEN_VALUE;
            };
            shapes.add(new ProgramRules.Param("parameter " + (i + 1) + " (" + p.direction() + " "
                    + p.javaType().getTypeName() + ")", kind,
                    p.stream() == StdIOStream.UNSPECIFIED ? null : p.stream().name()));
        }
        ProgramRules.params(spelling(where), shapes);
    }

    /** The annotation member's value; null when empty or unassigned. */
    static String optional(String value) {
        String v = value.trim();
        return v.isEmpty() || v.equals(Constants.UNASSIGNED) ? null : v;
    }

    private static void unsupportedArgs(String where, String annotation, String args) {
        if (optional(args) != null) {
            throw new TaskDefinitionException(where + ": " + annotation + "(args = ...) is not supported: the"
                    + " parameters, in order and with their prefix, form the command line");
        }
    }
}
