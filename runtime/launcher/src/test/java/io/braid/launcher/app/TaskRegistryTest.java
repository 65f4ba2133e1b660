package io.braid.launcher.app;

import io.braid.api.Constants;
import io.braid.api.Direction;
import io.braid.api.OnFailure;
import io.braid.api.StdIOStream;
import io.braid.api.Type;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskRegistryTest {
    private static final ClassLoader LOADER = TaskRegistryTest.class.getClassLoader();

    private static TaskRegistry main() {
        return TaskRegistry.load(LOADER, List.of("demoapp.MainItf"));
    }

    private static String error(String itf) {
        return assertThrows(TaskDefinitionException.class, () -> TaskRegistry.load(LOADER, List.of(itf)))
                .getMessage();
    }

    @Test
    void readsEveryTaskOfTheInterface() {
        TaskRegistry r = main();
        Map<String, TaskMethod> byName = r.all().stream().collect(Collectors.toMap(TaskMethod::name, Function.identity()));
        assertEquals(8, r.all().size());
        for (int i = 0; i < r.all().size(); i++) {
            assertEquals(i, r.all().get(i).id());
            assertEquals(r.all().get(i), r.byId(i));
        }

        TaskMethod square = byName.get("square");
        assertEquals("demoapp.Tasks.square", square.label());
        assertEquals("(I)Ljava/lang/Integer;", square.descriptor());
        assertTrue(square.isStatic());
        assertEquals(Integer.class, square.returnType());
        assertEquals(List.of(new TaskParam(Type.INT, Direction.IN, int.class)), square.params());
        assertNull(square.calleeType());
        assertNull(square.calleeDirection());
        assertEquals("", square.computingUnits());
        assertEquals("0.5", square.memorySize()); // from the interface
        assertFalse(square.priority());
        assertFalse(square.io());
        assertEquals("demoapp.MainItf.square(int)", square.declaredAt());

        TaskMethod fill = byName.get("fill");
        assertEquals(List.of(new TaskParam(Type.FILE, Direction.OUT, String.class),
                new TaskParam(Type.INT, Direction.IN, int.class)), fill.params());
        assertTrue(fill.io());
        assertEquals(void.class, fill.returnType());

        TaskMethod makeBox = byName.get("makeBox");
        assertEquals("2", makeBox.computingUnits());
        assertEquals("1.5", makeBox.memorySize()); // the method wins
        assertEquals(Type.STRING, makeBox.params().get(0).type());

        assertTrue(byName.get("scale").priority());
        assertEquals(List.of(Type.LONG, Type.DOUBLE),
                byName.get("scale").params().stream().map(TaskParam::type).toList());

        TaskMethod add = byName.get("add");
        assertFalse(add.isStatic());
        assertEquals(Type.OBJECT, add.calleeType());
        assertEquals(Direction.INOUT, add.calleeDirection());
        assertEquals(2, add.argCount());
        assertEquals(Direction.IN, byName.get("get").calleeDirection());

        assertEquals(square, r.lookup("demoapp/Tasks", "square", "(I)Ljava/lang/Integer;").orElseThrow());
        assertTrue(r.lookup("demoapp/Tasks", "square", "(J)Ljava/lang/Integer;").isEmpty());
        assertTrue(r.lookup("demoapp/SubCounter", "add", "(I)V").isEmpty()); // exact owner only
        assertTrue(r.mayMatch("add", "(I)V"));
        assertFalse(r.mayMatch("add", "(J)V"));
        assertThrows(IllegalArgumentException.class, () -> r.byId(8));
    }

    @Test
    void knowsWhetherSomeTaskTakesAnObjectStream() {
        assertTrue(TaskRegistry.load(LOADER, List.of("demoapp.streams.ObjectStreamItf")).takesObjectStreams());
        assertTrue(TaskRegistry.load(LOADER, List.of("demoapp.MainItf", "demoapp.streams.ObjectStreamItf"))
                .takesObjectStreams());
        assertFalse(TaskRegistry.load(LOADER, List.of("demoapp.streams.FileStreamItf")).takesObjectStreams());
        assertFalse(main().takesObjectStreams());
    }

    @Test
    void missingInterface() {
        assertEquals("interface demoapp.NopeItf not found (the annotated interface of main class demoapp.Nope"
                + " must be demoapp.NopeItf, or pass --interface)", error("demoapp.NopeItf"));
    }

    @Test
    void implementationMethodNotFound() {
        assertEquals("demoapp.bad.MissingMethodItf.square(long): declaringClass demoapp.Tasks has no method square(long)",
                error("demoapp.bad.MissingMethodItf"));
    }

    @Test
    void declaringClassNotFound() {
        assertEquals("demoapp.bad.NoClassItf.foo(int): class demoapp.Nope not found", error("demoapp.bad.NoClassItf"));
    }

    @Test
    void fileOnAPrimitive() {
        assertEquals("demoapp.bad.FileOnIntItf.fill(int,int): @Parameter(type=FILE) on a parameter of type int",
                error("demoapp.bad.FileOnIntItf"));
    }

    @Test
    void outOnAByValueParameter() {
        assertEquals("demoapp.bad.OutOnIntItf.inc(int): direction OUT on a by-value parameter of type int"
                + " (only objects and files can be written)", error("demoapp.bad.OutOnIntItf"));
        assertEquals("demoapp.bad.InoutOnStringItf.greet(java.lang.String): direction INOUT on a by-value"
                + " parameter of type java.lang.String (only objects and files can be written)",
                error("demoapp.bad.InoutOnStringItf"));
    }

    @Test
    void declaredTypeThatDoesNotFit() {
        assertEquals("demoapp.bad.WrongTypeItf.inc(int): @Parameter(type=LONG) on a parameter of type int",
                error("demoapp.bad.WrongTypeItf"));
    }

    @Test
    void returnTypeMismatch() {
        assertEquals("demoapp.bad.ReturnMismatchItf.square(int): return type int does not match"
                + " demoapp.Tasks.square(int) which returns java.lang.Integer", error("demoapp.bad.ReturnMismatchItf"));
    }

    @Test
    void methodWithoutAnnotation() {
        assertEquals("demoapp.bad.NoAnnotationItf.square(int): no @Method, @Binary, @MPI or @CFunction annotation (every"
                + " method of an annotated interface declares a task)", error("demoapp.bad.NoAnnotationItf"));
    }

    @Test
    void sameTaskDeclaredTwice() {
        String message = assertThrows(TaskDefinitionException.class,
                () -> TaskRegistry.load(LOADER, List.of("demoapp.MainItf", "demoapp.MainItf"))).getMessage();
        assertTrue(message.startsWith("demoapp.MainItf."), message);
        assertTrue(message.contains("is already declared by demoapp.MainItf."), message);
    }

    @Test
    void readsTheMembersCompssCodeUses() {
        TaskRegistry r = TaskRegistry.load(LOADER, List.of("demoapp.compss.CompssMembersItf"));
        Map<String, TaskMethod> byName = r.all().stream().collect(Collectors.toMap(TaskMethod::name, Function.identity()));

        TaskMethod square = byName.get("square");
        assertTrue(square.priority());
        assertEquals(OnFailure.IGNORE, square.onFailure());
        assertEquals(3000, square.timeOutMs());

        // name: the implementation's method, which main-program call sites name
        TaskMethod noop = byName.get("noop");
        assertEquals("demoapp.Tasks.noop", noop.label());
        assertEquals(OnFailure.CANCEL_SUCCESSORS, noop.onFailure());
        assertEquals(0, noop.timeOutMs());
        assertFalse(noop.priority());
        // @Method(constraints) wins over the method's @Constraints, attribute by attribute
        assertEquals("2", noop.computingUnits());
        assertEquals("0.25", noop.memorySize());
        assertTrue(r.lookup("demoapp/Tasks", "noop", "(I)V").isPresent());

        assertEquals(new TaskParam(Type.FILE, Direction.OUT, String.class, StdIOStream.STDOUT, "-o", 2.5, true, "out"),
                byName.get("fill").params().get(0));
        assertEquals(new TaskParam(Type.INT, Direction.IN, int.class, StdIOStream.UNSPECIFIED, Constants.PREFIX_EMPTY,
                1.0, false, ""), byName.get("fill").params().get(1));

        assertEquals(Direction.IN, byName.get("get").calleeDirection());
        assertEquals(OnFailure.FAIL, byName.get("get").onFailure());
        assertEquals(Direction.IN, byName.get("add").calleeDirection(), "isModifier = \"false\" of older COMPSs");
        assertEquals(OnFailure.RETRY, byName.get("add").onFailure());
    }

    @Test
    void badCompssMemberValues() {
        assertEquals("demoapp.bad.BadTimeOutItf.noop(int): @Method(timeOut = \"3s\"): expected a whole number of"
                + " milliseconds >= 0", error("demoapp.bad.BadTimeOutItf"));
        assertEquals("demoapp.bad.BadPriorityItf.noop(int): @Method(priority = \"yes\"): expected \"true\" or"
                + " \"false\"", error("demoapp.bad.BadPriorityItf"));
        assertEquals("demoapp.bad.StdioOnIntItf.noop(int): @Parameter(stream = STDIN) on a parameter of type INT"
                + " (a standard stream is bound to a FILE parameter)", error("demoapp.bad.StdioOnIntItf"));
    }

    @Test
    void readsCompssDirections() {
        TaskRegistry r = TaskRegistry.load(LOADER, List.of("demoapp.compss.DirectionsItf"));
        Map<String, TaskMethod> byName = r.all().stream().collect(Collectors.toMap(TaskMethod::name, Function.identity()));
        assertEquals(Direction.COMMUTATIVE, byName.get("fill").params().get(0).direction());
        assertEquals(Direction.IN_DELETE, byName.get("fill").params().get(1).direction(), "by value: read once");
        assertEquals(Direction.CONCURRENT, byName.get("add").calleeDirection());
        assertEquals("demoapp.bad.CommutativeIntItf.noop(int): direction COMMUTATIVE on a by-value parameter of type"
                + " int (only objects and files can be written)", error("demoapp.bad.CommutativeIntItf"));
    }
}
