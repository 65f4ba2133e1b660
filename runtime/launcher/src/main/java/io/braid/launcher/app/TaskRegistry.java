package io.braid.launcher.app;

import io.braid.api.Constants;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.IO;
import io.braid.api.Method;
import io.braid.api.OnFailure;
import io.braid.api.Parameter;
import io.braid.api.Type;
import io.braid.streams.ObjectDistroStream;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The application's tasks, read from its annotated interfaces and checked against their
 * implementation methods. Immutable once loaded.
 *
 * <p>{@link #lookup} matches a call site by exact owner: {@code Tasks.square(3)} names
 * {@code demo/Tasks} as owner. Calls whose owner is a subclass of the declaring class (instance
 * tasks called through a subclass-typed variable) are resolved by the rewriter, which walks the
 * owner's superclasses and asks {@link #lookup} again for each (see
 * {@code io.braid.launcher.instrument.CallSiteRewriter}); calls through an interface type are not
 * tasks.
 */
public final class TaskRegistry {
    /** Site-key owner of tasks without a Java method (any class's static call of that name and descriptor). */
    private static final String ANY_OWNER = "*";
    private final List<TaskMethod> tasks;
    private final Map<String, TaskMethod> bySite;
    private final Set<String> nameDescs;

    private TaskRegistry(List<TaskMethod> tasks) {
        this.tasks = List.copyOf(tasks);
        Map<String, TaskMethod> sites = new HashMap<>();
        Set<String> nameDescs = new HashSet<>();
        for (TaskMethod t : tasks) {
            sites.put(siteKey(t.anyOwner() ? ANY_OWNER : t.ownerInternalName(), t.name(), t.descriptor()), t);
            nameDescs.add(t.name() + t.descriptor());
        }
        this.bySite = Map.copyOf(sites);
        this.nameDescs = Set.copyOf(nameDescs);
    }

    /** A registry with no task (an application without annotated interface methods). */
    public static TaskRegistry empty() {
        return new TaskRegistry(List.of());
    }

    /**
     * Reads and validates the annotated interfaces, in order; task ids follow declaration order.
     *
     * @throws TaskDefinitionException on the first problem, naming the interface method
     */
    public static TaskRegistry load(ClassLoader appLoader, List<String> interfaceNames) {
        List<TaskMethod> tasks = new ArrayList<>();
        Map<String, String> declaredBy = new HashMap<>();
        for (String itfName : interfaceNames) {
            Class<?> itf = loadInterface(appLoader, itfName);
            java.lang.reflect.Method[] methods = itf.getDeclaredMethods();
            // Declaration order is not guaranteed by reflection; sort for stable ids.
            Arrays.sort(methods, (a, b) -> signature(a).compareTo(signature(b)));
            for (java.lang.reflect.Method m : methods) {
                if (Modifier.isStatic(m.getModifiers()) || m.isSynthetic() || m.isBridge()) {
                    continue;
                }
                TaskMethod t = define(appLoader, itf, m, tasks.size());
                String key = siteKey(t.anyOwner() ? ANY_OWNER : t.ownerInternalName(), t.name(), t.descriptor());
                String previous = declaredBy.putIfAbsent(key, t.declaredAt());
                if (previous != null) {
                    throw new TaskDefinitionException(t.declaredAt() + ": task " + t.label()
                            + " is already declared by " + previous);
                }
                tasks.add(t);
            }
        }
        return new TaskRegistry(tasks);
    }

    /** The annotated interface of {@code pkg.Main}: {@code pkg.MainItf}. */
    public static String defaultInterfaceOf(String mainClass) {
        return mainClass + "Itf";
    }

    /**
     * The task called by a call site, matched exactly on owner (internal name), name and
     * descriptor; a task without a Java method ({@code @Binary}/{@code @MPI} only) matches any owner.
     */
    public Optional<TaskMethod> lookup(String ownerInternalName, String name, String descriptor) {
        if (bySite.isEmpty()) {
            return Optional.empty();
        }
        TaskMethod t = bySite.get(siteKey(ownerInternalName, name, descriptor));
        if (t == null && !isPlatformClass(ownerInternalName)) {
            t = bySite.get(siteKey(ANY_OWNER, name, descriptor));
        }
        return Optional.ofNullable(t);
    }

    /**
     * Whether some task has this name and descriptor, whatever its owner: the cheap pre-filter
     * before walking a call site owner's superclasses.
     */
    public boolean mayMatch(String name, String descriptor) {
        return !nameDescs.isEmpty() && nameDescs.contains(name + descriptor);
    }

    /** @throws IllegalArgumentException for an unknown id */
    public TaskMethod byId(int id) {
        if (id < 0 || id >= tasks.size()) {
            throw new IllegalArgumentException("no task with id " + id);
        }
        return tasks.get(id);
    }

    public List<TaskMethod> all() {
        return tasks;
    }

    /** True when some task takes an object stream: the run will use object streams (and their broker). */
    public boolean takesObjectStreams() {
        for (TaskMethod m : tasks) {
            if (m.implementation() != null && Arrays.stream(m.implementation().getParameterTypes())
                    .anyMatch(ObjectDistroStream.class::isAssignableFrom)) {
                return true;
            }
        }
        return false;
    }

    /** The JDK's classes: a call of {@code Math.max(int,int)} is never a binary task named max. */
    private static boolean isPlatformClass(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/") || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/") || internalName.startsWith("com/sun/");
    }

    private static String siteKey(String owner, String name, String descriptor) {
        return owner + '.' + name + descriptor;
    }

    private static Class<?> loadInterface(ClassLoader loader, String name) {
        Class<?> itf;
        try {
            itf = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            String main = name.endsWith("Itf") ? name.substring(0, name.length() - 3) : null;
            throw new TaskDefinitionException("interface " + name + " not found"
                    + (main == null ? "" : " (the annotated interface of main class " + main
                    + " must be " + name + ", or pass --interface)"));
        }
        if (!itf.isInterface()) {
            throw new TaskDefinitionException(name + " is not an interface (the annotated interface"
                    + " declares the tasks)");
        }
        return itf;
    }

    private static TaskDefinitionException fail(String where, String what) {
        return new TaskDefinitionException(where + ": " + what);
    }

    private static TaskMethod define(ClassLoader loader, Class<?> itf, java.lang.reflect.Method m, int id) {
        String where = itf.getName() + "." + signature(m);
        Method method = m.getAnnotation(Method.class);
        List<TaskImpl> programs = new ArrayList<>(ProcessImplementations.of(where, m, itf));
        List<TaskImpl> cFunctions = CFunctionImplementations.of(where, m, itf);
        if (method == null && programs.isEmpty() && cFunctions.isEmpty()) {
            throw fail(where, "no @Method, @Binary, @MPI or @CFunction annotation (every method of an annotated"
                    + " interface declares a task)");
        }
        List<TaskParam> params = new ArrayList<>();
        Class<?>[] types = m.getParameterTypes();
        java.lang.reflect.Parameter[] declared = m.getParameters();
        for (int i = 0; i < types.length; i++) {
            params.add(TaskParams.read(where, types[i], declared[i].getAnnotation(Parameter.class)));
        }
        if ((!programs.isEmpty() || !cFunctions.isEmpty() || method == null)
                && params.stream().anyMatch(p -> p.type() == Type.COLLECTION)) {
            throw fail(where, "@Parameter(type=COLLECTION) on a task with @Binary, @MPI or @CFunction implementations"
                    + " (only a Java method takes a collection)");
        }
        if (!programs.isEmpty()) {
            ProcessImplementations.checkSignature(where, m.getReturnType(), params);
        }
        if (!cFunctions.isEmpty()) {
            params = CFunctionImplementations.checkSignature(where, m.getReturnType(), params);
            programs.addAll(cFunctions); // from here on, "programs" are the implementations without a Java method
        }
        Constraints onMethod = m.getAnnotation(Constraints.class);
        Constraints onType = itf.getAnnotation(Constraints.class);
        if (method == null) {
            TaskImpl first = programs.get(0);
            boolean priority = m.getAnnotationsByType(io.braid.api.Binary.class).length > 0
                    ? flag(where, "@Binary", "priority", m.getAnnotationsByType(io.braid.api.Binary.class)[0].priority())
                    : m.getAnnotationsByType(io.braid.api.MPI.class).length > 0
                    ? flag(where, "@MPI", "priority", m.getAnnotationsByType(io.braid.api.MPI.class)[0].priority())
                    : flag(where, "@CFunction", "priority",
                            m.getAnnotationsByType(io.braid.api.CFunction.class)[0].priority());
            return new TaskMethod(id, itf, m.getName(), org.objectweb.asm.Type.getMethodDescriptor(m), true,
                    m.getReturnType(), params, null, null, first.computingUnits(), first.memorySize(),
                    first.processorArchitecture(), first.storageBW(), first.storageSize(), priority,
                    m.isAnnotationPresent(IO.class), OnFailure.RETRY, 0, m, where, programs, true);
        }
        String className = method.declaringClass().trim();
        if (className.isEmpty()) {
            throw fail(where, "@Method has an empty declaringClass");
        }
        Class<?> impl;
        try {
            impl = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw fail(where, "class " + className + " not found");
        }
        String implName = method.name().trim();
        if (implName.isEmpty() || implName.equals(Constants.UNASSIGNED)) {
            implName = m.getName();
        }
        java.lang.reflect.Method target = findImplementation(impl, implName, m.getParameterTypes());
        if (target == null) {
            throw fail(where, "declaringClass " + className + " has no method " + implName
                    + signature(m).substring(m.getName().length()));
        }
        if (target.getReturnType() != m.getReturnType()) {
            throw fail(where, "return type " + m.getReturnType().getTypeName() + " does not match "
                    + className + "." + signature(target) + " which returns "
                    + target.getReturnType().getTypeName());
        }
        boolean isStatic = Modifier.isStatic(target.getModifiers());
        if (!isStatic && !programs.isEmpty()) {
            throw fail(where, "a task with @Binary, @MPI or @CFunction implementations must be static (a program"
                    + " or a C function has no callee)");
        }
        Constraints onImpl = method.constraints();
        TaskImpl javaImpl = TaskImpl.method(
                constraint(onImpl, onMethod, onType, Constraints::computingUnits),
                constraint(onImpl, onMethod, onType, Constraints::memorySize),
                constraint(onImpl, onMethod, onType, Constraints::processorArchitecture),
                constraint(onImpl, onMethod, onType, Constraints::storageBW),
                constraint(onImpl, onMethod, onType, Constraints::storageSize));
        List<TaskImpl> all = new ArrayList<>();
        all.add(javaImpl);
        all.addAll(programs);
        return new TaskMethod(id, impl, implName, org.objectweb.asm.Type.getMethodDescriptor(target),
                isStatic, target.getReturnType(), params,
                isStatic ? null : Type.OBJECT,
                isStatic ? null : calleeDirection(where, method),
                javaImpl.computingUnits(), javaImpl.memorySize(), javaImpl.processorArchitecture(),
                javaImpl.storageBW(), javaImpl.storageSize(),
                flag(where, "priority", method.priority()), m.isAnnotationPresent(IO.class),
                method.onFailure(), timeOut(where, method.timeOut()), target, where, all, false);
    }

    /** {@code targetDirection}, or IN for older COMPSs' {@code isModifier = "false"}. */
    private static Direction calleeDirection(String where, Method method) {
        boolean modifier = flag(where, "isModifier", method.isModifier());
        Direction d = method.targetDirection();
        if (!modifier) {
            return Direction.IN;
        }
        if (d == Direction.OUT) {
            throw fail(where, "@Method(targetDirection = OUT): a task cannot replace its callee (use IN or INOUT)");
        }
        return d;
    }

    /** COMPSs' String flags: "true" or "false" (any case). */
    private static boolean flag(String where, String member, String value) {
        return flag(where, "@Method", member, value);
    }

    /** COMPSs' String flags of {@code annotation}: "true" or "false" (any case). */
    static boolean flag(String where, String annotation, String member, String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw fail(where, annotation + "(" + member + " = \"" + value + "\"): expected \"true\" or \"false\"");
    }

    /** Milliseconds, a whole number >= 0; "" or unassigned for none. */
    private static long timeOut(String where, String value) {
        String v = value.trim();
        if (v.isEmpty() || v.equals(Constants.UNASSIGNED)) {
            return 0;
        }
        try {
            long ms = Long.parseLong(v);
            if (ms >= 0) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(where, "@Method(timeOut = \"" + value + "\"): expected a whole number of milliseconds >= 0");
    }

    static String constraint(Constraints onImpl, Constraints onMethod, Constraints onType,
                                     java.util.function.Function<Constraints, String> attribute) {
        String v = onImpl == null ? "" : attribute.apply(onImpl).trim();
        if (v.isEmpty() && onMethod != null) {
            v = attribute.apply(onMethod).trim();
        }
        if (v.isEmpty() && onType != null) {
            v = attribute.apply(onType).trim();
        }
        return v;
    }

    /** Declared in the class or inherited from a superclass, any visibility. */
    private static java.lang.reflect.Method findImplementation(Class<?> impl, String name, Class<?>[] types) {
        for (Class<?> c = impl; c != null; c = c.getSuperclass()) {
            try {
                java.lang.reflect.Method found = c.getDeclaredMethod(name, types);
                if (!found.isBridge() && !found.isSynthetic()) {
                    return found;
                }
            } catch (NoSuchMethodException e) {
                // keep looking upwards
            } catch (LinkageError e) {
                return null;
            }
        }
        return null;
    }

    /** {@code square(int)}, {@code mult(demo.Matrix,demo.Matrix)}. */
    static String signature(java.lang.reflect.Method m) {
        return m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getTypeName)
                .collect(Collectors.joining(",", "(", ")"));
    }
}
