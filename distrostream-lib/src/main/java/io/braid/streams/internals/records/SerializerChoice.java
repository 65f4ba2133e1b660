package io.braid.streams.internals.records;

import io.braid.streams.BackendException;
import io.braid.streams.JavaStreamSerializer;
import io.braid.streams.StreamSerializer;
import io.braid.streams.internals.settings.StreamSettings;

import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This process's {@link StreamSerializer}: the class named by the system property
 * {@code braid.streams.serializer}, else by the environment variable {@code BRAID_STREAMS_SERIALIZER}, else
 * {@link JavaStreamSerializer}. Read at every use (so a test may change it), instantiated once
 * per class name.
 */
public final class SerializerChoice {

    /** Class name of the process's serializer (default {@link JavaStreamSerializer}). */
    public static final String PROPERTY = StreamSettings.SERIALIZER.property();
    /** As {@link #PROPERTY}, for processes whose command line one does not control; the property wins. */
    public static final String ENV = StreamSettings.SERIALIZER.environment();

    private static final StreamSerializer DEFAULT = new JavaStreamSerializer();
    private static final Map<String, StreamSerializer> INSTANCES = new ConcurrentHashMap<>();

    private SerializerChoice() {
    }

    /** The configured class name, or null for the default. */
    static String configuredName() {
        String name = StreamSettings.SERIALIZER.get();
        return name == null ? null : name.trim();
    }

    /** This process's serializer; {@code stream} names the stream in the error when it cannot be made. */
    static StreamSerializer current(String stream) throws BackendException {
        String name = configuredName();
        if (name == null) {
            return DEFAULT;
        }
        StreamSerializer s = INSTANCES.get(name);
        if (s == null) {
            s = instantiate(name, stream);
            StreamSerializer raced = INSTANCES.putIfAbsent(name, s);
            if (raced != null) {
                s = raced;
            }
        }
        return s;
    }

    private static StreamSerializer instantiate(String name, String stream) throws BackendException {
        String what = "stream " + stream + ": cannot use serializer " + name + " (" + PROPERTY + " / " + ENV + "): ";
        Class<?> c;
        try {
            c = load(name);
        } catch (ClassNotFoundException e) {
            throw new BackendException(what + "class not found on this process's classpath", e);
        }
        if (!StreamSerializer.class.isAssignableFrom(c)) {
            throw new BackendException(what + "it does not implement " + StreamSerializer.class.getName());
        }
        try {
            return (StreamSerializer) c.getConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new BackendException(what + "it needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw new BackendException(what + "its constructor failed: " + e.getCause(), e.getCause());
        } catch (InstantiationException | RuntimeException e) {
            throw new BackendException(what + e, e);
        }
    }

    private static Class<?> load(String name) throws ClassNotFoundException {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            try {
                return Class.forName(name, true, context);
            } catch (ClassNotFoundException e) {
                // fall back to the library's loader
            }
        }
        return Class.forName(name, true, SerializerChoice.class.getClassLoader());
    }
}
