package io.braid.launcher.app;

import io.braid.api.Direction;
import io.braid.api.Type;

/**
 * One declared parameter of a task (the callee of an instance task is not one of them).
 *
 * @param type      resolved kind: never {@link Type#UNSPECIFIED} (primitives get their own type,
 *                  {@code String} gets STRING, everything else OBJECT unless declared FILE/STREAM)
 * @param direction how the task uses it
 * @param javaType  the declared Java type of the parameter
 */
public record TaskParam(Type type, Direction direction, Class<?> javaType) {
}
