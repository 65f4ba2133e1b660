package io.braid.launcher.app;

import io.braid.api.CFunction;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.Type;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the {@code @CFunction} implementations of an interface method and checks that its
 * signature is one a C function can have: basic types, strings, files and byte buffers in, a
 * basic type or nothing out.
 */
final class CFunctionImplementations {
    private static final Set<Class<?>> BASIC = Set.of(boolean.class, byte.class, char.class, short.class, int.class,
            long.class, float.class, double.class);

    private CFunctionImplementations() {
    }

    /** The method's {@code @CFunction} implementations, in declaration order. */
    static List<TaskImpl> of(String where, java.lang.reflect.Method m, Class<?> itf) {
        List<TaskImpl> out = new ArrayList<>();
        Constraints onMethod = m.getAnnotation(Constraints.class);
        Constraints onType = itf.getAnnotation(Constraints.class);
        for (CFunction c : m.getAnnotationsByType(CFunction.class)) {
            String library = required(where, "library", c.library());
            String symbol = required(where, "symbol", c.symbol());
            TaskRegistry.flag(where, "@CFunction", "priority", c.priority());
            out.add(TaskImpl.cFunction(
                    TaskRegistry.constraint(c.constraints(), onMethod, onType, Constraints::computingUnits),
                    TaskRegistry.constraint(c.constraints(), onMethod, onType, Constraints::memorySize),
                    TaskRegistry.constraint(c.constraints(), onMethod, onType, Constraints::processorArchitecture),
                    TaskRegistry.constraint(c.constraints(), onMethod, onType, Constraints::storageBW),
                    TaskRegistry.constraint(c.constraints(), onMethod, onType, Constraints::storageSize),
                    library, symbol));
        }
        return out;
    }

    /**
     * Checks the parameters and return of a task with C function implementations and gives its
     * parameters as the runtime handles them: an OUT {@code byte[]} or {@code ByteBuffer} is INOUT,
     * because the worker must know the buffer's length and only the main program's buffer tells it
     * (the function sees its current bytes and overwrites them).
     */
    static List<TaskParam> checkSignature(String where, Class<?> returnType, List<TaskParam> params) {
        if (returnType != void.class && !BASIC.contains(returnType)) {
            throw new TaskDefinitionException(where + ": a @CFunction task returns a basic type (boolean, byte, char,"
                    + " short, int, long, float, double) or nothing, not " + returnType.getTypeName());
        }
        List<TaskParam> out = new ArrayList<>(params.size());
        for (int i = 0; i < params.size(); i++) {
            TaskParam p = params.get(i);
            Class<?> t = p.javaType();
            String which = "parameter " + (i + 1) + " (" + t.getTypeName() + ")";
            if (p.type() == Type.FILE) {
                out.add(p);
            } else if (BASIC.contains(t) || t == String.class) {
                out.add(p); // by value: TaskParams already refuses a direction other than IN
            } else if ((t == byte[].class || t == ByteBuffer.class) && p.type() == Type.OBJECT) {
                if (p.direction() == Direction.OUT) {
                    out.add(new TaskParam(p.type(), Direction.INOUT, t, p.stream(), p.prefix(), p.weight(),
                            p.keepRename(), p.name()));
                } else if (p.direction() == Direction.IN || p.direction() == Direction.INOUT) {
                    out.add(p);
                } else {
                    throw new TaskDefinitionException(where + ": a @CFunction task takes a buffer IN, OUT or INOUT,"
                            + " not " + p.direction() + " (" + which + ")");
                }
            } else {
                throw new TaskDefinitionException(where + ": a @CFunction task takes basic types, String, FILE"
                        + " (@Parameter(type = FILE)), byte[] and ByteBuffer parameters, not " + which);
            }
        }
        return out;
    }

    private static String required(String where, String member, String value) {
        String v = ProcessImplementations.optional(value);
        if (v == null) {
            throw new TaskDefinitionException(where + ": @CFunction needs " + member + " (e.g. @CFunction(library ="
                    + " \"libm.so.6\", symbol = \"cos\"))");
        }
        return v;
    }
}
