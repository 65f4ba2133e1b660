package io.braid.launcher.instrument;

import io.braid.launcher.app.Hooks;
import io.braid.launcher.app.TaskRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the {@code demoapp} classes through {@link AppClassLoader} (copied to a temporary class
 * path so that they are the application's, not the test's) and checks what the rewritten code
 * calls.
 */
class AppRewritingTest {
    @TempDir
    static Path classPath;

    private AppClassLoader loader;
    private RecordingHandler handler;

    @BeforeAll
    static void copyApplication() throws Exception {
        Path compiled = Path.of(demoapp.App.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(compiled.resolve("demoapp"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = classPath.resolve(compiled.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    @BeforeEach
    void newLoader() throws Exception {
        loader = AppClassLoader.create(new URL[] {classPath.toUri().toURL()}, getClass().getClassLoader(),
                List.of("demoapp.MainItf"));
        handler = new RecordingHandler(loader.registry());
        Hooks.install(handler);
    }

    @AfterEach
    void uninstall() throws IOException {
        Hooks.uninstall();
        loader.close();
    }

    private Object run(String method, Object... args) throws Exception {
        Class<?> app = loader.loadClass("demoapp.App");
        Method m = Arrays.stream(app.getMethods()).filter(x -> x.getName().equals(method)).findFirst().orElseThrow();
        try {
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private String names() {
        return handler.calls.stream().map(c -> c.task().name() + Arrays.toString(c.args())).toList().toString();
    }

    @Test
    void appClassesComeFromTheLoaderRewritten() throws Exception {
        Class<?> app = loader.loadClass("demoapp.App");
        assertSame(loader, app.getClassLoader());
        assertSame(loader, loader.registry().all().get(0).declaringClass().getClassLoader());
        assertSame(Hooks.class, loader.loadClass(Hooks.class.getName()));
        assertTrue(loader.isAppClass("demoapp/App"));
        assertFalse(loader.isAppClass("java/lang/String"));
        assertFalse(loader.isAppClass("io/braid/launcher/app/Hooks"));
        byte[] raw = loader.rawBytes("demoapp.App").orElseThrow();
        assertArrayEquals(Files.readAllBytes(classPath.resolve("demoapp/App.class")), raw);
        assertTrue(loader.rawBytes("java.lang.String").isEmpty());
    }

    @Test
    void taskResultIsAPlaceholderFilledOnUse() throws Exception {
        assertEquals("10", run("squarePlusOne"));
        assertEquals("[square[3]]", names());
        Object placeholder = handler.calls.get(0).returned();
        assertTrue(handler.wasTouched(placeholder));
        assertTrue(handler.pending.isEmpty());
        assertEquals(9, placeholder);
    }

    @Test
    void nestedTaskResultUnboxedForAnIntParameter() throws Exception {
        // square(int): the inner Integer is unboxed (a use) before the outer call
        assertEquals("r=16", run("nested"));
        assertEquals(2, handler.calls.size());
        assertTrue(handler.wasTouched(handler.calls.get(0).returned()));
        assertEquals(4, handler.calls.get(1).args()[0]);
    }

    @Test
    void longAndDoubleArgumentsAndPrimitiveResult() throws Exception {
        assertEquals(13.5, run("longDouble"));
        assertArrayEquals(new Object[] {5L, 2.5}, handler.calls.get(0).args());
        assertEquals(Long.class, handler.calls.get(0).args()[0].getClass());
    }

    @Test
    void instanceTasksPassTheCalleeFirst() throws Exception {
        // c = 5 + 2, s = 10 (through a subclass), OverridingCounter.add is not the task: 100 * 1
        assertEquals(7 * 10000 + 10 * 1000 + 100, run("counters"));
        assertEquals(5, handler.calls.size(), names());
        List<String> tasks = handler.calls.stream().map(c -> c.task().name() + c.args().length).toList();
        assertEquals(List.of("add2", "add2", "add2", "get1", "get1"), tasks);
        Object c = handler.calls.get(0).args()[0];
        assertEquals("demoapp.Counter", c.getClass().getName());
        assertSame(c, handler.calls.get(1).args()[0]);
        assertEquals("demoapp.SubCounter", handler.calls.get(2).args()[0].getClass().getName());
    }

    @Test
    void hotLoopOnlyCallsTheTaskHook() throws Exception {
        assertEquals(100_000, run("loop", 100_000));
        assertEquals(100_000, handler.noops);
        assertTrue(handler.touched.isEmpty());
        assertTrue(handler.calls.isEmpty());
    }

    @Test
    void collectingResultsDoesNotWaitButPrintingTheListDoes() throws Exception {
        assertEquals("[1, 4, 9]", run("collect"));
        List<?> marks = (List<?>) loader.loadClass("demoapp.App").getField("MARKS").get(null);
        Object list = marks.get(0);
        assertTrue(handler.wasDeepTouched(list));
        // the three placeholders were still pending when the list reached println
        assertEquals(3, handler.pendingAtDeep.get(handler.deep.indexOf(list)));
        assertTrue(handler.pending.isEmpty());
    }

    @Test
    void receiversFieldsAndArraysAreTouched() throws Exception {
        Class<?> boxClass = loader.loadClass("demoapp.Box");
        Object box = boxClass.getConstructor(String.class, int.class).newInstance("b", 5);
        int[] a = new int[3];
        Object[] objs = new Object[1];
        assertEquals(5 + 3 + 7 + 40 + 2 + 1, run("fieldAndArray", box, a, objs));
        assertTrue(handler.wasTouched(box));
        assertTrue(handler.wasTouched(a));
        assertTrue(handler.wasTouched(objs));
        assertTrue(handler.wasTouched(boxClass.getField("cells").get(box)));
    }

    @Test
    void placeholdersOfApplicationClassesAndStrings() throws Exception {
        assertEquals("b=41/hello x/42", run("boxes"));
        assertEquals(List.of("makeBox", "greet", "makeBox"),
                handler.calls.stream().map(c -> c.task().name()).toList());
        // nested: the pending String placeholder is passed to the next task without waiting
        assertSame(handler.calls.get(1).returned(), handler.calls.get(2).args()[0]);
        assertTrue(handler.pending.isEmpty());
    }

    @Test
    void openingFilesCallsTheFileHook(@TempDir Path dir) throws Exception {
        assertEquals("l:3", run("files", dir.toString()));
        String path = dir + "/out.txt";
        assertTrue(handler.files.contains(path), handler.files.toString());
        assertTrue(handler.files.contains(Path.of(path)), handler.files.toString());
    }

    @Test
    void languageFeaturesBehaveAsWithoutRewriting() throws Exception {
        String expected = demoapp.Misc.run();
        Class<?> misc = loader.loadClass("demoapp.Misc");
        assertNotEquals(demoapp.Misc.class, misc);
        assertEquals(expected, misc.getMethod("run").invoke(null));
        assertTrue(handler.pending.isEmpty());
        assertTrue(handler.calls.size() > 5);
    }

    @Test
    void withoutHandlerTasksAreOrdinaryCalls() throws Exception {
        Hooks.uninstall();
        assertEquals(demoapp.Misc.run(), loader.loadClass("demoapp.Misc").getMethod("run").invoke(null));
        assertEquals("r=16", run("nested"));
        assertEquals(7 * 10000 + 10 * 1000 + 100, run("counters"));
    }

    @Test
    void dumpsInstrumentedClassesWhenAsked(@TempDir Path dump) throws Exception {
        System.setProperty(AppClassLoader.DUMP_PROPERTY, dump.toString());
        try (AppClassLoader l = new AppClassLoader(new URL[] {classPath.toUri().toURL()},
                getClass().getClassLoader(), TaskRegistry.empty())) {
            l.loadClass("demoapp.Counter");
            l.loadClass("demoapp.Misc");
        } finally {
            System.clearProperty(AppClassLoader.DUMP_PROPERTY);
        }
        assertTrue(Files.exists(dump.resolve("demoapp/Counter.class")));
        // rewritten, not loaded unchanged after a rewriting failure
        String misc = new String(Files.readAllBytes(dump.resolve("demoapp/Misc.class")), StandardCharsets.ISO_8859_1);
        assertTrue(misc.contains(Hooks.INTERNAL_NAME));
    }

    @Test
    void everyApplicationClassRewritesCleanly() throws Exception {
        ClassHierarchy hierarchy = new ClassHierarchy(n -> loader.rawBytes(n.replace('/', '.')).orElse(null));
        CallSiteRewriter rewriter = new CallSiteRewriter(loader.registry(),
                new SyncPolicy(loader::isAppClass, hierarchy), hierarchy);
        try (Stream<Path> files = Files.walk(classPath)) {
            List<Path> classes = files.filter(f -> f.toString().endsWith(".class")).toList();
            assertTrue(classes.size() > 20);
            for (Path f : classes) {
                byte[] raw = Files.readAllBytes(f);
                assertTrue(rewriter.rewrite(raw).length > 0, f.toString());
            }
        }
    }
}
