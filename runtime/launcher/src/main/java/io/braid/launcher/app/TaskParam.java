package io.braid.launcher.app;

import io.braid.api.Constants;
import io.braid.api.Direction;
import io.braid.api.StdIOStream;
import io.braid.api.Type;

/**
 * One declared parameter of a task (the callee of an instance task is not one of them).
 *
 * @param type       resolved kind: never {@link Type#UNSPECIFIED} (primitives get their own type,
 *                   {@code String} gets STRING, everything else OBJECT unless declared FILE/STREAM)
 * @param direction  how the task uses it
 * @param javaType   the declared Java type of the parameter
 * @param stream     {@code @Parameter(stream)}: the standard stream of a binary task it stands for
 * @param prefix     {@code @Parameter(prefix)}: text before the value on a binary task's command line
 *                   ({@link Constants#PREFIX_EMPTY} for none)
 * @param weight     {@code @Parameter(weight)}, parsed
 * @param keepRename {@code @Parameter(keepRename)}: a FILE parameter keeps the runtime's renamed file
 * @param name       {@code @Parameter(name)}, "" for none
 */
public record TaskParam(Type type, Direction direction, Class<?> javaType, StdIOStream stream, String prefix,
                        double weight, boolean keepRename, String name) {

    /** A parameter with every other member at its default. */
    public TaskParam(Type type, Direction direction, Class<?> javaType) {
        this(type, direction, javaType, StdIOStream.UNSPECIFIED, Constants.PREFIX_EMPTY, 1.0, false,
                Constants.NAME_EMPTY);
    }
}
