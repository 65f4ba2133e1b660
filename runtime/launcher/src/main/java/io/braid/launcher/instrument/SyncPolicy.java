package io.braid.launcher.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Which values a call site hands to code that does not synchronise by itself (the JDK), and must
 * therefore be brought up to date first. Application methods touch what they use themselves, so
 * only their receivers are touched at the call site.
 *
 * <ul>
 *   <li>Receivers of virtual/interface calls: touched (deep for whole-collection JDK methods
 *       such as {@code forEach}, {@code toString}, {@code stream}, {@code contains}).</li>
 *   <li>Reference arguments of non-application methods and constructors: touched; deep when the
 *       declared type is {@code Object}, an {@code Iterable}/{@code Collection}/{@code Map} or
 *       an array of references (the JDK may read their elements).</li>
 *   <li>Except the stored elements of collection-storing methods ({@code add}, {@code set},
 *       {@code offer}, {@code push}, {@code Map.put} value, ...): collecting task results stays
 *       asynchronous. Map keys are touched (hashed); {@code addAll}/{@code putAll} touch the
 *       argument collection itself, not its elements.</li>
 *   <li>File-naming arguments ({@code String}, {@code File}, {@code Path}) of file-opening JDK
 *       constructors, of {@code java.nio.file.Files} methods, and of some {@code java.io.File}
 *       methods (receiver included): {@link #FILE} as well.</li>
 *   <li>{@code invokedynamic}: every reference argument (string concatenation, captured values),
 *       except lambdas whose body is an application method (the body touches on use).</li>
 * </ul>
 */
public final class SyncPolicy {
    /** Call {@code Hooks.touch}. */
    public static final int TOUCH = 1;
    /** Call {@code Hooks.touchDeep} (implies touch). */
    public static final int DEEP = 2;
    /** Call {@code Hooks.file} (after the touch). */
    public static final int FILE = 4;

    /** What to do at one call site; {@code args[i]} for the i-th declared argument. */
    public record Plan(int receiver, int[] args) {
        boolean isEmpty() {
            return receiver == 0 && Arrays.stream(args).allMatch(a -> a == 0);
        }
    }

    private static final Set<String> STORING = Set.of("add", "addFirst", "addLast", "offer",
            "offerFirst", "offerLast", "push", "set", "addAll", "put", "putIfAbsent", "putAll",
            "addElement", "insertElementAt", "setElementAt", "putFirst", "putLast");
    private static final Set<String> WHOLE_COLLECTION = Set.of("forEach", "stream", "parallelStream",
            "toString", "toArray", "equals", "hashCode", "contains", "containsAll", "containsValue",
            "indexOf", "lastIndexOf", "spliterator", "sort", "replaceAll", "removeIf", "removeAll",
            "retainAll", "subList");
    private static final Set<String> FILE_CONSTRUCTORS = Set.of("java/io/FileInputStream",
            "java/io/FileOutputStream", "java/io/FileReader", "java/io/FileWriter",
            "java/io/RandomAccessFile", "java/io/PrintWriter", "java/io/PrintStream",
            "java/util/Scanner", "java/util/Formatter");
    private static final Set<String> FILE_METHODS = Set.of("exists", "length", "delete", "isFile",
            "lastModified", "renameTo", "canRead");
    private static final Set<String> PATH_TYPES = Set.of("java/lang/String", "java/io/File",
            "java/nio/file/Path");

    private final Predicate<String> isAppClass;
    private final ClassHierarchy hierarchy;
    private final Map<String, Boolean> appClasses = new ConcurrentHashMap<>();
    private final Map<String, Boolean> collections = new ConcurrentHashMap<>();
    private final Map<String, Boolean> deepTypes = new ConcurrentHashMap<>();

    /**
     * @param isAppClass whether an internal name is one of the application's classes
     * @param hierarchy  class relationships (to recognise collections)
     */
    public SyncPolicy(Predicate<String> isAppClass, ClassHierarchy hierarchy) {
        this.isAppClass = isAppClass;
        this.hierarchy = hierarchy;
    }

    public boolean isAppClass(String internalName) {
        if (internalName.startsWith("[")) {
            return false;
        }
        return appClasses.computeIfAbsent(internalName, isAppClass::test);
    }

    /** Plan for an {@code invoke*} instruction that is not a task call; null when nothing to do. */
    public Plan forCall(int opcode, String owner, String name, String descriptor) {
        Type[] types = Type.getArgumentTypes(descriptor);
        int[] args = new int[types.length];
        int receiver = 0;
        boolean virtual = opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE;
        boolean app = isAppClass(owner);
        boolean collection = !app && isCollection(owner);
        if (virtual) {
            receiver = TOUCH;
            if (collection && WHOLE_COLLECTION.contains(name)) {
                receiver = DEEP;
            }
            if (owner.equals("java/io/File") && FILE_METHODS.contains(name)) {
                receiver |= FILE;
            }
        }
        if (!app) {
            boolean storing = collection && STORING.contains(name);
            boolean isMapPut = storing && (name.equals("put") || name.equals("putIfAbsent"));
            boolean keySeen = false;
            for (int i = 0; i < types.length; i++) {
                Type t = types[i];
                if (!isReference(t)) {
                    continue;
                }
                if (storing) {
                    if (t.getSort() == Type.OBJECT && t.getInternalName().equals("java/lang/Object")) {
                        // An element or a map value: stored, not read. A map key is hashed.
                        args[i] = isMapPut && !keySeen ? TOUCH : 0;
                        keySeen = true;
                    } else {
                        args[i] = TOUCH;
                    }
                } else {
                    args[i] = isDeepType(t) ? DEEP : TOUCH;
                }
                boolean scannedText = owner.equals("java/util/Scanner")
                        && t.getInternalName().equals("java/lang/String");
                if (isPathType(t) && !scannedText && opensFile(opcode, owner, name, i)) {
                    args[i] |= FILE;
                }
            }
        }
        Plan plan = new Plan(receiver, args);
        return plan.isEmpty() ? null : plan;
    }

    /** Plan for an {@code invokedynamic}; null when nothing to do. */
    public Plan forInvokeDynamic(String descriptor, Handle bootstrap, Object[] bootstrapArgs) {
        if (bootstrap.getOwner().equals("java/lang/invoke/LambdaMetafactory")
                && bootstrapArgs.length > 1 && bootstrapArgs[1] instanceof Handle impl
                && isAppClass(impl.getOwner())) {
            return null;
        }
        Type[] types = Type.getArgumentTypes(descriptor);
        int[] args = new int[types.length];
        for (int i = 0; i < types.length; i++) {
            if (isReference(types[i])) {
                args[i] = isDeepType(types[i]) ? DEEP : TOUCH;
            }
        }
        Plan plan = new Plan(0, args);
        return plan.isEmpty() ? null : plan;
    }

    private boolean opensFile(int opcode, String owner, String name, int index) {
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            return index == 0 && FILE_CONSTRUCTORS.contains(owner);
        }
        if (opcode == Opcodes.INVOKESTATIC) {
            return owner.equals("java/nio/file/Files");
        }
        return owner.equals("java/io/File") && FILE_METHODS.contains(name);
    }

    private static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    private static boolean isPathType(Type t) {
        return t.getSort() == Type.OBJECT && PATH_TYPES.contains(t.getInternalName());
    }

    private boolean isCollection(String owner) {
        if (owner.startsWith("[")) {
            return false;
        }
        return collections.computeIfAbsent(owner, o -> hierarchy.isSubtypeOf(o, "java/util/Collection")
                || hierarchy.isSubtypeOf(o, "java/util/Map"));
    }

    private boolean isDeepType(Type t) {
        if (t.getSort() == Type.ARRAY) {
            int elementSort = t.getElementType().getSort();
            return t.getDimensions() > 1 || elementSort == Type.OBJECT;
        }
        String name = t.getInternalName();
        if (name.equals("java/lang/Object")) {
            return true;
        }
        if (name.startsWith("java/lang/") && !name.equals("java/lang/Iterable")) {
            return false;
        }
        return deepTypes.computeIfAbsent(name, n -> hierarchy.isSubtypeOf(n, "java/lang/Iterable")
                || hierarchy.isSubtypeOf(n, "java/util/Map"));
    }
}
