package io.braid.comm.transport;

import io.braid.comm.auth.ConnectionSecurity;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Fetches data versions from data servers, keeping one connection per {@code host:port}: opened
 * on first use (without blocking the caller), shared by concurrent fetches, reopened on the next
 * fetch after it drops. Thread-safe.
 *
 * <p>Futures complete on a network thread; see {@link RequestClient}. A connect failure reads
 * "cannot connect to data server host:port: Connection refused"; a missing version fails with
 * {@link DataMissingException}.
 */
public final class DataFetcher implements AutoCloseable {

    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
    public static final int DEFAULT_THREADS = 2;

    private final EventLoopGroup group;
    private final boolean ownsGroup;
    private final int connectTimeoutMs;
    private final ConnectionSecurity security = ConnectionSecurity.process();
    private final Map<String, CompletableFuture<RequestClient>> connections = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** A fetcher with its own {@link #DEFAULT_THREADS} event loop threads named {@code name-io-N}. */
    public DataFetcher(String name) {
        this(new NioEventLoopGroup(DEFAULT_THREADS, new DefaultThreadFactory(name + "-io", true)), true,
                DEFAULT_CONNECT_TIMEOUT_MS);
    }

    /** A fetcher on a shared group, which {@link #close()} leaves running. */
    public DataFetcher(EventLoopGroup group, int connectTimeoutMs) {
        this(group, false, connectTimeoutMs);
    }

    private DataFetcher(EventLoopGroup group, boolean ownsGroup, int connectTimeoutMs) {
        this.group = group;
        this.ownsGroup = ownsGroup;
        this.connectTimeoutMs = connectTimeoutMs;
    }

    /** Fetches version {@code dataName} from the data server at {@code host:port} into memory. */
    public CompletableFuture<FetchedData> fetch(String host, int port, String dataName) {
        return withClient(host, port, client -> client.fetch(dataName));
    }

    /** Fetches version {@code dataName} into a direct buffer ({@link RequestClient#fetchDirect}). */
    public CompletableFuture<java.nio.ByteBuffer> fetchDirect(String host, int port, String dataName) {
        return withClient(host, port, client -> client.fetchDirect(dataName));
    }

    /** Fetches version {@code dataName} into {@code target}, streaming chunks to disk; completes with {@code target}. */
    public CompletableFuture<Path> fetchToFile(String host, int port, String dataName, Path target) {
        return withClient(host, port, client -> client.fetchToFile(dataName, target));
    }

    /**
     * Opens the pooled connection to the data server at {@code host:port} now, when there is none,
     * without waiting for it: a first fetch from there, later, then finds it open instead of
     * paying the connection and its handshake (on a fresh run, also the first use of their code).
     * A failure is not reported here; the next fetch connects again and reports its own.
     */
    public void connectAhead(String host, int port) {
        if (!closed) {
            client(host, port);
        }
    }

    /**
     * The data server at {@code host:port} is gone (its worker was declared lost): closes the
     * connection to it, so that fetches waiting on it fail now with {@code reason} instead of
     * waiting for a host that may never answer. A later fetch connects again.
     */
    public void forget(String host, int port, String reason) {
        CompletableFuture<RequestClient> f = connections.remove(host + ":" + port);
        if (f != null) {
            f.thenAccept(client -> client.close(new IOException(reason)));
        }
    }

    /** Number of pooled connections, open or opening. */
    public int connectionCount() {
        return connections.size();
    }

    /** Closes every pooled connection (pending fetches fail) and, if owned, the event loops. */
    @Override
    public void close() {
        closed = true;
        for (CompletableFuture<RequestClient> f : connections.values()) {
            f.thenAccept(RequestClient::close);
        }
        connections.clear();
        if (ownsGroup) {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
        }
    }

    private <T> CompletableFuture<T> withClient(String host, int port, Function<RequestClient, CompletableFuture<T>> call) {
        if (closed) {
            return CompletableFuture.failedFuture(new IOException("data fetcher is closed"));
        }
        // Fail in the same shape whether the connection is fresh or pooled: the original exception, not a wrapper.
        CompletableFuture<T> result = new CompletableFuture<>();
        client(host, port).whenComplete((client, connectError) -> {
            if (connectError != null) {
                result.completeExceptionally(connectError);
            } else {
                call.apply(client).whenComplete((value, error) -> {
                    if (error != null) {
                        result.completeExceptionally(error);
                    } else {
                        result.complete(value);
                    }
                });
            }
        });
        return result;
    }

    private CompletableFuture<RequestClient> client(String host, int port) {
        String key = host + ":" + port;
        while (true) {
            CompletableFuture<RequestClient> existing = connections.get(key);
            if (existing != null) {
                if (!existing.isDone() || (!existing.isCompletedExceptionally() && existing.join().isActive())) {
                    return existing;
                }
                connections.remove(key, existing); // dropped or failed: reconnect
                continue;
            }
            CompletableFuture<RequestClient> fresh = new CompletableFuture<>();
            if (connections.putIfAbsent(key, fresh) == null) {
                connect(host, port, key, fresh);
                return fresh;
            }
        }
    }

    private void connect(String host, int port, String key, CompletableFuture<RequestClient> result) {
        RequestClient client = new RequestClient(key);
        ChannelFuture connect;
        try {
            connect = MessageClient.connectAsync(host, port, client, group, connectTimeoutMs, security);
        } catch (RuntimeException e) { // e.g. the group is shut down
            connections.remove(key, result);
            result.completeExceptionally(MessageClient.connectFailure("data server", host, port, connectTimeoutMs, e));
            return;
        }
        connect.addListener(f -> {
            if (f.isSuccess()) {
                connect.channel().closeFuture().addListener(c -> connections.remove(key, result));
                result.complete(client);
            } else {
                connections.remove(key, result);
                result.completeExceptionally(MessageClient.connectFailure("data server", host, port, connectTimeoutMs,
                        f.cause()));
            }
        });
    }
}
