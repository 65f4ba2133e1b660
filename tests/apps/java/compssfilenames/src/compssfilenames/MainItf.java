package compssfilenames;

import io.braid.api.Direction;
import io.braid.api.Method;
import io.braid.api.Parameter;
import io.braid.api.Type;

/** A COMPSs application's interface (imports rewritten) whose tasks check the names of their files. */
public interface MainItf {
    @Method(declaringClass = "compssfilenames.Tasks")
    void increment(@Parameter(type = Type.FILE, direction = Direction.INOUT) String counterFile,
                   @Parameter(type = Type.INT) int sleepMs);

    @Method(declaringClass = "compssfilenames.Tasks")
    Integer readCounter(@Parameter(type = Type.FILE, direction = Direction.IN) String counterFile,
                        @Parameter(type = Type.INT) int sleepMs);

    @Method(declaringClass = "compssfilenames.Tasks")
    void writeResult(@Parameter(type = Type.FILE, direction = Direction.OUT) String resultFile,
                     @Parameter(type = Type.STRING) String text);

    @Method(declaringClass = "compssfilenames.Tasks")
    void rewriteAtomically(@Parameter(type = Type.FILE, direction = Direction.INOUT) String file,
                           @Parameter(type = Type.STRING) String suffix);

    @Method(declaringClass = "compssfilenames.Tasks")
    String namesOf(@Parameter(type = Type.FILE, direction = Direction.IN) String first,
                   @Parameter(type = Type.FILE, direction = Direction.IN) String second);

    @Method(declaringClass = "compssfilenames.Tasks")
    String renamedName(@Parameter(type = Type.FILE, direction = Direction.IN, keepRename = true) String file);

    @Method(declaringClass = "compssfilenames.Tasks")
    String appendRenamed(@Parameter(type = Type.FILE, direction = Direction.INOUT, keepRename = true) String file,
                         @Parameter(type = Type.STRING) String text);
}
