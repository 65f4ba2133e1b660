package io.braid.engine.monitor.graph;

import io.braid.engine.deploy.Executables;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Renders a DOT file to SVG with Graphviz's {@code dot}, when it is installed. */
public final class SvgRenderer {

    private SvgRenderer() {
    }

    /**
     * Runs {@code dot -Tsvg dotFile -o svgFile}. Returns false, without failing, when {@code dot}
     * is not on the PATH, exits non-zero, or takes longer than {@code timeoutMillis} (then it is
     * killed).
     */
    public static boolean render(Path dotFile, Path svgFile, long timeoutMillis) throws InterruptedException {
        Path dot = Executables.onPath("dot").orElse(null);
        if (dot == null) {
            return false;
        }
        ProcessBuilder pb = new ProcessBuilder(dot.toString(), "-Tsvg", dotFile.toString(), "-o", svgFile.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return false;
        }
        if (!p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }

    /** True when Graphviz's {@code dot} is on the PATH. */
    public static boolean available() {
        return Executables.onPath("dot").isPresent();
    }
}
