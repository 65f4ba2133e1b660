package io.braid.launcher.instrument;

import io.braid.launcher.LauncherSettings;
import io.braid.launcher.app.Hooks;
import io.braid.launcher.app.TaskRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Loads the application's classes from its class path, child-first, rewriting each one with
 * {@link CallSiteRewriter}. The JDK, Braid itself and SLF4J always come from the parent.
 *
 * <p>Build it with {@link #create}: the task registry is read first through a plain
 * (non-rewriting) loader over the same class path, so that no application class is defined
 * before the rewriter knows the tasks (the main class is often also a task's declaring class);
 * then the registry is read again through this loader, so that its classes are the ones the
 * application sees.
 *
 * <p>System property {@code braid.dumpInstrumented=DIR} writes every rewritten class to
 * {@code DIR/<internal name>.class} for inspection ({@code javap -c}).
 */
public final class AppClassLoader extends ChildFirstLoader {
    /** Directory where rewritten classes are written for debugging; unset: none written. */
    public static final String DUMP_PROPERTY = LauncherSettings.DUMP_INSTRUMENTED.property();

    private static final Logger LOG = LoggerFactory.getLogger(AppClassLoader.class);
    private static final List<String> PARENT_FIRST = List.of("java.", "javax.", "jdk.", "sun.",
            "com.sun.", "io.braid.", "org.slf4j.");

    static {
        registerAsParallelCapable();
    }

    private final ClassHierarchy hierarchy;
    private final CallSiteRewriter rewriter;
    private final Path dumpDir;
    private volatile TaskRegistry registry;

    /**
     * A loader that rewrites with {@code rewritingRegistry} (whose ids and call-site keys must be
     * those of the registry the application's handler uses). Prefer {@link #create}.
     */
    public AppClassLoader(URL[] classPath, ClassLoader parent, TaskRegistry rewritingRegistry) {
        super("braid-app", classPath, parent);
        this.registry = Objects.requireNonNull(rewritingRegistry, "rewritingRegistry");
        this.hierarchy = new ClassHierarchy(this::classFileForHierarchy);
        this.rewriter = new CallSiteRewriter(rewritingRegistry,
                new SyncPolicy(this::isAppClass, hierarchy), hierarchy);
        String dump = LauncherSettings.DUMP_INSTRUMENTED.get();
        this.dumpDir = dump == null ? null : Path.of(dump);
    }

    /**
     * Reads and validates the tasks of {@code interfaceNames}, then returns the loader that
     * rewrites the application for them; {@link #registry()} is the registry over this loader's
     * classes (also bound to {@link Hooks#bindRegistry}).
     *
     * @throws io.braid.launcher.app.TaskDefinitionException for a bad task declaration
     */
    public static AppClassLoader create(URL[] classPath, ClassLoader parent, List<String> interfaceNames) {
        TaskRegistry draft;
        try (URLClassLoader plain = new PlainLoader(classPath, parent)) {
            draft = TaskRegistry.load(plain, interfaceNames);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        AppClassLoader loader = new AppClassLoader(classPath, parent, draft);
        loader.registry = TaskRegistry.load(loader, interfaceNames);
        Hooks.bindRegistry(loader.registry);
        return loader;
    }

    /** The registry whose classes are this loader's (after {@link #create}). */
    public TaskRegistry registry() {
        return registry;
    }

    /** The class file as found on the application class path, before rewriting. */
    public Optional<byte[]> rawBytes(String className) {
        return Optional.ofNullable(readAppClassFile(className.replace('.', '/')));
    }

    /** Whether {@code internalName} is one of the application's classes (found on its class path). */
    public boolean isAppClass(String internalName) {
        return !isParentFirst(internalName.replace('/', '.'))
                && findResource(internalName + ".class") != null;
    }

    static boolean isParentFirst(String className) {
        for (String prefix : PARENT_FIRST) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String internal = name.replace('.', '/');
        URL url = findResource(internal + ".class");
        if (url == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] raw;
        CodeSource source;
        try {
            URLConnection connection = url.openConnection();
            try (InputStream in = connection.getInputStream()) {
                raw = in.readAllBytes();
            }
            source = new CodeSource(codeBase(url, internal), (Certificate[]) null);
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": " + e, e);
        }
        byte[] rewritten;
        try {
            rewritten = rewriter.rewrite(raw);
        } catch (RuntimeException e) {
            // A class the rewriter cannot handle still runs, without transparent sync.
            LOG.warn("cannot instrument {}, loading it unchanged: {}", name, e.toString());
            rewritten = raw;
        }
        dump(internal, rewritten);
        definePackageFor(name);
        return defineClass(name, rewritten, 0, rewritten.length, new ProtectionDomain(source, null, this, null));
    }

    private void definePackageFor(String className) {
        int dot = className.lastIndexOf('.');
        if (dot > 0) {
            String pkg = className.substring(0, dot);
            if (getDefinedPackage(pkg) == null) {
                try {
                    definePackage(pkg, null, null, null, null, null, null, null);
                } catch (IllegalArgumentException e) {
                    // defined concurrently
                }
            }
        }
    }

    private static URL codeBase(URL classUrl, String internal) {
        try {
            String s = classUrl.toString();
            if (s.startsWith("jar:")) {
                return new URL(s.substring(4, s.indexOf("!/")));
            }
            return new URL(s.substring(0, s.length() - (internal + ".class").length()));
        } catch (IOException | RuntimeException e) {
            return classUrl;
        }
    }

    private void dump(String internal, byte[] bytes) {
        if (dumpDir == null) {
            return;
        }
        try {
            Path file = dumpDir.resolve(internal + ".class");
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            LOG.warn("cannot dump instrumented {}: {}", internal, e.toString());
        }
    }

    private byte[] readAppClassFile(String internal) {
        URL url = findResource(internal + ".class");
        return url == null ? null : read(url);
    }

    /** The application's own class file first, then whatever the parent sees (the JDK's). */
    private byte[] classFileForHierarchy(String internal) {
        byte[] bytes = isParentFirst(internal.replace('/', '.')) ? null : readAppClassFile(internal);
        if (bytes != null) {
            return bytes;
        }
        ClassLoader parent = getParent() == null ? ClassLoader.getPlatformClassLoader() : getParent();
        URL url = parent.getResource(internal + ".class");
        if (url == null) {
            url = ClassLoader.getSystemResource(internal + ".class");
        }
        return url == null ? null : read(url);
    }

    private static byte[] read(URL url) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    /** Child-first over the same class path, no rewriting: for reading the task declarations. */
    private static final class PlainLoader extends ChildFirstLoader {
        PlainLoader(URL[] classPath, ClassLoader parent) {
            super("braid-app-declarations", classPath, parent);
        }
    }
}
