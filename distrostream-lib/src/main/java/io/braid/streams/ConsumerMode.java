package io.braid.streams;

/** How the records of a stream reach the readers of one application. */
public enum ConsumerMode {
    /** Each record reaches at most one reader: it counts as consumed as soon as a poll returns it. */
    AT_MOST_ONCE,
    /**
     * Each record reaches at least one reader: it counts as consumed only when its reader polls
     * again or closes; a reader that dies before that gives its records to another.
     */
    AT_LEAST_ONCE,
    /** Each record reaches exactly one reader while readers live (no duplicates, none lost). */
    EXACTLY_ONCE
}
