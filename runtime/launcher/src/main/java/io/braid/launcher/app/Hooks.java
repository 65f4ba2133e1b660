package io.braid.launcher.app;

import java.util.Objects;

/**
 * Static entry points of rewritten application code (see DESIGN.md, "Transparent
 * synchronisation"). The signatures are part of the bytecode contract with
 * {@code io.braid.launcher.instrument.CallSiteRewriter}: change both together.
 *
 * <p>Without an installed handler, tasks run as plain calls on the calling thread (through the
 * registry bound with {@link #bindRegistry}) and touch/file do nothing: sequential semantics.
 */
public final class Hooks {
    /** Internal name of this class, for the rewriter. */
    public static final String INTERNAL_NAME = "io/braid/launcher/app/Hooks";

    private static volatile HooksHandler handler;
    private static volatile HooksHandler fallback = new DirectHooksHandler(TaskRegistry.empty());

    private Hooks() {
    }

    /** Installs the handler every rewritten class calls from now on. */
    public static void install(HooksHandler h) {
        handler = Objects.requireNonNull(h, "handler");
    }

    /** Back to the default (sequential) behaviour. */
    public static void uninstall() {
        handler = null;
    }

    /**
     * The registry whose ids the rewritten code carries; used only by the default handler to run
     * tasks as plain calls. {@code AppClassLoader} binds its registry when it is created.
     */
    public static void bindRegistry(TaskRegistry registry) {
        fallback = new DirectHooksHandler(Objects.requireNonNull(registry, "registry"));
    }

    /** Rewritten task call site. */
    public static Object task(int taskMethodId, Object[] args) {
        HooksHandler h = handler;
        return (h != null ? h : fallback).task(taskMethodId, args);
    }

    /** Rewritten use of an object (receiver, field, array, monitor, argument to the JDK). */
    public static void touch(Object o) {
        HooksHandler h = handler;
        if (o != null && h != null) {
            h.touch(o);
        }
    }

    /** Rewritten argument to the JDK whose elements the JDK may read. */
    public static void touchDeep(Object o) {
        HooksHandler h = handler;
        if (o != null && h != null) {
            h.touchDeep(o);
        }
    }

    /** Rewritten opening of a file. */
    public static void file(Object pathLike) {
        HooksHandler h = handler;
        if (pathLike != null && h != null) {
            h.file(pathLike);
        }
    }
}
