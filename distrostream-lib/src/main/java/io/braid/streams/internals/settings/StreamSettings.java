package io.braid.streams.internals.settings;

import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.comm.settings.SettingPrefix;
import io.braid.comm.settings.ValueType;
import io.braid.streams.internals.files.CompletionRule;
import io.braid.streams.internals.files.FileStreamOptions;

import java.util.Set;

/**
 * The settings of the stream library (distrostream-lib), declared once; docs/SETTINGS.md is
 * printed from them. Every property is under {@code braid.streams.}; the three that were once
 * under {@code braid.stream.} are still read under that name, with a warning (docs/STREAMS.md
 * showed them). {@code braid.app.id} names the application, not only its streams, and keeps its name.
 */
public final class StreamSettings {
    public static final SettingDefs DEFS = new SettingDefs("distrostream-lib",
            "The stream library: its client, its server and their backends. Inside braid-run the client's "
                    + "settings are made for the application and its tasks.");

    public static final Setting<String> SERVER = DEFS.define(
            Setting.property("braid.streams.server", ValueType.STRING).deprecated("braid.stream.server")
                    .environment("BRAID_STREAM_SERVER").valueName("HOST:PORT")
                    .doc("the stream server this process's streams use (what scripts/braid-stream-server printed); "
                            + "given to braid-run, the run uses that server instead of starting one"));

    public static final Setting<String> SECRET_FILE = DEFS.define(
            Setting.property("braid.streams.secretFile", ValueType.STRING).deprecated("braid.stream.secretFile")
                    .environment("BRAID_STREAM_SECRET_FILE").valueName("FILE")
                    .doc("the secret file of the stream server named by BRAID_STREAM_SERVER (its second output "
                            + "line); the variable counts only when the server came from BRAID_STREAM_SERVER"));

    public static final Setting<String> APP_ID = DEFS.define(
            Setting.property("braid.app.id", ValueType.STRING).environment("BRAID_APP_ID").valueName("ID")
                    .defaultDoc("a random id per process")
                    .doc("the application: readers of a stream with the same id share its records"));

    public static final Setting<Long> REQUEST_TIMEOUT_MS = DEFS.define(
            Setting.property("braid.streams.requestTimeoutMs", ValueType.LONG)
                    .deprecated("braid.stream.requestTimeoutMs").valueName("MS").defaultValue(10_000L)
                    .check(ms -> ms > 0, "milliseconds, more than 0")
                    .doc("how long a request to the stream server may take before it fails naming the server"));

    public static final Setting<String> SERIALIZER = DEFS.define(
            Setting.property("braid.streams.serializer", ValueType.STRING).environment("BRAID_STREAMS_SERIALIZER")
                    .valueName("CLASS").defaultDoc("io.braid.streams.JavaStreamSerializer")
                    .doc("the StreamSerializer of this process's object-stream records (every process of a stream "
                            + "must use the same)"));

    public static final Setting<Boolean> PREPARE = DEFS.define(
            Setting.property("braid.streams.prepare", ValueType.BOOLEAN).defaultValue(false)
                    .doc("load the Kafka client classes at start-up (workers of a run that declares object streams); "
                            + "in a master libbraid runs (a Python or C main), also start the broker with the run")
                    .internal());

    public static final Setting<Long> WRITER_GRACE_MS = DEFS.define(
            Setting.property("braid.streams.writerGraceMs", ValueType.LONG).valueName("MS").defaultValue(30_000L)
                    .check(ms -> ms >= 0, "milliseconds, 0 or more")
                    .doc("(stream server) how long a disconnected client keeps its writer roles before its streams "
                            + "may close"));

    /**
     * Readers share records through a share group: on one partition they take records one by one,
     * so 8 busy readers get 11-14 of 100 records each; with 4 or 16 partitions the group's
     * assignment gave one or two readers everything (tests/bench/streams ReadersEfficiency, 2026-11-23).
     */
    public static final Setting<Integer> PARTITIONS = DEFS.define(
            Setting.property("braid.streams.partitions", ValueType.INT).valueName("N").defaultValue(1)
                    .check(n -> n >= 1, "a number of partitions, at least 1")
                    .doc("(stream server) partitions of each object stream's topic; more than 1 makes the share "
                            + "of records between readers uneven"));

    public static final Setting<Boolean> FILES_POLLING = DEFS.define(
            Setting.property("braid.streams.files.polling", ValueType.BOOLEAN).defaultValue(false)
                    .doc("file streams: no file-system events, only the periodic scan (shared file systems that "
                            + "deliver no events)"));

    public static final Setting<CompletionRule> FILES_COMPLETION = DEFS.define(
            Setting.property("braid.streams.files.completion", ValueType.of(
                    "auto|open-files|stability|open-files-and-stability",
                    FileStreamOptions::parseRule))
                    .defaultValue(CompletionRule.AUTO).defaultDoc("auto")
                    .doc("file streams: how a file is known to be closed by its writer"));

    public static final Setting<Long> FILES_STABILITY_MS = DEFS.define(
            Setting.property("braid.streams.files.stabilityMs", ValueType.LONG).valueName("MS").defaultValue(500L)
                    .check(ms -> ms > 0, "milliseconds, more than 0")
                    .doc("file streams: how long size and mtime must stay unchanged under the stability rules"));

    public static final Setting<Long> FILES_SCAN_MS = DEFS.define(
            Setting.property("braid.streams.files.scanMs", ValueType.LONG).valueName("MS").defaultValue(150L)
                    .check(ms -> ms > 0, "milliseconds, more than 0")
                    .doc("file streams: period of the directory scan, always on as a safety net for missed events"));

    public static final Setting<Long> FILES_RECHECK_MS = DEFS.define(
            Setting.property("braid.streams.files.recheckMs", ValueType.LONG).valueName("MS").defaultValue(5L)
                    .check(ms -> ms > 0, "milliseconds, more than 0")
                    .doc("file streams: how often a file known to be open for writing is looked at again"));

    public static final Setting<Boolean> FILES_INCLUDE_EXISTING = DEFS.define(
            Setting.property("braid.streams.files.includeExisting", ValueType.BOOLEAN).defaultValue(true)
                    .doc("file streams: files already in the directory when monitoring starts count"));

    public static final Setting<String> SERVER_JVM_OPTS = DEFS.define(
            Setting.environment("BRAID_STREAM_SERVER_JVM_OPTS", ValueType.STRING).valueName("OPTS")
                    .doc("extra JVM options of scripts/braid-stream-server (e.g. -Dbraid.streams.kafka.* settings)")
                    .script());

    public static final Setting<String> STREAMS_CP = DEFS.define(
            Setting.environment("BRAID_STREAMS_CP", ValueType.STRING).valueName("CP")
                    .doc("class path scripts/braid-stream-server runs from instead of braid.jar").script());

    /**
     * Handed to every Kafka client (producer, consumers, admin) of an external cluster, so one that
     * needs SASL or TLS client settings can be used. The embedded broker takes no such settings:
     * braid-run and braid-stream-server refuse them with it.
     */
    public static final SettingPrefix KAFKA = DEFS.definePrefix("braid.streams.kafka.",
            Set.of("bootstrap.servers", "group.id", "group.protocol", "enable.auto.commit",
                    "share.acknowledgement.mode", "share.acquire.mode", "key.serializer", "value.serializer",
                    "key.deserializer", "value.deserializer"),
            "handed to every Kafka client of an external cluster (producer, consumers, admin) as KEY=VALUE, e.g. "
                    + "-Dbraid.streams.kafka.security.protocol=SASL_SSL; Kafka checks the values");

    private StreamSettings() {
    }
}
