package io.braid.worker.execution.cfunction;

/**
 * The C types a {@code @CFunction} task passes and returns, with their code in the native task
 * host's protocol and the Java type (by name, as {@code RunTask.paramTypes} has it) each comes from.
 */
enum CType {
    VOID(0, "void"),
    BOOLEAN(1, "boolean"),
    BYTE(2, "byte"),
    CHAR(3, "char"),
    SHORT(4, "short"),
    INT(5, "int"),
    LONG(6, "long"),
    FLOAT(7, "float"),
    DOUBLE(8, "double"),
    /** A NUL-terminated UTF-8 {@code const char *}: a String, or a FILE's path. */
    STRING(9, "java.lang.String"),
    /** A {@code uint8_t *} to a copy of a byte[] (or a ByteBuffer's remaining bytes); written back when the parameter is written. */
    BUFFER(10, "[B");

    final int code;
    final String javaName;

    CType(int code, String javaName) {
        this.code = code;
        this.javaName = javaName;
    }

    static CType ofCode(int code) {
        for (CType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown C type code " + code);
    }

    /** The type a Java parameter or return type maps to; IllegalArgumentException when none. */
    static CType ofJava(String javaName) {
        if (javaName.equals("java.nio.ByteBuffer")) {
            return BUFFER; // its remaining bytes
        }
        for (CType t : values()) {
            if (t.javaName.equals(javaName)) {
                return t;
            }
        }
        throw new IllegalArgumentException("a C function cannot take or return a " + javaName);
    }
}
