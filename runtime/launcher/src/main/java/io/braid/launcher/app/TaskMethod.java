package io.braid.launcher.app;

import io.braid.api.Direction;
import io.braid.api.OnFailure;
import io.braid.api.Type;

import java.util.List;

/**
 * A validated task: the interface declaration joined with its implementation method.
 *
 * @param id                    dense id (0..n-1), embedded in rewritten call sites
 * @param declaringClass        class implementing the task (loaded by the application loader)
 * @param name                  method name (the interface method's, or {@code @Method(name)})
 * @param descriptor            JVM descriptor of the implementation method
 * @param isStatic              static task; otherwise the callee travels as {@code args[0]}
 * @param returnType            declared return type ({@code void.class} for none)
 * @param params                declared parameters, callee excluded
 * @param calleeType            OBJECT for instance tasks, null for static ones
 * @param calleeDirection       {@code @Method(targetDirection)}, IN when {@code isModifier = "false"}; null
 *                              for static tasks
 * @param computingUnits        raw {@code @Constraints} value, "" when absent ({@code @Method(constraints)}
 *                              wins over the method's {@code @Constraints}, which wins over the interface's,
 *                              attribute by attribute)
 * @param memorySize            idem
 * @param processorArchitecture idem
 * @param storageBW             idem
 * @param storageSize           idem
 * @param priority              {@code @Method(priority = "true")}
 * @param io                    {@code @IO} present
 * @param onFailure             {@code @Method(onFailure)}
 * @param timeOutMs             {@code @Method(timeOut)} in milliseconds, 0 for none
 * @param implementation        the implementation method (reflective handle, not made accessible)
 * @param declaredAt            the interface method, e.g. {@code demo.MainItf.square(int)}
 * @param implementations       every implementation ({@code @Method} first, then {@code @Binary}, {@code @MPI});
 *                              the constraint fields above are the first one's
 * @param anyOwner              no {@code @Method}: static calls of this name and descriptor are the task
 *                              whatever class they name (COMPSs' binary stubs); {@code declaringClass} is then
 *                              the interface and {@code implementation} the interface method
 */
public record TaskMethod(
        int id,
        Class<?> declaringClass,
        String name,
        String descriptor,
        boolean isStatic,
        Class<?> returnType,
        List<TaskParam> params,
        Type calleeType,
        Direction calleeDirection,
        String computingUnits,
        String memorySize,
        String processorArchitecture,
        String storageBW,
        String storageSize,
        boolean priority,
        boolean io,
        OnFailure onFailure,
        long timeOutMs,
        java.lang.reflect.Method implementation,
        String declaredAt,
        List<TaskImpl> implementations,
        boolean anyOwner) {

    public TaskMethod {
        params = List.copyOf(params);
        implementations = List.copyOf(implementations);
    }

    /** Whether the task has a Java method to call (not only programs). */
    public boolean hasJavaMethod() {
        return implementations.get(0).kind() == TaskImpl.Kind.METHOD;
    }

    /** {@code demo.Tasks.square}. */
    public String label() {
        return declaringClass.getName() + "." + name;
    }

    /** Internal (slash) name of the declaring class, as call sites name their owner. */
    public String ownerInternalName() {
        return declaringClass.getName().replace('.', '/');
    }

    /** Number of values in the {@code args} array of a call: params, plus the callee first. */
    public int argCount() {
        return params.size() + (isStatic ? 0 : 1);
    }

    @Override
    public String toString() {
        return label() + descriptor + "#" + id;
    }
}
