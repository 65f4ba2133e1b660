package io.braid.comm.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The application's class path first, except the runtime's own packages; resources likewise. */
class ApplicationClassLoaderTest {
    @TempDir
    Path runtimeSide;
    @TempDir
    Path appSide;

    @Test
    void theApplicationsCopyWinsExceptForTheRuntimesPackages() throws Exception {
        // The same resource on both sides.
        String resource = "shared/config.txt";
        Files.createDirectories(runtimeSide.resolve("shared"));
        Files.createDirectories(appSide.resolve("shared"));
        Files.writeString(runtimeSide.resolve(resource), "runtime");
        Files.writeString(appSide.resolve(resource), "application");
        try (URLClassLoader runtime = new URLClassLoader(new URL[] {runtimeSide.toUri().toURL()},
                getClass().getClassLoader());
             ApplicationClassLoader app = new ApplicationClassLoader("app", new URL[] {appSide.toUri().toURL()}, runtime)) {
            try (var in = app.getResourceAsStream(resource)) {
                assertEquals("application", new String(in.readAllBytes()));
            }
            List<URL> all = Collections.list(app.getResources(resource));
            assertEquals(2, all.size(), all::toString);
            assertTrue(all.get(0).getPath().startsWith(appSide.toUri().getPath()), all::toString);
            // io.braid classes always come from the runtime side, even when the application has a copy.
            copyClassFile(ApplicationClassLoader.class, appSide);
            assertSame(ApplicationClassLoader.class, app.loadClass(ApplicationClassLoader.class.getName()));
        }
    }

    @Test
    void anApplicationClassIsDefinedByTheApplicationsLoaderEvenWhenTheParentHasIt() throws Exception {
        // org.junit classes are on the parent (the test class path): a copy on the application's
        // class path is loaded from there, by the application's loader.
        Class<?> shipped = org.junit.jupiter.api.io.CleanupMode.class;
        copyClassFile(shipped, appSide);
        try (ApplicationClassLoader app = new ApplicationClassLoader("app", new URL[] {appSide.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<?> loaded = app.loadClass(shipped.getName());
            assertSame(app, loaded.getClassLoader());
        }
    }

    private static void copyClassFile(Class<?> c, Path root) throws Exception {
        String name = c.getName().replace('.', '/') + ".class";
        Path target = root.resolve(name);
        Files.createDirectories(target.getParent());
        try (var in = c.getClassLoader().getResourceAsStream(name)) {
            Files.write(target, in.readAllBytes());
        }
    }
}
