package io.braid.comm.transport;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.codec.BraidPipeline;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.ConnectTimeoutException;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Promise;

import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.TimeUnit;

/**
 * Outgoing Braid connections. Either use the static {@link #connect(String, int, ChannelHandler,
 * EventLoopGroup, int)} with your own event loops, or an instance, which owns a small group. A
 * connection counts as made once both sides proved the run's secret ({@link ConnectionSecurity};
 * the static methods use {@link ConnectionSecurity#process()}).
 */
public final class MessageClient implements AutoCloseable {

    public static final int DEFAULT_THREADS = 1;

    private final EventLoopGroup group;
    private final ConnectionSecurity security;

    /** A client owning {@code threads} NIO event loop threads named {@code name-io-N}, with this process's security. */
    public MessageClient(String name, int threads) {
        this(name, threads, ConnectionSecurity.process());
    }

    /** A client owning {@code threads} event loop threads whose connections authenticate with {@code security}. */
    public MessageClient(String name, int threads, ConnectionSecurity security) {
        this.group = new NioEventLoopGroup(threads, new DefaultThreadFactory(name + "-io", true));
        this.security = security;
    }

    public MessageClient(String name) {
        this(name, DEFAULT_THREADS);
    }

    /** The event loops of this client (to share with e.g. a {@link DataFetcher}). */
    public EventLoopGroup group() {
        return group;
    }

    /** Blocking connect, see {@link #connect(String, String, int, ChannelHandler, EventLoopGroup, int)}. */
    public Channel connect(String peerKind, String host, int port, ChannelHandler handler, int timeoutMs) throws IOException {
        return connect(peerKind, host, port, handler, group, timeoutMs, security);
    }

    /** Closes all connections of this client and waits for its event loops to end. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** {@link #connect(String, String, int, ChannelHandler, EventLoopGroup, int)} with peer kind "peer". */
    public static Channel connect(String host, int port, ChannelHandler handler, EventLoopGroup group, int timeoutMs)
            throws IOException {
        return connect("peer", host, port, handler, group, timeoutMs);
    }

    /**
     * Connects to {@code host:port} and returns the active channel, whose pipeline is a
     * {@link BraidPipeline} ending in {@code handler}. Blocks up to {@code timeoutMs}.
     *
     * @param peerKind what is at the other end, for the error message ("worker", "master", "data server")
     * @throws IOException "cannot connect to worker 127.0.0.2:4567: Connection refused"
     */
    public static Channel connect(String peerKind, String host, int port, ChannelHandler handler, EventLoopGroup group,
                                  int timeoutMs) throws IOException {
        return connect(peerKind, host, port, handler, group, timeoutMs, ConnectionSecurity.process());
    }

    /** As {@link #connect(String, String, int, ChannelHandler, EventLoopGroup, int)}, authenticating with {@code security}. */
    public static Channel connect(String peerKind, String host, int port, ChannelHandler handler, EventLoopGroup group,
                                  int timeoutMs, ConnectionSecurity security) throws IOException {
        ChannelFuture f = connectAsync(host, port, handler, group, timeoutMs, security);
        try {
            f.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(false);
            f.channel().close();
            throw new IOException("interrupted while connecting to " + peerKind + " " + host + ":" + port, e);
        }
        if (!f.isSuccess()) {
            throw connectFailure(peerKind, host, port, timeoutMs, f.cause());
        }
        return f.channel();
    }

    /** {@link #connectAsync(String, int, ChannelHandler, EventLoopGroup, int, ConnectionSecurity)} with this process's security. */
    public static ChannelFuture connectAsync(String host, int port, ChannelHandler handler, EventLoopGroup group,
                                             int timeoutMs) {
        return connectAsync(host, port, handler, group, timeoutMs, ConnectionSecurity.process());
    }

    /**
     * Starts a connection; the future completes when the connection is authenticated (the
     * handler is then in the pipeline) and fails with the raw Netty cause or an
     * {@link io.braid.comm.auth.AuthenticationException}, see {@link #connectFailure}. The
     * handshake's own timeout ({@link ConnectionSecurity#handshakeTimeoutMs()}) bounds it after
     * the TCP connect.
     */
    public static ChannelFuture connectAsync(String host, int port, ChannelHandler handler, EventLoopGroup group,
                                             int timeoutMs, ConnectionSecurity security) {
        Promise<Void> authenticated = group.next().newPromise();
        ChannelFuture connect = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, timeoutMs)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, MessageServer.WATER_MARK)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        BraidPipeline.initClient(ch.pipeline(), security, host, port, authenticated, handler);
                    }
                })
                .connect(host, port);
        ChannelPromise ready = connect.channel().newPromise();
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                ready.tryFailure(f.cause());
            }
        });
        authenticated.addListener(f -> {
            if (f.isSuccess()) {
                ready.trySuccess();
            } else {
                ready.tryFailure(f.cause());
            }
        });
        return ready;
    }

    /** The IOException to report a failed connect: "cannot connect to {kind} {host}:{port}: {reason}". */
    public static IOException connectFailure(String peerKind, String host, int port, int timeoutMs, Throwable cause) {
        String reason;
        if (cause instanceof ConnectTimeoutException) {
            reason = "no answer within " + timeoutMs + " ms";
        } else if (cause instanceof ConnectException && cause.getCause() instanceof ConnectException inner
                && inner.getMessage() != null) {
            // Netty annotates the JDK's "Connection refused" with the address, which we already name.
            reason = inner.getMessage();
        } else if (cause instanceof java.net.UnknownHostException) {
            reason = "unknown host";
        } else {
            reason = cause.getMessage() != null ? cause.getMessage() : cause.toString();
        }
        return new IOException("cannot connect to " + peerKind + " " + host + ":" + port + ": " + reason, cause);
    }
}
