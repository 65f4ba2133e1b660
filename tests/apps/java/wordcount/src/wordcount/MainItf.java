package wordcount;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** The tasks of the word count: which calls of Main run as tasks, and how they use their data. */
public interface MainItf {
    @Method(declaringClass = "wordcount.Tasks")
    void generate(@Parameter(type = Type.FILE, direction = Direction.OUT) String file, int lines, long seed);

    @Method(declaringClass = "wordcount.Tasks")
    WordCounts count(@Parameter(type = Type.FILE) String file);

    @Method(declaringClass = "wordcount.Tasks")
    void merge(@Parameter(direction = Direction.INOUT) WordCounts into, WordCounts other);
}
