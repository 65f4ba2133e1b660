package io.braid.streams.internals.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.streams.StreamType;
import io.braid.streams.internals.settings.StreamSettings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/** Settings of a {@link DistroStreamServer} ({@link DistroStreamServer#builder()}); every one has a default. */
public final class StreamServerBuilder {
    String host = "127.0.0.1";
    int port;
    KafkaMode kafka = KafkaMode.EMBEDDED;
    Path workDir;
    long writerGraceMs = StreamSettings.WRITER_GRACE_MS.get();
    ObjectTopics topics;
    FileQueueFactory fileQueues;
    Set<StreamType> allowedTypes = EnumSet.allOf(StreamType.class);
    String disallowedHint = "";
    ConnectionSecurity security;
    LoopClock clock;

    /** Address to bind (default 127.0.0.1; "0.0.0.0": every interface, advertising this host's address). */
    public StreamServerBuilder host(String host) {
        this.host = host;
        return this;
    }

    /** Port to bind (default 0: any free port). */
    public StreamServerBuilder port(int port) {
        this.port = port;
        return this;
    }

    /** Default {@link KafkaMode#EMBEDDED}. */
    public StreamServerBuilder kafka(KafkaMode kafka) {
        this.kafka = kafka == null ? KafkaMode.EMBEDDED : kafka;
        return this;
    }

    /** Where the embedded broker keeps its data (default: a temporary directory deleted on close). */
    public StreamServerBuilder workDir(Path workDir) {
        this.workDir = workDir;
        return this;
    }

    /** How long a disconnected client keeps its writer roles (default {@value DistroStreamServer#DEFAULT_WRITER_GRACE_MS} ms). */
    public StreamServerBuilder writerGraceMs(long ms) {
        this.writerGraceMs = ms;
        return this;
    }

    /** Replaces the Kafka side (tests, or a cluster managed elsewhere). */
    public StreamServerBuilder objectTopics(ObjectTopics topics) {
        this.topics = topics;
        return this;
    }

    /** Replaces the file queues (default: a watched directory per stream). */
    public StreamServerBuilder fileQueues(FileQueueFactory fileQueues) {
        this.fileQueues = fileQueues;
        return this;
    }

    /**
     * The stream kinds applications may create or attach to (default: all); registering
     * another kind fails with a message ending in {@code hint} (e.g. the launcher flag to change).
     */
    public StreamServerBuilder allowedTypes(Set<StreamType> types, String hint) {
        this.allowedTypes = types.isEmpty() ? EnumSet.noneOf(StreamType.class) : EnumSet.copyOf(types);
        this.disallowedHint = hint == null ? "" : hint;
        return this;
    }

    /**
     * The secret (and TLS) every client must prove (default: this process's, {@link
     * ConnectionSecurity#process()}, i.e. the run's inside braid-run).
     */
    public StreamServerBuilder security(ConnectionSecurity security) {
        this.security = security;
        return this;
    }

    /**
     * The clock of the server's timers (writer grace periods, poll and hand-over timeouts); default
     * the system's. Tests pass one they move by hand.
     */
    public StreamServerBuilder clock(LoopClock clock) {
        this.clock = clock;
        return this;
    }

    /** Starts the server with these settings. */
    public DistroStreamServer start() throws IOException {
        return DistroStreamServer.start(this);
    }
}
