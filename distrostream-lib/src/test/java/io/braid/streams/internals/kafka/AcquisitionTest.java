package io.braid.streams.internals.kafka;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AcquisitionTest {

    @Test
    void bulkOnlyForTheApplicationsOnlyReader() {
        assertEquals(Acquisition.SHARED, Acquisition.forReaders(0), "not known: share");
        assertEquals(Acquisition.BULK, Acquisition.forReaders(1));
        assertEquals(Acquisition.SHARED, Acquisition.forReaders(2));
        assertEquals(Acquisition.SHARED, Acquisition.forReaders(8));
        assertEquals(1, Acquisition.SHARED.maxPollRecords());
        assertEquals("record_limit", Acquisition.SHARED.acquireMode());
        assertEquals("batch_optimized", Acquisition.BULK.acquireMode());
    }
}
