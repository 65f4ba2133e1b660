package io.braid.comm.launch;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one class-loading policy for an application's code, in the master's main program and in
 * every worker's tasks alike: the application's class path ({@code --classpath}) first, so the
 * libraries it ships win over whatever the runtime has (an application bringing its own Jackson
 * gets its own in the main program and in its tasks); the JDK, Braid ({@code io.braid.}, its
 * relocated libraries included) and SLF4J always from the runtime. Resources follow the same
 * order: the application's first.
 *
 * <p>SLF4J comes from the runtime so that the application's log lines go where the runtime's go
 * (one binding per process, no "multiple bindings" warning); docs/DESIGN.md, "Packaging and class
 * loading".
 */
public class ApplicationClassLoader extends URLClassLoader {
    /** Package prefixes always loaded from the runtime's side (the parent), never from the application's. */
    public static final List<String> RUNTIME_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "io.braid.", "org.slf4j.");

    static {
        registerAsParallelCapable();
    }

    public ApplicationClassLoader(String name, URL[] classPath, ClassLoader parent) {
        super(name, classPath, parent);
    }

    /** Whether {@code className} (binary name) always comes from the runtime's side. */
    public static boolean isRuntimeClass(String className) {
        for (String prefix : RUNTIME_PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (isRuntimeClass(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent() == null ? findSystemClass(name) : getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        if (isRuntimeResource(name)) {
            return super.getResource(name);
        }
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        if (isRuntimeResource(name)) {
            return super.getResources(name);
        }
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        Set<String> seen = new HashSet<>();
        all.forEach(u -> seen.add(u.toExternalForm()));
        ClassLoader parent = getParent();
        Enumeration<URL> inherited = parent == null ? ClassLoader.getSystemResources(name) : parent.getResources(name);
        for (URL url : Collections.list(inherited)) {
            if (seen.add(url.toExternalForm())) { // a class path entry the parent also has counts once
                all.add(url);
            }
        }
        return Collections.enumeration(all);
    }

    /** A class file of a runtime class is the runtime's; other resources are looked up application first. */
    private static boolean isRuntimeResource(String name) {
        return name.endsWith(".class") && isRuntimeClass(name.substring(0, name.length() - ".class".length())
                .replace('/', '.'));
    }
}
