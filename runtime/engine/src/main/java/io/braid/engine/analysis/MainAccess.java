package io.braid.engine.analysis;

/**
 * What the main program must know when it accesses a datum.
 *
 * @param lastVersion      the version the main program reads (current before this access)
 * @param writerTaskId     the task writing {@code lastVersion} while it has not finished (pending
 *                         or failed); 0 when MAIN wrote it or its writer has finished
 * @param writerUnfinished the writer is still pending: wait for it before reading (a pure write,
 *                         W, needs no wait: the main program's value becomes a new version)
 * @param writerFailed     the writer failed for good (or can never run): the value never comes
 * @param newVersion       for W and RW: the new version now held by the main program; else null
 */
public record MainAccess(DataVersion lastVersion, long writerTaskId, boolean writerUnfinished,
                         boolean writerFailed, DataVersion newVersion) {
}
