package io.braid.launcher.app;

import io.braid.api.CFunction;
import io.braid.api.Constraints;
import io.braid.api.Direction;
import io.braid.api.IO;
import io.braid.api.Parameter;
import io.braid.api.Type;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code @CFunction} declarations: what the registry makes of them, and each mistake as one line naming the method. */
class CFunctionRegistryTest {
    private static final ClassLoader LOADER = CFunctionRegistryTest.class.getClassLoader();

    interface Good {
        @CFunction(library = "libm.so.6", symbol = "cos", constraints = @Constraints(computingUnits = "2"))
        double cos(double x);

        @CFunction(library = "${LIB}", symbol = "scale")
        void scale(@Parameter(direction = Direction.OUT) ByteBuffer out, ByteBuffer in);

        @IO
        @CFunction(library = "${LIB}", symbol = "fill", priority = "true")
        void fill(@Parameter(direction = Direction.OUT) byte[] out, int n,
                  @Parameter(type = Type.FILE, direction = Direction.OUT) String path, String label);
    }

    interface NoSymbol {
        @CFunction(library = "libm.so.6")
        double cos(double x);
    }

    interface NoLibrary {
        @CFunction(symbol = "cos")
        double cos(double x);
    }

    interface ObjectParameter {
        @CFunction(library = "libx.so", symbol = "f")
        int f(int a, List<String> names);
    }

    interface DequeParameter {
        @CFunction(library = "libx.so", symbol = "f")
        int f(java.util.ArrayDeque<Integer> buffer);
    }

    interface StringReturn {
        @CFunction(library = "libx.so", symbol = "f")
        String f(int a);
    }

    interface BoxedReturn {
        @CFunction(library = "libx.so", symbol = "f")
        Integer f(int a);
    }

    interface BadPriority {
        @CFunction(library = "libx.so", symbol = "f", priority = "high")
        int f(int a);
    }

    private static String error(Class<?> itf) {
        return assertThrows(TaskDefinitionException.class, () -> TaskRegistry.load(LOADER, List.of(itf.getName())))
                .getMessage();
    }

    @Test
    void aCFunctionIsAnImplementationWithItsLibrarySymbolAndConstraints() {
        TaskRegistry r = TaskRegistry.load(LOADER, List.of(Good.class.getName()));
        TaskMethod cos = r.all().stream().filter(t -> t.name().equals("cos")).findFirst().orElseThrow();
        assertFalse(cos.hasJavaMethod());
        assertTrue(cos.anyOwner(), "called through a stub of any class, as a binary task");
        assertEquals(1, cos.implementations().size());
        TaskImpl impl = cos.implementations().get(0);
        assertEquals(TaskImpl.Kind.C_FUNCTION, impl.kind());
        assertEquals("libm.so.6", impl.library());
        assertEquals("cos", impl.symbol());
        assertEquals("2", impl.computingUnits());
        assertEquals("2", cos.computingUnits());
    }

    @Test
    void anOutBufferTravelsAsInoutSoTheWorkerKnowsItsLength() {
        TaskRegistry r = TaskRegistry.load(LOADER, List.of(Good.class.getName()));
        TaskMethod fill = r.all().stream().filter(t -> t.name().equals("fill")).findFirst().orElseThrow();
        assertEquals(Direction.INOUT, fill.params().get(0).direction());
        assertEquals(Direction.OUT, fill.params().get(2).direction(), "a file stays OUT");
        assertEquals(Type.FILE, fill.params().get(2).type());
        assertEquals(Type.STRING, fill.params().get(3).type());
        assertTrue(fill.priority());
        assertTrue(fill.io());
        assertEquals("${LIB}", fill.implementations().get(0).library(), "expanded by the worker, from its environment");
        TaskMethod scale = r.all().stream().filter(t -> t.name().equals("scale")).findFirst().orElseThrow();
        assertEquals(Direction.INOUT, scale.params().get(0).direction());
        assertEquals(Direction.IN, scale.params().get(1).direction());
    }

    @Test
    void missingAttributesAreOneLineNamingTheMethod() {
        assertEquals(NoSymbol.class.getName() + ".cos(double): @CFunction needs symbol (e.g. @CFunction(library ="
                + " \"libm.so.6\", symbol = \"cos\"))", error(NoSymbol.class));
        assertEquals(NoLibrary.class.getName() + ".cos(double): @CFunction needs library (e.g. @CFunction(library ="
                + " \"libm.so.6\", symbol = \"cos\"))", error(NoLibrary.class));
        assertEquals(BadPriority.class.getName() + ".f(int): @CFunction(priority = \"high\"): expected \"true\" or"
                + " \"false\"", error(BadPriority.class));
    }

    @Test
    void typesACFunctionCannotTakeOrReturnAreRefused() {
        assertEquals(ObjectParameter.class.getName() + ".f(int,java.util.List): a @CFunction task takes basic types,"
                + " String, FILE (@Parameter(type = FILE)), byte[] and ByteBuffer parameters, not parameter 2 (java.util.List)",
                error(ObjectParameter.class));
        assertEquals(DequeParameter.class.getName() + ".f(java.util.ArrayDeque): a @CFunction task takes basic types,"
                + " String, FILE (@Parameter(type = FILE)), byte[] and ByteBuffer parameters, not parameter 1"
                + " (java.util.ArrayDeque)", error(DequeParameter.class));
        assertEquals(StringReturn.class.getName() + ".f(int): a @CFunction task returns a basic type (boolean, byte,"
                + " char, short, int, long, float, double) or nothing, not java.lang.String", error(StringReturn.class));
        assertEquals(BoxedReturn.class.getName() + ".f(int): a @CFunction task returns a basic type (boolean, byte,"
                + " char, short, int, long, float, double) or nothing, not java.lang.Integer", error(BoxedReturn.class));
    }
}
