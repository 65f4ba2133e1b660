package streamapp;

import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.RegistrationException;

/**
 * A stream named on the command line: {@code object:<alias>:<MODE>} or
 * {@code file:<alias>:<MODE>:<base dir>}. Every process opens it the same way (same mode, same
 * directory), so whichever comes first creates it.
 */
record StreamSpec(String alias, ConsumerMode mode, String baseDir) {

    static StreamSpec parse(String text) {
        String[] p = text.split(":", 4);
        if (p[0].equals("object") && p.length == 3) {
            return new StreamSpec(p[1], ConsumerMode.valueOf(p[2]), null);
        }
        if (p[0].equals("file") && p.length == 4) {
            return new StreamSpec(p[1], ConsumerMode.valueOf(p[2]), p[3]);
        }
        throw new IllegalArgumentException("bad stream spec " + text + ": object:<alias>:<MODE> or file:<alias>:<MODE>:<dir>");
    }

    boolean isFile() {
        return baseDir != null;
    }

    @SuppressWarnings("unchecked")
    DistroStream<String> open() throws RegistrationException {
        return isFile() ? new FileDistroStream(alias, baseDir, mode) : (DistroStream<String>) (DistroStream<?>) new ObjectDistroStream<String>(alias, mode);
    }
}
