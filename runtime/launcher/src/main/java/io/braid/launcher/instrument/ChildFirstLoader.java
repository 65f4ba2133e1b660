package io.braid.launcher.instrument;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * Loads the application's classes from its own class path before asking the parent (so the
 * application's copy of a class wins), except the JDK's and Braid's own classes, which always
 * come from the parent.
 */
abstract class ChildFirstLoader extends URLClassLoader {

    ChildFirstLoader(String name, URL[] classPath, ClassLoader parent) {
        super(name, classPath, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (AppClassLoader.isParentFirst(name)) {
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
}
