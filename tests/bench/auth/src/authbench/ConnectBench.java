package authbench;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.codec.BraidPipeline;
import io.braid.comm.message.DataChunk;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.Message;
import io.braid.comm.tls.SelfSignedCertificates;
import io.braid.comm.transport.MessageClient;
import io.braid.comm.transport.MessageHandler;
import io.braid.comm.transport.MessageServer;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The cost of connection security on loopback, three ways in one JVM, taking turns: "plain" (the
 * Braid codec without the handshake: the pipeline before authentication existed), "auth" (the
 * handshake), "tls" (TLS 1.3 + the handshake). Per way: a connection's set-up (connect, handshake,
 * one request and its answer), small-message throughput (FetchData echoed) and 1 MiB chunk
 * throughput over one connection. Prints "RESULT name value unit".
 */
public final class ConnectBench {

    @ChannelHandler.Sharable
    static final class Echo extends MessageHandler {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            ctx.writeAndFlush(msg);
        }
    }

    static final class Collector extends MessageHandler {
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message msg) {
            received.add(msg);
        }
    }

    interface Way extends AutoCloseable {
        Channel connect(Collector c) throws Exception;

        @Override
        void close();
    }

    /** The Braid codec alone on both ends (no handshake). */
    static Way plain(EventLoopGroup group) throws Exception {
        Echo echo = new Echo();
        Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        BraidPipeline.init(ch.pipeline(), echo);
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        int port = ((java.net.InetSocketAddress) server.localAddress()).getPort();
        return new Way() {
            @Override
            public Channel connect(Collector c) throws Exception {
                return new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                        .handler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                BraidPipeline.init(ch.pipeline(), c);
                            }
                        }).connect("127.0.0.1", port).sync().channel();
            }

            @Override
            public void close() {
                server.close().syncUninterruptibly();
            }
        };
    }

    static Way secured(ConnectionSecurity security, EventLoopGroup group) throws Exception {
        MessageServer server = MessageServer.start("127.0.0.1", 0, Echo::new, "bench", 1, security);
        return new Way() {
            @Override
            public Channel connect(Collector c) throws Exception {
                return MessageClient.connect("bench", "127.0.0.1", server.port(), c, group, 5_000, security);
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }

    public static void main(String[] args) throws Exception {
        int connections = Integer.getInteger("connections", 300);
        int messages = Integer.getInteger("messages", 200_000);
        int chunks = Integer.getInteger("chunks", 300);
        int rounds = Integer.getInteger("rounds", 3);
        EventLoopGroup group = new NioEventLoopGroup(1);
        RunSecret secret = RunSecret.generate();
        ConnectionSecurity auth = ConnectionSecurity.of(secret);
        ConnectionSecurity tls = auth.withTls(SelfSignedCertificates.generate("bench", Duration.ofDays(1)));
        String[] names = {"plain", "auth", "tls"};
        double[][] connectUs = new double[3][rounds];
        double[][] msgRate = new double[3][rounds];
        double[][] chunkRate = new double[3][rounds];
        try {
            for (int r = 0; r < rounds + 1; r++) { // round 0 warms up
                for (int w = 0; w < 3; w++) {
                    try (Way way = w == 0 ? plain(group) : secured(w == 1 ? auth : tls, group)) {
                        double[] m = measure(way, r == 0 ? connections / 3 : connections, r == 0 ? messages / 4 : messages,
                                r == 0 ? chunks / 4 : chunks);
                        if (r > 0) {
                            connectUs[w][r - 1] = m[0];
                            msgRate[w][r - 1] = m[1];
                            chunkRate[w][r - 1] = m[2];
                        }
                    }
                }
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        for (int w = 0; w < 3; w++) {
            System.out.printf("RESULT connect_%s %.0f us/connection%n", names[w], median(connectUs[w]));
            System.out.printf("RESULT messages_%s %.0f msgs/s%n", names[w], median(msgRate[w]));
            System.out.printf("RESULT chunks_%s %.0f MiB/s%n", names[w], median(chunkRate[w]));
        }
        System.out.printf("RESULT messages_tls_to_plain %.3f ratio%n", median(msgRate[2]) / median(msgRate[0]));
        System.out.printf("RESULT chunks_tls_to_plain %.3f ratio%n", median(chunkRate[2]) / median(chunkRate[0]));
    }

    /** us per connection set-up, small messages/s, MiB/s of 1 MiB chunks. */
    static double[] measure(Way way, int connections, int messages, int chunks) throws Exception {
        long t0 = System.nanoTime();
        for (int i = 0; i < connections; i++) {
            Collector c = new Collector();
            Channel ch = way.connect(c);
            ch.writeAndFlush(new FetchData(i, "d1v1"));
            if (c.received.poll(10, TimeUnit.SECONDS) == null) {
                throw new IllegalStateException("no answer on connection " + i);
            }
            ch.close().sync();
        }
        double connectUs = (System.nanoTime() - t0) / 1e3 / connections;

        Collector c = new Collector();
        Channel ch = way.connect(c);
        long t1 = System.nanoTime();
        int window = 10_000;
        for (int i = 0; i < messages; i++) {
            ch.write(new FetchData(i, "d1v1"));
            if (i % 256 == 255) {
                ch.flush();
            }
            if (i >= window) {
                take(c);
            }
        }
        ch.flush();
        for (int i = 0; i < Math.min(window, messages); i++) {
            take(c);
        }
        double msgRate = messages / ((System.nanoTime() - t1) / 1e9);

        byte[] mib = new byte[1 << 20];
        long t2 = System.nanoTime();
        for (int i = 0; i < chunks; i++) {
            ch.writeAndFlush(new DataChunk(i, "d1v1", false, mib, true));
            if (i >= 4) {
                take(c);
            }
        }
        for (int i = 0; i < Math.min(4, chunks); i++) {
            take(c);
        }
        double chunkRate = chunks / ((System.nanoTime() - t2) / 1e9);
        ch.close().sync();
        return new double[] {connectUs, msgRate, chunkRate};
    }

    private static void take(Collector c) throws InterruptedException {
        if (c.received.poll(30, TimeUnit.SECONDS) == null) {
            throw new IllegalStateException("echo stalled");
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
