package io.braid.worker.execution.c;

import java.util.List;

/** A task function of a worker library as its READY message describes it (the IDL's declaration). */
record CFunction(String name, int returnType, String returnUserType, List<Param> params) {

    record Param(String name, int type, int direction, String userType) {
        boolean isFile() {
            return CTypes.base(type) == CTypes.FILE;
        }

        boolean isStream() {
            return CTypes.isStream(type);
        }

        /** "in int a", "inout Point q". */
        String describe() {
            return CTypes.direction(direction) + " " + CTypes.name(type, userType) + " " + name;
        }
    }

    CFunction {
        params = List.copyOf(params);
    }

    boolean returnsValue() {
        return returnType != CTypes.VOID;
    }
}
