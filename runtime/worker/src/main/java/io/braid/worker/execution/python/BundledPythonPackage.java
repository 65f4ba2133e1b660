package io.braid.worker.execution.python;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
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
    /** The file in a copy that says which build made it. */
    static final String STAMP = ".braid-package-stamp";

    private BundledPythonPackage() {
    }

    /**
     * Copies the package under {@code dir} and returns {@code dir}, the entry for PYTHONPATH. A
     * copy made by this same build is kept; one made by another build (a working directory kept
     * across versions) is replaced: its {@code braid.worker} would speak another protocol.
     */
    public static synchronized Path extractTo(Path dir) {
        URL marker = BundledPythonPackage.class.getClassLoader().getResource(MARKER);
        if (marker == null) {
            throw new IllegalStateException("this worker was built without the Python package braid (" + MARKER
                    + " is not on its class path)");
        }
        try {
            boolean inJar = "jar".equals(marker.getProtocol());
            URL jarUrl = inJar ? ((JarURLConnection) marker.openConnection()).getJarFileURL() : null;
            Path root = inJar ? null : Path.of(marker.toURI()).getParent().getParent().getParent();
            String stamp = inJar ? jarStamp(jarUrl) : treeStamp(root);
            Path stampFile = dir.resolve(STAMP);
            if (Files.exists(dir.resolve("braid").resolve("worker").resolve("__main__.py")) && Files.isRegularFile(stampFile)
                    && Files.readString(stampFile, StandardCharsets.US_ASCII).equals(stamp)) {
                return dir;
            }
            deleteTree(dir.resolve("braid"));
            if (inJar) {
                fromJar(jarUrl, dir);
            } else {
                fromTree(root, dir);
            }
            Files.writeString(stampFile, stamp, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the Python package braid to " + dir + ": " + e.getMessage(), e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return dir;
    }

    /**
     * The jar the package is in, by size and modification time: a build writes a new braid.jar, so
     * another build's copy has another stamp (nothing of the jar is read: this is on the start-up
     * path of every Python worker process set and of braid-run app.py).
     */
    private static String jarStamp(URL jarUrl) throws IOException, URISyntaxException {
        Path jar = Path.of(jarUrl.toURI());
        return "jar " + Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis();
    }

    /** The package's files in a class directory (a build tree), named with their sizes and times. */
    private static String treeStamp(Path root) throws IOException {
        long h = 17;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                h = h * 31 + root.relativize(f).toString().hashCode();
                h = h * 31 + Files.size(f);
                h = h * 31 + Files.getLastModifiedTime(f).toMillis();
            }
        }
        return "tree " + Long.toHexString(h);
    }

    private static void fromTree(Path root, Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Path target = dir.resolve(root.relativize(f).toString());
                Files.createDirectories(target.getParent());
                Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(f);
            }
        }
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
