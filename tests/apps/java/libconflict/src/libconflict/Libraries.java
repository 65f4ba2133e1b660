package libconflict;

import java.security.CodeSource;

/**
 * Which copy of a library this code sees: the version zstd-jni reports and the jar it came from,
 * and whether Jackson (which the runtime has, relocated) is visible at all. Looked up by name, so
 * the application compiles without either library.
 */
public final class Libraries {
    private Libraries() {
    }

    public static String describe() {
        return "zstd-jni " + zstdVersion() + " jackson " + (visible("com.fasterxml.jackson.core.JsonFactory")
                ? "visible" : "absent");
    }

    private static String zstdVersion() {
        try {
            Class<?> c = Class.forName("com.github.luben.zstd.util.ZstdVersion");
            CodeSource source = c.getProtectionDomain().getCodeSource();
            String jar = source == null ? "?" : source.getLocation().getPath();
            return c.getField("VERSION").get(null) + " from " + jar.substring(jar.lastIndexOf('/') + 1);
        } catch (ReflectiveOperationException e) {
            return "absent (" + e + ")";
        }
    }

    private static boolean visible(String className) {
        try {
            Class.forName(className);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
