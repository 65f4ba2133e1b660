package io.braid.comm.message;

import java.util.List;

/** Master to worker: drop these data versions from the worker's store. */
public record DeleteData(List<String> dataNames) implements Message {
}
