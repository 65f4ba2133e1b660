package pipebench;

import io.braid.comm.codec.BraidPipeline;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.shaded.io.netty.buffer.ByteBuf;
import io.braid.shaded.io.netty.channel.ChannelHandlerContext;
import io.braid.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.braid.shaded.io.netty.channel.embedded.EmbeddedChannel;
import io.braid.shaded.io.netty.handler.timeout.IdleStateHandler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * CPU time of one thread per message through a link's whole pipeline as braid.jar builds it
 * (BraidPipeline.init with the heartbeats' idle detector at its head), both directions: the
 * sender writes batches of a no-op task's RunTask (or TaskDone) and flushes once per batch, the
 * receiver decodes what came out. No sockets: EmbeddedChannel, so the figure is the pipeline's
 * and codec's work alone. Compiled against braid.jar (shaded Netty names); run the same classes
 * against two builds' jars to compare them.
 * Usage: java -cp <classes>:<braid.jar> pipebench.PipelineBench [messages per round] [batch]
 */
public final class PipelineBench {

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        RunTask job = new RunTask(1L, 1L, "bench.Main", "noop", List.of("int"), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "int", "7", null, null, List.of(), null)), null, false, 1);
        TaskDone done = new TaskDone(1L, List.of(), List.of(), 1_700_000_000_000_000L, 1_000L, "compute-executor-1");
        for (int round = 1; round <= 5; round++) {
            for (Message m : new Message[] {job, done}) {
                EmbeddedChannel out = channel();
                EmbeddedChannel in = channel();
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < n; i += batch) {
                    for (int j = 0; j < batch; j++) {
                        out.write(m, out.voidPromise());
                    }
                    out.flush();
                }
                long t1 = mx.getCurrentThreadCpuTime();
                for (Object b; (b = out.readOutbound()) != null; ) {
                    in.writeInbound((ByteBuf) b);
                }
                long t2 = mx.getCurrentThreadCpuTime();
                System.out.printf("RESULT round%d_%s_write %.3f ns/msg%nRESULT round%d_%s_read %.3f ns/msg%n", round,
                        m.getClass().getSimpleName(), (t1 - t0) / (double) n, round, m.getClass().getSimpleName(),
                        (t2 - t1) / (double) n);
                out.finishAndReleaseAll();
                in.finishAndReleaseAll();
            }
        }
    }

    private static EmbeddedChannel channel() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addFirst("idle", new IdleStateHandler(6000, 1200, 0, TimeUnit.MILLISECONDS));
        BraidPipeline.init(ch.pipeline(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                // a link's business handler takes the message; nothing to release (not a buffer)
            }
        });
        return ch;
    }
}
