package cfunctions;

import io.braid.api.CFunction;
import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;
import java.nio.ByteBuffer;

/** C functions as tasks: libm's, and the test's own library (c/ctasks.c, built into ${CLIB}). */
public interface MainItf {

    @CFunction(library = "libm.so.6", symbol = "cos")
    double cos(double x);

    @CFunction(library = "libm.so.6", symbol = "pow")
    double pow(double x, double y);

    @CFunction(library = "${CLIB}", symbol = "noop")
    void noop();

    @CFunction(library = "${CLIB}", symbol = "mix")
    double mix(double d, float f, long l, int i, short s, byte b, char c, boolean flag);

    @CFunction(library = "${CLIB}", symbol = "is_positive")
    boolean isPositive(int x);

    @CFunction(library = "${CLIB}", symbol = "upper")
    char upper(char c);

    @CFunction(library = "${CLIB}", symbol = "sum_bytes")
    long sumBytes(byte[] buf, int n);

    @CFunction(library = "${CLIB}", symbol = "fill_bytes")
    void fillBytes(@Parameter(direction = Direction.OUT) byte[] buf, int n, byte start);

    @CFunction(library = "${CLIB}", symbol = "reverse_bytes")
    int reverseBytes(@Parameter(direction = Direction.INOUT) byte[] buf, int n);

    @CFunction(library = "${CLIB}", symbol = "reverse_bytes")
    int reverseBuffer(@Parameter(direction = Direction.INOUT) ByteBuffer buf, int n);

    @CFunction(library = "${CLIB}", symbol = "sum_bytes")
    long sumBuffer(ByteBuffer buf, int n);

    @CFunction(library = "${CLIB}", symbol = "utf8_length")
    int utf8Length(String s);

    @CFunction(library = "${CLIB}", symbol = "write_text")
    int writeText(@Parameter(type = Type.FILE, direction = Direction.OUT) String path, String text, int times);

    @CFunction(library = "${CLIB}", symbol = "count_lines")
    int countLines(@Parameter(type = Type.FILE, direction = Direction.IN) String path);

    @CFunction(library = "${CLIB}", symbol = "crash")
    int crash(String attemptsPath);

    @CFunction(library = "${CLIB}", symbol = "abort_now")
    int abortNow(String attemptsPath);

    /** A Java no-op task, to compare a C function task's cost with (tests/bench/cfunction). */
    @Method(declaringClass = "cfunctions.JavaTasks")
    void javaNoop();

    @CFunction(library = "${CLIB}", symbol = "no_such_function")
    int missingSymbol(int x);

    @CFunction(library = "libbraid-no-such-library.so", symbol = "f")
    int missingLibrary(int x);
}
