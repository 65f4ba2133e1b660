package io.braid.streams;

/** What a stream carries. */
public enum StreamType {
    /** Serialisable objects, through Apache Kafka. */
    OBJECT,
    /** Files appearing in a directory visible to every client; elements are their absolute paths. */
    FILE,
    /**
     * COMPSs' streams of persistent storage objects: no Braid handle has this type (Braid has no
     * persistent storage backend); the constant exists so that COMPSs code naming it compiles.
     */
    PSCO
}
