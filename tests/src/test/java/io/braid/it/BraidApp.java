package io.braid.it;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * An application under tests/apps/java/&lt;name&gt;/src, compiled (once per test JVM) against
 * braid.jar alone, as a user would.
 */
public final class BraidApp {
    private static final Map<String, Path> COMPILED = new ConcurrentHashMap<>();

    private BraidApp() {
    }

    /** The directory holding the compiled classes of the app. */
    public static Path classes(String name) {
        return COMPILED.computeIfAbsent(name, BraidApp::compile);
    }

    private static Path compile(String name) {
        return compile(Repo.appSources(name), name);
    }

    /** Compiles the application sources under {@code src} (a new output directory each call). */
    public static Path compile(Path src, String name) {
        try {
            List<Path> sources;
            try (Stream<Path> s = Files.walk(src)) {
                sources = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            }
            if (sources.isEmpty()) {
                throw new IllegalStateException("no sources under " + src);
            }
            Path out = Files.createTempDirectory(Files.createDirectories(Repo.testOutput()), name + "-");
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter diagnostics = new StringWriter();
            try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
                Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(sources);
                List<String> options = List.of("--release", "17", "-classpath", Repo.braidJar().toString(),
                        "-d", out.toString(), "-Xlint:none");
                boolean ok = javac.getTask(diagnostics, fm, null, options, null, units).call();
                if (!ok) {
                    throw new IllegalStateException("compiling app " + name + " failed:\n" + diagnostics);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
