package io.braid.comm.settings;

/**
 * The settings of runtime/comm (links between Braid's processes), declared once; docs/SETTINGS.md
 * is printed from them. Also the default every worker-facing part shares: {@link #DEFAULT_IO_EXECUTORS}.
 */
public final class CommSettings {
    public static final SettingDefs DEFS = new SettingDefs("runtime/comm",
            "Links between the master, the workers and the stream server.");

    /**
     * I/O executors of a worker whose node's XML sets none and whose run gives no
     * {@code --io_executors}: braid-run's default, the worker's and the scheduler's, one number.
     * Two, so that one slow I/O task does not hold back every other of its node.
     */
    public static final int DEFAULT_IO_EXECUTORS = 2;

    public static final Setting<Long> HEARTBEAT_TIMEOUT_MS = DEFS.define(
            Setting.property("braid.heartbeat.timeout_ms", ValueType.LONG).valueName("MS").defaultValue(6_000L)
                    .check(ms -> ms >= 100, "milliseconds, at least 100")
                    .doc("silence after which a link's peer (a worker, the master) is taken as gone; heartbeats "
                            + "go every fifth of it"));

    public static final Setting<Long> FIRST_MESSAGE_TIMEOUT_MS = DEFS.define(
            Setting.property("braid.heartbeat.first_message_ms", ValueType.LONG).valueName("MS").defaultValue(60_000L)
                    .check(ms -> ms >= 100, "milliseconds, at least 100")
                    .doc("how long a worker waits, once the master accepted its connection, for the master's first "
                            + "message (sent once the master took the worker's hello) before it takes the master as "
                            + "gone; the heartbeat timeout counts from that message on (never shorter than it)"));

    public static final Setting<Long> HANDSHAKE_TIMEOUT_MS = DEFS.define(
            Setting.property("braid.handshake.timeout_ms", ValueType.LONG).valueName("MS").defaultValue(15_000L)
                    .check(ms -> ms >= 50, "milliseconds, at least 50")
                    .doc("time a new connection has to complete its authentication handshake (TLS included) before "
                            + "either end closes it; only the start of a connection: a link's peer that vanishes "
                            + "later is noticed by the heartbeat timeout"));

    public static final Setting<String> RUN_SECRET = DEFS.define(
            Setting.environment("BRAID_RUN_SECRET", ValueType.STRING).valueName("HEX")
                    .doc("the run's secret, which every connection proves (never on a command line)").internal());

    public static final Setting<String> TLS_CERT = DEFS.define(
            Setting.environment("BRAID_RUN_TLS_CERT", ValueType.STRING).valueName("BASE64")
                    .doc("the run's TLS certificate (DER); unset: no TLS").internal());

    public static final Setting<String> TLS_KEY = DEFS.define(
            Setting.environment("BRAID_RUN_TLS_KEY", ValueType.STRING).valueName("BASE64")
                    .doc("the run's TLS private key (PKCS#8 DER)").internal());

    private CommSettings() {
    }
}
