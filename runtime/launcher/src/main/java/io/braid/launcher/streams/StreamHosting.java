package io.braid.launcher.streams;

import io.braid.engine.task.StreamParam;
import io.braid.streams.BackendException;
import io.braid.streams.client.DistroStreamClient;
import io.braid.streams.server.DistroStreamServer;
import io.braid.streams.server.KafkaMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;

/**
 * The run's stream services, hosted by the master: the DistroStream server (its Kafka broker
 * starts only when the first object stream is registered), this process's client for the main
 * program, and the settings that give every worker a client of its own.
 */
public final class StreamHosting implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHosting.class);

    private final DistroStreamServer server;
    private final String applicationId;

    private StreamHosting(DistroStreamServer server, String applicationId) {
        this.server = server;
        this.applicationId = applicationId;
    }

    /**
     * Starts the server on {@code host} and points this process's client at it. With
     * {@link StreamingMode#NONE} the server still answers, refusing every stream with a message
     * that names the flag.
     */
    public static StreamHosting start(StreamingMode mode, KafkaMode kafka, String host, String applicationId)
            throws IOException {
        DistroStreamServer server = DistroStreamServer.builder().host(host).port(0).kafka(kafka)
                .allowedTypes(mode.allowed(), " (this run has --streaming=" + mode + "; use --streaming=ALL)")
                .start();
        System.setProperty(DistroStreamClient.SERVER_PROPERTY, server.address());
        System.setProperty(DistroStreamClient.APP_ID_PROPERTY, applicationId);
        LOG.info("stream server at {} for application {} (streaming {}, Kafka {})", server.address(), applicationId,
                mode, kafka);
        return new StreamHosting(server, applicationId);
    }

    /** JVM options that give a worker a client of this server, in this application. */
    public List<String> workerJvmOptions() {
        return List.of("-D" + DistroStreamClient.SERVER_PROPERTY + "=" + server.address(),
                "-D" + DistroStreamClient.APP_ID_PROPERTY + "=" + applicationId);
    }

    /** Registers the writer a task will publish and close as (a STREAM OUT parameter, at submission). */
    public static void registerWriter(StreamParam p) throws BackendException {
        DistroStreamClient.get().registerWriter(p.streamId(), p.writerId());
    }

    /**
     * Closes, for their readers, the streams a task that failed for good was writing (its writer
     * role ends), so no reader waits for records that will never come.
     */
    public void closeWriters(List<StreamParam> written) {
        for (StreamParam p : written) {
            try {
                DistroStreamClient.get().closeWriter(p.streamId(), p.writerId());
                LOG.info("closed stream {} for writer {} (its task failed)", p.streamId(), p.writerId());
            } catch (BackendException e) {
                LOG.warn("could not close stream {} for writer {}: {}", p.streamId(), p.writerId(), e.getMessage());
            }
        }
    }

    /** Closes the main program's client, then the server (and its embedded broker, if it started one). */
    @Override
    public void close() {
        DistroStreamClient.closeProcessClient();
        server.close();
        System.clearProperty(DistroStreamClient.SERVER_PROPERTY);
        System.clearProperty(DistroStreamClient.APP_ID_PROPERTY);
    }
}
