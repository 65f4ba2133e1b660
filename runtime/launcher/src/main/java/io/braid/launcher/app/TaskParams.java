package io.braid.launcher.app;

import io.braid.api.Direction;
import io.braid.api.Parameter;
import io.braid.api.StdIOStream;
import io.braid.api.Type;
import io.braid.streams.DistroStream;

import java.io.File;
import java.nio.file.Path;

/** Reads one declared task parameter: its {@code @Parameter} checked against its Java type. */
final class TaskParams {
    private TaskParams() {
    }

    private static TaskDefinitionException fail(String where, String what) {
        return new TaskDefinitionException(where + ": " + what);
    }

    static TaskParam read(String where, Class<?> javaType, Parameter annotation) {
        Type declared = annotation == null ? Type.UNSPECIFIED : annotation.type();
        Direction direction = annotation == null ? Direction.IN : annotation.direction();
        String typeName = javaType.getTypeName();
        Type type = switch (declared) {
            case UNSPECIFIED -> inferred(javaType);
            case FILE -> {
                if (javaType != String.class && javaType != File.class && javaType != Path.class) {
                    throw fail(where, "@Parameter(type=FILE) on a parameter of type " + typeName);
                }
                yield Type.FILE;
            }
            case STRING -> {
                if (javaType != String.class) {
                    throw fail(where, "@Parameter(type=STRING) on a parameter of type " + typeName);
                }
                yield Type.STRING;
            }
            case STREAM -> {
                if (!DistroStream.class.isAssignableFrom(javaType)) {
                    throw fail(where, "@Parameter(type=STREAM) on a parameter of type " + typeName
                            + " (a stream parameter must be a DistroStream, ObjectDistroStream or FileDistroStream)");
                }
                yield Type.STREAM;
            }
            case COLLECTION -> {
                if (!javaType.isAssignableFrom(java.util.ArrayList.class) || javaType == Object.class) {
                    throw fail(where, "@Parameter(type=COLLECTION) on a parameter of type " + typeName
                            + " (a collection parameter is a java.util.List, Collection or ArrayList: the task"
                            + " gets an ArrayList of the elements)");
                }
                if (direction != Direction.IN && direction != Direction.INOUT) {
                    throw fail(where, "direction " + direction + " on the collection parameter of type " + typeName
                            + " (a collection is IN or INOUT: its elements are read, or read and updated in place)");
                }
                yield Type.COLLECTION;
            }
            case OBJECT -> {
                if (javaType.isPrimitive()) {
                    throw fail(where, "@Parameter(type=" + declared + ") on a parameter of type " + typeName);
                }
                if (DistroStream.class.isAssignableFrom(javaType)) {
                    throw fail(where, "@Parameter(type=OBJECT) on a stream parameter of type " + typeName
                            + " (declare it type=STREAM, direction=IN or OUT)");
                }
                yield declared;
            }
            default -> {
                Type primitive = inferred(javaType.isPrimitive() ? javaType : unboxed(javaType));
                if (primitive != declared) {
                    throw fail(where, "@Parameter(type=" + declared + ") on a parameter of type " + typeName);
                }
                yield inferred(javaType);
            }
        };
        if (type == Type.STREAM && direction != Direction.IN && direction != Direction.OUT) {
            throw fail(where, "direction " + direction + " on the stream parameter of type " + typeName
                    + " (a task reads a stream (IN) or writes it (OUT), not both through one parameter)");
        }
        boolean byValue = javaType.isPrimitive() || type == Type.STRING;
        if (direction != Direction.IN && direction != Direction.IN_DELETE && byValue) {
            throw fail(where, "direction " + direction + " on a by-value parameter of type " + typeName
                    + " (only objects and files can be written)");
        }
        if (annotation == null) {
            return new TaskParam(type, direction, javaType);
        }
        StdIOStream stdio = annotation.stream();
        if (stdio != StdIOStream.UNSPECIFIED && type != Type.FILE) {
            throw fail(where, "@Parameter(stream = " + stdio + ") on a parameter of type " + type
                    + " (a standard stream is bound to a FILE parameter)");
        }
        double weight;
        try {
            weight = Double.parseDouble(annotation.weight().trim());
        } catch (NumberFormatException e) {
            throw fail(where, "@Parameter(weight = \"" + annotation.weight() + "\"): expected a decimal number");
        }
        return new TaskParam(type, direction, javaType, stdio, annotation.prefix(), weight, annotation.keepRename(),
                annotation.name());
    }

    private static Type inferred(Class<?> c) {
        if (c == boolean.class) {
            return Type.BOOLEAN;
        } else if (c == char.class) {
            return Type.CHAR;
        } else if (c == byte.class) {
            return Type.BYTE;
        } else if (c == short.class) {
            return Type.SHORT;
        } else if (c == int.class) {
            return Type.INT;
        } else if (c == long.class) {
            return Type.LONG;
        } else if (c == float.class) {
            return Type.FLOAT;
        } else if (c == double.class) {
            return Type.DOUBLE;
        } else if (c == String.class) {
            return Type.STRING;
        } else if (DistroStream.class.isAssignableFrom(c)) {
            return Type.STREAM;
        }
        return Type.OBJECT;
    }

    private static Class<?> unboxed(Class<?> c) {
        return switch (c.getName()) {
            case "java.lang.Boolean" -> boolean.class;
            case "java.lang.Character" -> char.class;
            case "java.lang.Byte" -> byte.class;
            case "java.lang.Short" -> short.class;
            case "java.lang.Integer" -> int.class;
            case "java.lang.Long" -> long.class;
            case "java.lang.Float" -> float.class;
            case "java.lang.Double" -> double.class;
            default -> Object.class;
        };
    }
}
