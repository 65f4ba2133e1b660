package io.braid.streams.internals.kafka;

/**
 * How many records one share fetch of a reader acquires, chosen from how many readers its
 * application has on the stream (pure: no clients, no clock).
 * <ul>
 * <li>{@link #SHARED} (2 or more readers, or not known): one record per fetch
 *     ({@code share.acquire.mode=record_limit}, {@code max.poll.records=1}), so a busy reader never
 *     holds a record that an idle one could process, and the last records of a burst spread over the
 *     readers instead of going two by two;</li>
 * <li>{@link #BULK} (the application's only reader, once others have read with it): whole record
 *     batches, up to about {@value #BULK_RECORDS} records or {@value #BULK_FETCH_BYTES} bytes per
 *     fetch ({@code batch_optimized}), one commit per poll;</li>
 * <li>{@link #SOLO} (the application's only reader while no other has read with it): not a share
 *     consumer but a classic consumer in a consumer group of its own ({@link SoloGroupConsumer}),
 *     up to {@value #SOLO_RECORDS} records or {@value #BULK_FETCH_BYTES} bytes per poll, one offset
 *     commit per poll. Once warm it reads 24-byte records at the rate of raw kafka-clients (a
 *     {@code batch_optimized} share consumer at about 0.4 of it).</li>
 * </ul>
 * Measured with {@code streambench.ShareConsumerCeiling} (24-byte records, raw share consumer vs
 * raw classic consumer, same broker): {@code record_limit} gives 0.003 of the classic consumer with
 * 2 records per fetch, 0.45–0.48 with 500, 0.62–0.80 with 2,000 (and less above: the broker's
 * per-partition record locks); {@code batch_optimized} 1.4–1.8 with 500. (Measured early in a
 * fresh JVM; once both are warm, a share consumer reads 24-byte records at about 0.4 of the
 * classic consumer's rate: docs/PERFORMANCE.md, "Warm throughput".) In both modes a share
 * consumer acquires only inside {@code poll} and returns everything it acquired (a
 * {@code batch_optimized} poll returns whole batches, beyond {@code max.poll.records}), so once what
 * a poll returned is accepted the consumer holds nothing and can be replaced.
 */
public enum Acquisition {
    SHARED("record_limit", 1, 2 * EmbeddedKafkaBroker.MAX_MESSAGE_BYTES),
    BULK("batch_optimized", Acquisition.BULK_RECORDS, Acquisition.BULK_FETCH_BYTES),
    SOLO(null, Acquisition.SOLO_RECORDS, Acquisition.BULK_FETCH_BYTES);

    /**
     * Records a bulk fetch asks for (whole batches: it may return more). Through the backend
     * ({@code streambench.KafkaRawVsBackend}, 24-byte values, two pairs of runs): 2,000 gave 0.67
     * and 0.77 of raw, 500 gave 0.59 and 0.59 (5,000: 0.98 once, against 0.91 for 500).
     */
    public static final int BULK_RECORDS = 2_000;
    /**
     * Bytes a bulk fetch asks for (a fetch still returns one batch when it is larger). 1 MiB values,
     * one run each: 1 MiB fetches 0.63 of raw, 8 MiB 1.27, 64 MiB 1.09.
     */
    public static final int BULK_FETCH_BYTES = 8 << 20;
    /**
     * Records a solo reader's poll returns at most. A classic consumer committing after each poll,
     * warm, 24-byte records, against raw kafka-clients in the same rounds (a throw-away main,
     * 2026-11-24, 5 rounds): 500 per poll 0.31-0.60 of raw, 2,000 0.47-1.21, 10,000 0.73-1.43.
     */
    public static final int SOLO_RECORDS = 10_000;

    private final String acquireMode;
    private final int maxPollRecords;
    private final int fetchBytes;

    Acquisition(String acquireMode, int maxPollRecords, int fetchBytes) {
        this.acquireMode = acquireMode;
        this.maxPollRecords = maxPollRecords;
        this.fetchBytes = fetchBytes;
    }

    /** The acquisition for a reader whose application has {@code readers} readers (0: not known). */
    public static Acquisition forReaders(int readers) {
        return readers == 1 ? BULK : SHARED;
    }

    /**
     * As {@link #forReaders(int)}; {@code solo}: the stream server says no other reader of the
     * application has read the stream with this one (it reads with a classic consumer).
     */
    public static Acquisition forReaders(int readers, boolean solo) {
        return solo && readers <= 1 ? SOLO : forReaders(readers);
    }

    /** Whether this acquisition reads with a classic consumer instead of a share consumer. */
    public boolean classic() {
        return this == SOLO;
    }

    /** {@code share.acquire.mode} of the share consumer (null for {@link #SOLO}). */
    public String acquireMode() {
        return acquireMode;
    }

    /** {@code fetch.max.bytes} and {@code max.partition.fetch.bytes} of the share consumer. */
    public int fetchBytes() {
        return fetchBytes;
    }

    /** {@code max.poll.records} of the share consumer. */
    public int maxPollRecords() {
        return maxPollRecords;
    }
}
