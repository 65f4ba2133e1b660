package io.braid.launcher.instrument;

import io.braid.launcher.app.Hooks;
import io.braid.launcher.app.TaskMethod;
import io.braid.launcher.app.TaskRegistry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rewrites an application class so that task calls go to {@link Hooks#task} and uses of objects
 * and files call {@link Hooks#touch}, {@link Hooks#touchDeep} and {@link Hooks#file} first
 * (DESIGN.md, "Transparent synchronisation"). Stateless and thread-safe: one instance serves a
 * whole loader.
 *
 * <p>Task call sites are matched by exact owner, or, for an owner that is a subclass of the
 * task's declaring class, by walking the owner's superclasses up to the declaring class as long
 * as none of them redeclares the method (an override is not the task). Calls through an
 * interface type are never tasks.
 */
public final class CallSiteRewriter {
    private static final Type OBJECT = Type.getType(Object.class);
    private static final Type HOOKS = Type.getObjectType(Hooks.INTERNAL_NAME);
    private static final Method TASK = Method.getMethod("Object task(int, Object[])");
    private static final Method TOUCH = Method.getMethod("void touch(Object)");
    private static final Method TOUCH_DEEP = Method.getMethod("void touchDeep(Object)");
    private static final Method FILE = Method.getMethod("void file(Object)");

    private final TaskRegistry registry;
    private final SyncPolicy policy;
    private final ClassHierarchy hierarchy;

    public CallSiteRewriter(TaskRegistry registry, SyncPolicy policy, ClassHierarchy hierarchy) {
        this.registry = registry;
        this.policy = policy;
        this.hierarchy = hierarchy;
    }

    /** The rewritten class file. */
    public byte[] rewrite(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        // Frames are recomputed (new locals, new stack shapes); pre-Java-6 classes need none.
        int version = readVersion(classFile);
        boolean frames = version >= Opcodes.V1_6;
        ClassWriter writer = new ClassWriter(frames ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String type1, String type2) {
                return hierarchy.commonSuperClass(type1, type2);
            }
        };
        reader.accept(new ClassRewriter(writer), ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }

    private static int readVersion(byte[] classFile) {
        return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    /** The task a call site invokes, if any. */
    Optional<TaskMethod> taskAt(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.INVOKESPECIAL || !registry.mayMatch(name, descriptor)) {
            return Optional.empty();
        }
        boolean isStatic = opcode == Opcodes.INVOKESTATIC;
        for (String c = owner; c != null && !c.startsWith("["); c = hierarchy.superName(c)) {
            Optional<TaskMethod> t = registry.lookup(c, name, descriptor);
            if (t.isPresent()) {
                return t.get().isStatic() == isStatic ? t : Optional.empty();
            }
            if (hierarchy.declares(c, name, descriptor)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private final class ClassRewriter extends ClassVisitor {
        ClassRewriter(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
            if (mv == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                return mv;
            }
            return new MethodRewriter(mv, access, name, descriptor);
        }
    }

    /**
     * Emitted code goes straight to the next visitor (GeneratorAdapter helpers write to
     * {@code mv}), so it is never rewritten again.
     */
    private final class MethodRewriter extends GeneratorAdapter {
        private final boolean isConstructor;
        /** In a constructor, until the super/this call, {@code this} is uninitialised: no touch. */
        private boolean thisInitialised;
        private int pendingNews;
        /** Scratch locals, reused by every rewritten instruction (each use is straight-line). */
        private final List<List<Integer>> scratch = new ArrayList<>();
        private final int[] scratchUsed = new int[5];

        MethodRewriter(MethodVisitor mv, int access, String name, String descriptor) {
            super(Opcodes.ASM9, mv, access, name, descriptor);
            this.isConstructor = name.equals("<init>");
            this.thisInitialised = !isConstructor;
            for (int i = 0; i < 5; i++) {
                scratch.add(new ArrayList<>());
            }
        }

        // ---- scratch locals

        private void resetScratch() {
            java.util.Arrays.fill(scratchUsed, 0);
        }

        private int scratchLocal(Type t) {
            int kind;
            Type localType;
            switch (t.getSort()) {
                case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> {
                    kind = 0;
                    localType = Type.INT_TYPE;
                }
                case Type.FLOAT -> {
                    kind = 1;
                    localType = Type.FLOAT_TYPE;
                }
                case Type.LONG -> {
                    kind = 2;
                    localType = Type.LONG_TYPE;
                }
                case Type.DOUBLE -> {
                    kind = 3;
                    localType = Type.DOUBLE_TYPE;
                }
                default -> {
                    kind = 4;
                    localType = OBJECT;
                }
            }
            List<Integer> pool = scratch.get(kind);
            int n = scratchUsed[kind]++;
            if (n == pool.size()) {
                pool.add(newLocal(localType));
            }
            return pool.get(n);
        }

        /** Pops the arguments of {@code types} into scratch locals; returns them in argument order. */
        private int[] spill(Type[] types) {
            int[] locals = new int[types.length];
            for (int i = types.length - 1; i >= 0; i--) {
                locals[i] = scratchLocal(types[i]);
                storeLocal(locals[i]);
            }
            return locals;
        }

        private void unspill(int[] locals) {
            for (int local : locals) {
                loadLocal(local);
            }
        }

        // ---- hooks

        private void touchTop() {
            invokeStatic(HOOKS, TOUCH);
        }

        /** Applies the {@link SyncPolicy} action bits to the reference on top, consuming it. */
        private void applyTop(int action) {
            List<Method> calls = new ArrayList<>(2);
            if ((action & SyncPolicy.DEEP) != 0) {
                calls.add(TOUCH_DEEP);
            } else if ((action & SyncPolicy.TOUCH) != 0) {
                calls.add(TOUCH);
            }
            if ((action & SyncPolicy.FILE) != 0) {
                calls.add(FILE);
            }
            for (int i = 0; i < calls.size(); i++) {
                if (i < calls.size() - 1) {
                    dup();
                }
                invokeStatic(HOOKS, calls.get(i));
            }
        }

        // ---- instructions

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                pendingNews++;
            }
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor,
                                    boolean isInterface) {
            if (opcode != Opcodes.INVOKESPECIAL) {
                Optional<TaskMethod> task = taskAt(opcode, owner, name, descriptor);
                if (task.isPresent()) {
                    callTask(task.get(), descriptor);
                    return;
                }
            }
            boolean constructorCall = opcode == Opcodes.INVOKESPECIAL && name.equals("<init>");
            SyncPolicy.Plan plan = policy.forCall(opcode, owner, name, descriptor);
            if (plan != null) {
                applyBeforeCall(plan, Type.getArgumentTypes(descriptor));
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (constructorCall) {
                if (pendingNews > 0) {
                    pendingNews--;
                } else {
                    thisInitialised = true;
                }
            }
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap,
                                           Object... bootstrapArgs) {
            SyncPolicy.Plan plan = policy.forInvokeDynamic(descriptor, bootstrap, bootstrapArgs);
            if (plan != null) {
                applyBeforeCall(plan, Type.getArgumentTypes(descriptor));
            }
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArgs);
        }

        /** Stack before: [receiver] args...; after: unchanged, hooks called. */
        private void applyBeforeCall(SyncPolicy.Plan plan, Type[] types) {
            int[] actions = plan.args();
            int n = types.length;
            boolean onlyLast = n > 0 && types[n - 1].getSize() == 1 && plan.receiver() == 0;
            for (int i = 0; i < n - 1 && onlyLast; i++) {
                onlyLast = actions[i] == 0;
            }
            if (onlyLast) {
                dup();
                applyTop(actions[n - 1]);
                return;
            }
            if (n == 0) {
                dup();
                applyTop(plan.receiver());
                return;
            }
            resetScratch();
            int[] locals = spill(types);
            if (plan.receiver() != 0) {
                dup();
                applyTop(plan.receiver());
            }
            for (int i = 0; i < n; i++) {
                if (actions[i] != 0) {
                    loadLocal(locals[i]);
                    applyTop(actions[i]);
                }
            }
            unspill(locals);
        }

        /** Stack before: [callee] args...; after: the result (none for void). */
        private void callTask(TaskMethod task, String descriptor) {
            Type[] types = Type.getArgumentTypes(descriptor);
            resetScratch();
            int[] locals = spill(types);
            int callee = -1;
            if (!task.isStatic()) {
                callee = scratchLocal(OBJECT);
                storeLocal(callee);
            }
            push(task.id());
            push(types.length + (task.isStatic() ? 0 : 1));
            newArray(OBJECT);
            int slot = 0;
            if (!task.isStatic()) {
                dup();
                push(slot++);
                loadLocal(callee);
                arrayStore(OBJECT);
            }
            for (int i = 0; i < types.length; i++) {
                dup();
                push(slot++);
                loadLocal(locals[i]);
                valueOf(types[i]);
                arrayStore(OBJECT);
            }
            invokeStatic(HOOKS, TASK);
            Type ret = Type.getReturnType(descriptor);
            switch (ret.getSort()) {
                case Type.VOID -> pop();
                case Type.OBJECT, Type.ARRAY -> {
                    if (!ret.equals(OBJECT)) {
                        checkCast(ret);
                    }
                }
                default -> unbox(ret);
            }
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            if (thisInitialised) {
                if (opcode == Opcodes.GETFIELD) {
                    dup();
                    touchTop();
                } else if (opcode == Opcodes.PUTFIELD) {
                    if (Type.getType(descriptor).getSize() == 1) {
                        swap();
                        dup();
                        touchTop();
                        swap();
                    } else {
                        dup2X1();
                        pop2();
                        dup();
                        touchTop();
                        dupX2();
                        pop();
                    }
                }
            }
            super.visitFieldInsn(opcode, owner, name, descriptor);
        }

        @Override
        public void visitInsn(int opcode) {
            switch (opcode) {
                case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD,
                        Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD -> {
                    dup2();
                    pop();
                    touchTop();
                }
                case Opcodes.LASTORE, Opcodes.DASTORE -> {
                    resetScratch();
                    int value = scratchLocal(opcode == Opcodes.LASTORE ? Type.LONG_TYPE : Type.DOUBLE_TYPE);
                    storeLocal(value);
                    dup2();
                    pop();
                    touchTop();
                    loadLocal(value);
                }
                case Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE,
                        Opcodes.SASTORE -> {
                    // arr idx v -> v arr idx -> v arr idx arr -> (touch) v arr idx -> arr idx v
                    dupX2();
                    pop();
                    dup2();
                    pop();
                    touchTop();
                    dup2X1();
                    pop2();
                }
                case Opcodes.ARRAYLENGTH, Opcodes.MONITORENTER -> {
                    dup();
                    touchTop();
                }
                default -> {
                }
            }
            super.visitInsn(opcode);
        }
    }
}
