package io.braid.launcher.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Class relationships read from class files, never by loading classes: the rewriter must not
 * load (or re-enter the definition of) application classes while it rewrites one of them.
 */
public final class ClassHierarchy {
    private static final ClassInfo MISSING = new ClassInfo(null, List.of(), false, Set.of());

    private final Function<String, byte[]> classFiles;
    private final Map<String, ClassInfo> infos = new ConcurrentHashMap<>();

    /**
     * @param classFiles the class file of an internal name ({@code java/util/List}), or null when
     *                   there is none
     */
    public ClassHierarchy(Function<String, byte[]> classFiles) {
        this.classFiles = classFiles;
    }

    private record ClassInfo(String superName, List<String> interfaces, boolean isInterface,
                             Set<String> methods) {
    }

    private ClassInfo info(String internalName) {
        if (internalName == null || internalName.startsWith("[")) {
            return MISSING;
        }
        return infos.computeIfAbsent(internalName, this::read);
    }

    private ClassInfo read(String internalName) {
        byte[] bytes;
        try {
            bytes = classFiles.apply(internalName);
        } catch (RuntimeException e) {
            bytes = null;
        }
        if (bytes == null) {
            return MISSING;
        }
        ClassReader reader = new ClassReader(bytes);
        Set<String> methods = new HashSet<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor,
                                             String signature, String[] exceptions) {
                methods.add(name + descriptor);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader.getSuperName(), List.of(reader.getInterfaces()),
                (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0, Set.copyOf(methods));
    }

    /** Whether the class file exists. */
    public boolean exists(String internalName) {
        return info(internalName) != MISSING;
    }

    /** The superclass, or null for {@code java/lang/Object}, interfaces' none, and unknown classes. */
    public String superName(String internalName) {
        return info(internalName).superName();
    }

    /** Whether the class itself declares a method with this name and descriptor. */
    public boolean declares(String internalName, String name, String descriptor) {
        return info(internalName).methods().contains(name + descriptor);
    }

    /** Whether {@code type} is {@code ancestor} or extends/implements it, directly or not. */
    public boolean isSubtypeOf(String type, String ancestor) {
        Deque<String> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        todo.add(type);
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (t.equals(ancestor)) {
                return true;
            }
            if (!seen.add(t)) {
                continue;
            }
            ClassInfo i = info(t);
            if (i.superName() != null) {
                todo.add(i.superName());
            }
            todo.addAll(i.interfaces());
        }
        return false;
    }

    /** For {@code ClassWriter.getCommonSuperClass}: same answer, from class files. */
    public String commonSuperClass(String a, String b) {
        if (a.equals(b)) {
            return a;
        }
        ClassInfo ia = info(a);
        ClassInfo ib = info(b);
        if (ia == MISSING || ib == MISSING || ia.isInterface() || ib.isInterface()) {
            return "java/lang/Object";
        }
        Set<String> ancestorsOfA = new HashSet<>();
        for (String t = a; t != null; t = superName(t)) {
            ancestorsOfA.add(t);
        }
        for (String t = b; t != null; t = superName(t)) {
            if (ancestorsOfA.contains(t)) {
                return t;
            }
        }
        return "java/lang/Object";
    }
}
