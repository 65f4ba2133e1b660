package io.braid.comm.transport;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.codec.BraidPipeline;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A listening Braid endpoint (master, worker, data server): accepts connections and gives each a
 * {@link BraidPipeline} ending in a handler from the factory, once the peer proved the run's
 * secret ({@link ConnectionSecurity}). Owns its event loops.
 */
public final class MessageServer implements AutoCloseable {

    public static final int DEFAULT_WORKER_THREADS = 2;
    /**
     * Outbound buffer watermarks of accepted connections: a few 1 MiB data chunks may be queued
     * before the channel reports itself unwritable (the Netty default, 64 KiB, is below one chunk).
     */
    static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(2 << 20, 4 << 20);

    private static final Logger LOG = LoggerFactory.getLogger(MessageServer.class);

    private final String name;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Channel serverChannel;
    private final InetSocketAddress address;

    private MessageServer(String name, EventLoopGroup boss, EventLoopGroup workers, Channel serverChannel) {
        this.name = name;
        this.boss = boss;
        this.workers = workers;
        this.serverChannel = serverChannel;
        this.address = (InetSocketAddress) serverChannel.localAddress();
    }

    /** {@link #start(String, int, Supplier, String, int)} with {@link #DEFAULT_WORKER_THREADS}. */
    public static MessageServer start(String bindHost, int port, Supplier<? extends ChannelHandler> handlerFactory,
                                      String name) throws IOException {
        return start(bindHost, port, handlerFactory, name, DEFAULT_WORKER_THREADS);
    }

    /** {@link #start(String, int, Supplier, String, int, ConnectionSecurity)} with {@link ConnectionSecurity#process()}. */
    public static MessageServer start(String bindHost, int port, Supplier<? extends ChannelHandler> handlerFactory,
                                      String name, int workerThreads) throws IOException {
        return start(bindHost, port, handlerFactory, name, workerThreads, ConnectionSecurity.process());
    }

    /**
     * Binds {@code bindHost:port} (port 0: any free port, see {@link #port()}) and returns once
     * listening. {@code handlerFactory} is called once per accepted connection (it may return the
     * same instance every time if that handler is {@code @Sharable}), and its handler is added
     * only once the peer is authenticated with {@code security}. {@code name} prefixes the thread
     * names and log lines.
     *
     * @throws IOException naming the address when it cannot be bound
     */
    public static MessageServer start(String bindHost, int port, Supplier<? extends ChannelHandler> handlerFactory,
                                      String name, int workerThreads, ConnectionSecurity security) throws IOException {
        EventLoopGroup boss = new NioEventLoopGroup(1, new DefaultThreadFactory(name + "-accept", true));
        EventLoopGroup workers = new NioEventLoopGroup(workerThreads, new DefaultThreadFactory(name + "-io", true));
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        BraidPipeline.initServer(ch.pipeline(), security, name, handlerFactory.get());
                    }
                });
        ChannelFuture bind = bootstrap.bind(bindHost, port).awaitUninterruptibly();
        if (!bind.isSuccess()) {
            shutdown(boss, workers);
            Throwable cause = bind.cause();
            throw new IOException("cannot start " + name + " on " + bindHost + ":" + port + ": " + cause.getMessage(), cause);
        }
        MessageServer server = new MessageServer(name, boss, workers, bind.channel());
        LOG.info("{} listening on {}:{}{}", name, server.host(), server.port(), security.usesTls() ? " (TLS)" : "");
        return server;
    }

    /** The bound port (the chosen one when started with port 0). */
    public int port() {
        return address.getPort();
    }

    /** The bound address as text (an IP literal, or the wildcard address). */
    public String host() {
        return address.getHostString();
    }

    /** Stops accepting, closes all connections and waits for the event loops to end. */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        shutdown(boss, workers);
        LOG.info("{} on {}:{} closed", name, host(), port());
    }

    private static void shutdown(EventLoopGroup boss, EventLoopGroup workers) {
        boss.shutdownGracefully(0, 5, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 5, TimeUnit.SECONDS);
        boss.terminationFuture().awaitUninterruptibly();
        workers.terminationFuture().awaitUninterruptibly();
    }
}
