package io.braid.comm.message;

/** Worker to master, first message on the connection: who the worker is and where it serves data. */
public record WorkerHello(String node, String dataHost, int dataPort, long pid, String logFile) implements Message {
}
