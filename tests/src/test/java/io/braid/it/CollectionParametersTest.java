package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code @Parameter(type = Type.COLLECTION)} on Java tasks (tests/apps/java/collections): a list of
 * task results is one task with a dependency per element, on two nodes of one computing unit each
 * (so elements come from both workers); INOUT elements are updated in place; wrong usage fails
 * with one line.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CollectionParametersTest extends ItBase {
    private RunResult run(Object... args) {
        java.nio.file.Path dir = tmp.resolve(String.valueOf(args[0])); // a directory per run: one log dir each
        CompssNodes nodes = CompssNodes.write(dir.resolve("xml"), 2, 1);
        return nodes.on(BraidRunner.in(dir).app("collections").main("collections.Main").args(args)).run();
    }

    @Test
    void aListOfTaskResultsIsReducedByOneTaskThatWaitsForEveryElement() {
        RunResult r = run("in", 300);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("44850", r.value("sum: "), r::describe);
        assertEquals("44850", r.value("expected: "), r::describe);
    }

    @Test
    void taskResultsMainValuesAndNullsKeepTheirPlaceAndClass() {
        RunResult r = run("mixed");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("mixed ArrayList: Integer=7 String=text null Integer=5 Integer=9 tail=3", r.value("seen: "),
                r::describe);
        assertEquals("7 text null", r.value("main has: "), r::describe);
    }

    @Test
    void inoutElementsAreUpdatedInPlaceAndOrderTheTasksThatShareThem() {
        RunResult r = run("inout");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("1 111 121 31", r.value("task saw: "), r::describe);
        assertEquals("1001 1111 1121 1031", r.value("main sees: "), r::describe);
    }

    @Test
    void anEmptyListIsAnEmptyArrayList() {
        RunResult r = run("empty");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("0 none ArrayList: tail=1", r.value("empty: "), r::describe);
    }

    @Test
    void aListATaskReturnedIsPassedByItsElements() {
        RunResult r = run("returned");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("10", r.value("returned: "), r::describe);
    }

    @Test
    void aNullCollectionStopsTheProgramAtTheCall() {
        RunResult r = run("null");

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("before"), r::describe);
        assertFalse(r.stdout().contains("after"), r::describe);
        assertTrue(r.stderr().contains("collections.Tasks.total") && r.stderr().contains("COLLECTION parameter 1 is null"),
                r::describe);
    }

    @Test
    void aUserClassNamedCollectionIsNotTakenForACollectionHeader() {
        // tests/apps/java/collectionnamed: a class `collection` in the default package; a null one is
        // passed by value under its type name, which once marked a collection's header.
        RunResult r = BraidRunner.in(tmp.resolve("named")).app("collectionnamed").main("NamedMain").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("null", r.value("alone: "), r::describe);
        assertEquals("null ArrayList[1, 2] collection(5)", r.value("mixed: "), r::describe);
    }

    @Test
    void aCollectionThatIsNotAListOrThatIsOutIsRefusedBeforeAnyTaskRuns() {
        String[][] cases = {
            {"collections.BadTypeItf", "@Parameter(type=COLLECTION) on a parameter of type int[]"},
            {"collections.BadDirectionItf", "direction OUT on the collection parameter"},
        };
        for (String[] c : cases) {
            RunResult r = BraidRunner.in(tmp.resolve(c[0])).app("collections").main("collections.Main").args("empty")
                    .options("--interface=" + c[0]).run();
            assertNotEquals(0, r.exitCode(), r::describe);
            assertEquals(1, r.stderrLines().size(), () -> "exactly one line on stderr expected\n" + r.describe());
            String line = r.stderrLines().get(0);
            assertTrue(line.contains(c[0]) && line.contains(c[1]), () -> "names the method and the misuse: " + line);
            assertFalse(r.stdout().contains("empty:"), r::describe);
        }
    }
}
