package io.braid.worker.execution.c;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A worker library's task table, from braid-c-worker's READY message. */
record CLibrary(int protocol, long pid, String path, String idl, Map<String, CFunction> functions) {
    static final int PROTOCOL = 1;
    static final int READY = 1;

    /** Parses a READY frame; a malformed one is an {@link IllegalStateException}. */
    static CLibrary parse(byte[] frame) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        try {
            if (b.get() != READY) {
                throw new IllegalStateException("braid-c-worker's first message is not READY");
            }
            int protocol = b.getInt();
            if (protocol != PROTOCOL) {
                throw new IllegalStateException("braid-c-worker speaks protocol " + protocol + ", this worker "
                        + PROTOCOL + ": use the braid-c-worker built with this braid.jar");
            }
            long pid = Integer.toUnsignedLong(b.getInt());
            String path = str(b);
            String idl = str(b);
            int n = b.getInt();
            Map<String, CFunction> functions = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String name = str(b);
                int ret = b.get() & 0xff;
                String retUser = str(b);
                int np = b.getInt();
                List<CFunction.Param> params = new ArrayList<>(np);
                for (int j = 0; j < np; j++) {
                    params.add(new CFunction.Param(str(b), b.get() & 0xff, b.get() & 0xff, str(b)));
                }
                functions.put(name, new CFunction(name, ret, retUser, params));
            }
            return new CLibrary(protocol, pid, path, idl, Map.copyOf(functions));
        } catch (java.nio.BufferUnderflowException e) {
            throw new IllegalStateException("braid-c-worker sent a READY message cut short");
        }
    }

    static String str(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new java.nio.BufferUnderflowException();
        }
        String s = new String(b.array(), b.position(), n, StandardCharsets.UTF_8);
        b.position(b.position() + n);
        return s;
    }

    /** The function, or an error line as braid-c-worker words it: "no task function f in LIB (it has: a, b)". */
    CFunction function(String name) {
        CFunction f = functions.get(name);
        if (f == null) {
            List<String> names = new ArrayList<>(functions.keySet());
            java.util.Collections.sort(names);
            throw new CTaskException("no task function " + name + " in " + path + " (it has: "
                    + String.join(", ", names) + ")");
        }
        return f;
    }
}
