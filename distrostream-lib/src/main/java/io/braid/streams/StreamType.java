package io.braid.streams;

/** What a stream carries. */
public enum StreamType {
    /** Serialisable objects, through Apache Kafka. */
    OBJECT,
    /** Files appearing in a directory visible to every client; elements are their absolute paths. */
    FILE
}
