package io.braid.api;

/** Kind of a task parameter, as in COMPSs. {@link #UNSPECIFIED} lets the runtime infer it from the value. */
public enum Type {
    BOOLEAN, CHAR, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, OBJECT, FILE, STREAM, UNSPECIFIED
}
