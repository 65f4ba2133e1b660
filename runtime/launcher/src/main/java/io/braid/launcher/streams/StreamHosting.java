package io.braid.launcher.streams;

import io.braid.engine.task.StreamParam;
import io.braid.streams.BackendException;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.protocol.StreamSecretFile;
import io.braid.streams.internals.server.KafkaMode;
import io.braid.streams.internals.settings.StreamSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;

/**
 * The run's stream services: the DistroStream server, hosted by the master (its Kafka broker
 * starts when the first object stream is registered, or at once when the run is known to use
 * object streams: {@link #prepareObjectStreams()}) or an existing one the run attaches
 * to, this process's client for the main program, and the settings that give every worker a
 * client of its own.
 */
public final class StreamHosting implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHosting.class);

    /** How long {@link #attach} waits for the existing server to accept a connection. */
    private static final int ATTACH_CONNECT_TIMEOUT_MS = 5_000;

    /** The hosted server; null when the run uses an existing one. */
    private final DistroStreamServer server;
    private final String address;
    private final String applicationId;
    /** The existing server's secret file (null: the run's own server, which takes the run's secret). */
    private final String secretFile;
    private volatile boolean prepareObjects;

    private StreamHosting(DistroStreamServer server, String address, String applicationId, String secretFile) {
        this.server = server;
        this.address = address;
        this.applicationId = applicationId;
        this.secretFile = secretFile;
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
        return new StreamHosting(server, server.address(), applicationId, null);
    }

    /**
     * Uses the stream server already running at {@code address} ({@code host:port}, e.g. started
     * by scripts/braid-stream-server and shared with processes outside the run): the master and
     * the workers become its clients; that server decides which stream kinds exist and where
     * Kafka is, and outlives the run. Its secret comes from the file {@code secretFile} names
     * ({@code BRAID_STREAM_SECRET_FILE}); the workers are told where it is (a path, not the secret).
     *
     * @throws IOException naming the address when it is malformed or nothing accepts connections
     *                     there, or the secret file when it is missing or unreadable
     */
    public static StreamHosting attach(String address, String applicationId, String secretFile) throws IOException {
        String a = address.trim();
        int colon = a.lastIndexOf(':');
        int port;
        try {
            port = colon <= 0 ? -1 : Integer.parseInt(a.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65_535) {
            throw new IOException("'" + address + "' is not host:port");
        }
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(a.substring(0, colon), port), ATTACH_CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            throw new IOException("no stream server answers at " + a + " (" + e.getMessage() + ")", e);
        }
        if (secretFile == null || secretFile.isBlank()) {
            throw new IOException("set " + StreamSecretFile.ENV + " to the secret file that server printed (its second"
                    + " line) too");
        }
        String file = java.nio.file.Path.of(secretFile.trim()).toAbsolutePath().toString();
        StreamSecretFile.read(java.nio.file.Path.of(file)); // fails now, naming the file, rather than at the first stream
        System.setProperty(DistroStreamClient.SERVER_PROPERTY, a);
        System.setProperty(StreamSecretFile.PROPERTY, file);
        System.setProperty(DistroStreamClient.APP_ID_PROPERTY, applicationId);
        LOG.info("using the existing stream server at {} for application {}", a, applicationId);
        return new StreamHosting(null, a, applicationId, file);
    }

    /** The server's address ({@code host:port}). */
    public String address() {
        return address;
    }

    /**
     * The run will use object streams: the hosted server starts its broker now, in the background
     * (overlapping the workers' start), and workers started afterwards get their Kafka clients
     * ready before their first stream task. Call before {@link #workerJvmOptions()}.
     */
    public void prepareObjectStreams() {
        prepareObjects = true;
        if (server != null) {
            server.prepareObjectStreams();
        }
    }

    /** JVM options that give a worker a client of this server, in this application. */
    public List<String> workerJvmOptions() {
        List<String> options = new java.util.ArrayList<>(List.of("-D" + DistroStreamClient.SERVER_PROPERTY + "=" + address,
                "-D" + DistroStreamClient.APP_ID_PROPERTY + "=" + applicationId));
        if (prepareObjects) {
            options.add("-D" + DistroStreamClient.PREPARE_PROPERTY + "=true");
        }
        if (secretFile != null) {
            options.add("-D" + StreamSecretFile.PROPERTY + "=" + secretFile);
        }
        // The master's Kafka client settings (an external cluster's SASL/TLS), for the workers' clients too.
        StreamSettings.KAFKA.values().forEach((key, value) -> options.add("-D" + StreamSettings.KAFKA.prefix() + key + "=" + value));
        return options;
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

    /**
     * Closes the main program's client, then the hosted server (and its embedded broker, if it
     * started one); an existing server the run attached to keeps running.
     */
    @Override
    public void close() {
        DistroStreamClient.closeProcessClient();
        if (server != null) {
            server.close();
        }
        System.clearProperty(DistroStreamClient.SERVER_PROPERTY);
        System.clearProperty(StreamSecretFile.PROPERTY);
        System.clearProperty(DistroStreamClient.APP_ID_PROPERTY);
    }
}
