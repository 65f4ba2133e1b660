package io.braid.worker.execution.python;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The Python package {@code braid} as built with this worker (bindings-python/src, packed into
 * braid.jar under {@value #ROOT}), copied to a directory of the node on first use so that
 * Python worker processes import it from there (it goes first on their PYTHONPATH). Workers then
 * need no {@code pip install} on the nodes, and the {@code braid.worker} they talk to always
 * speaks the protocol this Java worker speaks, whatever version the interpreter may have installed.
 */
public final class BundledPythonPackage {
    static final String ROOT = "io/braid/worker/python-package/";
    private static final String MARKER = ROOT + "braid/worker/__main__.py";

    private BundledPythonPackage() {
    }

    /**
     * Copies the package under {@code dir} (once: an existing copy is kept) and returns {@code
     * dir}, the entry for PYTHONPATH.
     */
    public static synchronized Path extractTo(Path dir) {
        if (Files.exists(dir.resolve("braid").resolve("worker").resolve("__main__.py"))) {
            return dir;
        }
        URL marker = BundledPythonPackage.class.getClassLoader().getResource(MARKER);
        if (marker == null) {
            throw new IllegalStateException("this worker was built without the Python package braid (" + MARKER
                    + " is not on its class path)");
        }
        try {
            if ("jar".equals(marker.getProtocol())) {
                fromJar(((JarURLConnection) marker.openConnection()).getJarFileURL(), dir);
            } else {
                Path root = Path.of(marker.toURI()).getParent().getParent().getParent();
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                        Path target = dir.resolve(root.relativize(f).toString());
                        Files.createDirectories(target.getParent());
                        Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the Python package braid to " + dir + ": " + e.getMessage(), e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return dir;
    }

    private static void fromJar(URL jarUrl, Path dir) throws IOException, URISyntaxException {
        try (JarFile jar = new JarFile(Path.of(jarUrl.toURI()).toFile())) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                if (e.isDirectory() || !e.getName().startsWith(ROOT)) {
                    continue;
                }
                Path target = dir.resolve(e.getName().substring(ROOT.length()));
                Files.createDirectories(target.getParent());
                try (InputStream in = jar.getInputStream(e)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
