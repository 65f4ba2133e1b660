package io.braid.worker.execution;

/** Turns the text of a by-value parameter back into its Java value. */
final class ValueParser {
    private ValueParser() {
    }

    static Object parse(String javaType, String text) {
        if (text == null) {
            return null;
        }
        return switch (javaType) {
            case "int", "java.lang.Integer" -> Integer.parseInt(text);
            case "long", "java.lang.Long" -> Long.parseLong(text);
            case "double", "java.lang.Double" -> Double.parseDouble(text);
            case "float", "java.lang.Float" -> Float.parseFloat(text);
            case "boolean", "java.lang.Boolean" -> Boolean.parseBoolean(text);
            case "short", "java.lang.Short" -> Short.parseShort(text);
            case "byte", "java.lang.Byte" -> Byte.parseByte(text);
            case "char", "java.lang.Character" -> text.charAt(0);
            default -> text;
        };
    }
}
