package io.braid.streams.internals.server;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.ErrorReply.Kind;
import io.braid.streams.internals.server.StreamRegistry.Closed;
import io.braid.streams.internals.server.StreamRegistry.DroppedWriter;
import io.braid.streams.internals.server.StreamRegistry.StreamMeta;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StreamRegistryTest {

    static final long GRACE = 1_000;
    final StreamRegistry r = new StreamRegistry("t-", GRACE);

    StreamMeta object(String alias, ConsumerMode mode, String client) throws StreamRegistryException {
        return r.register(StreamType.OBJECT, alias, mode, null, client).stream();
    }

    @Test
    void idsAreUniqueAndPrefixed() throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String id = object(null, ConsumerMode.AT_MOST_ONCE, "c").id();
            assertTrue(id.startsWith("t-"));
            assertTrue(ids.add(id));
        }
        assertEquals(100, r.streams().size());
    }

    @Test
    void newStreamIsOpenWithItsMetadata() throws Exception {
        StreamRegistry.Registration reg = r.register(StreamType.FILE, "f", ConsumerMode.EXACTLY_ONCE, "/d", "c");
        assertTrue(reg.created());
        StreamMeta m = reg.stream();
        assertEquals(new StreamMeta(m.id(), "f", StreamType.FILE, ConsumerMode.EXACTLY_ONCE, "/d", false), m);
        assertEquals(m, r.lookup(m.id(), null));
        assertEquals(m, r.lookupAlias("f", null));
    }

    @Test
    void objectStreamHasNoBaseDirAndEmptyAliasIsNone() throws Exception {
        StreamMeta m = r.register(StreamType.OBJECT, "", ConsumerMode.AT_MOST_ONCE, "/ignored", "c").stream();
        assertNull(m.baseDir());
        assertNull(m.alias());
    }

    @Test
    void fileStreamNeedsBaseDir() {
        StreamRegistryException e = assertThrows(StreamRegistryException.class,
                () -> r.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, null, "c"));
        assertEquals(Kind.REGISTRATION, e.kind());
    }

    /** StreamType.PSCO exists for COMPSs code to compile; no stream of that type is registered. */
    @Test
    void pscoStreamsAreRefused() {
        StreamRegistryException e = assertThrows(StreamRegistryException.class,
                () -> r.register(StreamType.PSCO, "p", ConsumerMode.AT_MOST_ONCE, null, "c"));
        assertEquals(Kind.REGISTRATION, e.kind());
        assertTrue(e.getMessage().contains("PSCO streams are not supported"), e.getMessage());
    }

    @Test
    void aliasAttachesAndCreatorsModeWins() throws Exception {
        StreamMeta a = object("shared", ConsumerMode.AT_LEAST_ONCE, "c1");
        StreamRegistry.Registration b = r.register(StreamType.OBJECT, "shared", ConsumerMode.EXACTLY_ONCE, null, "c2");
        assertFalse(b.created());
        assertEquals(a.id(), b.stream().id());
        assertEquals(ConsumerMode.AT_LEAST_ONCE, b.stream().mode());
        assertEquals(1, r.streams().size());
    }

    @Test
    void aliasOfAnotherTypeIsRefused() throws Exception {
        StreamMeta a = object("x", ConsumerMode.AT_MOST_ONCE, "c1");
        StreamRegistryException e = assertThrows(StreamRegistryException.class,
                () -> r.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE, "/d", "c2"));
        assertEquals(Kind.REGISTRATION, e.kind());
        assertTrue(e.getMessage().contains("'x'") && e.getMessage().contains(a.id()), e.getMessage());
        assertTrue(e.getMessage().contains("not a file stream"), e.getMessage());
    }

    @Test
    void aliasOfFileStreamOnOtherDirectoryIsRefused() throws Exception {
        r.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE, "/a", "c1");
        StreamRegistryException e = assertThrows(StreamRegistryException.class,
                () -> r.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE, "/b", "c2"));
        assertTrue(e.getMessage().contains("/a") && e.getMessage().contains("/b"), e.getMessage());
        assertEquals("/a", r.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE, "/a", "c2").stream().baseDir());
    }

    @Test
    void unknownIdAndAliasAreNamed() {
        StreamRegistryException e = assertThrows(StreamRegistryException.class, () -> r.lookup("nope", "c"));
        assertEquals(Kind.UNKNOWN_STREAM, e.kind());
        assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
        e = assertThrows(StreamRegistryException.class, () -> r.lookupAlias("al", "c"));
        assertTrue(e.getMessage().contains("'al'"), e.getMessage());
        assertThrows(StreamRegistryException.class, () -> r.addWriter("nope", "w", "c"));
        assertThrows(StreamRegistryException.class, () -> r.addReader("nope", "r", "c"));
        assertThrows(StreamRegistryException.class, () -> r.closeWriter("nope", "w", "c"));
        assertThrows(StreamRegistryException.class, () -> r.lookup(null, "c"));
    }

    @Test
    void streamWithoutWritersIsNotClosed() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c").id();
        r.addReader(id, "r1", "c");
        assertFalse(r.lookup(id, null).closed());
    }

    @Test
    void closedWhenEveryWriterClosed() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.addWriter(id, "w1", "c1");
        r.addWriter(id, "w2", "c2");
        r.addReader(id, "r1", "c3");
        assertTrue(r.isWriter(id, "w1"));
        assertTrue(r.isReader(id, "r1"));
        assertNull(r.closeWriter(id, "w1", "c1"));
        assertFalse(r.lookup(id, null).closed());
        assertFalse(r.isWriter(id, "w1"));
        Closed closed = r.closeWriter(id, "w2", "c2");
        assertNotNull(closed);
        assertTrue(closed.stream().closed());
        assertEquals(Set.of("c1", "c2", "c3"), closed.clients());
        assertTrue(r.lookup(id, null).closed());
        // Closing again is harmless and reports nothing new.
        assertNull(r.closeWriter(id, "w2", "c2"));
    }

    @Test
    void closeByWriterThatNeverPublishedRegistersAndClosesIt() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        assertNotNull(r.closeWriter(id, "w1", "c1"));
        assertTrue(r.lookup(id, null).closed());
    }

    @Test
    void closeByUnknownWriterWhileOthersOpenKeepsItOpen() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.addWriter(id, "w1", "c1");
        assertNull(r.closeWriter(id, "other", "c2"));
        assertFalse(r.lookup(id, null).closed());
        assertEquals(Map.of("w1", "c1"), r.openWriters(id));
    }

    @Test
    void writersAreIdempotentAndRefusedAfterClosing() throws Exception {
        String id = object("a", ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.addWriter(id, "w1", "c1");
        r.addWriter(id, "w1", "c1");
        r.addWriter(id, "w2", "c1");
        r.closeWriter(id, "w1", "c1");
        StreamRegistryException e = assertThrows(StreamRegistryException.class, () -> r.addWriter(id, "w1", "c1"));
        assertEquals(Kind.FORBIDDEN, e.kind());
        assertTrue(e.getMessage().contains("w1") && e.getMessage().contains(id), e.getMessage());
        r.closeWriter(id, "w2", "c1");
        e = assertThrows(StreamRegistryException.class, () -> r.addWriter(id, "w3", "c2"));
        assertEquals(Kind.FORBIDDEN, e.kind());
        assertTrue(e.getMessage().contains("closed") && e.getMessage().contains("'a'"), e.getMessage());
    }

    @Test
    void readersMayAttachToClosedStream() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.closeWriter(id, "w", "c1");
        r.addReader(id, "late", "c2");
        assertEquals(Map.of("late", "c2"), r.readers(id));
    }

    @Test
    void closingNotifiesEveryClientThatKnowsTheStream() throws Exception {
        String id = object("n", ConsumerMode.AT_MOST_ONCE, "creator").id();
        r.register(StreamType.OBJECT, "n", ConsumerMode.AT_MOST_ONCE, null, "attacher");
        r.lookup(id, "looker");
        r.lookupAlias("n", "aliasLooker");
        r.addReader(id, "r", "reader");
        r.addWriter(id, "w", "writer");
        Closed c = r.closeWriter(id, "w", "writer");
        assertEquals(Set.of("creator", "attacher", "looker", "aliasLooker", "reader", "writer"), c.clients());
    }

    @Test
    void disconnectedWriterDroppedAfterGraceClosesStream() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.addWriter(id, "w1", "c1");
        assertEquals(Long.MAX_VALUE, r.nextExpiry());
        r.clientDisconnected("c1", 10_000);
        assertFalse(r.isConnected("c1"));
        assertEquals(10_000 + GRACE, r.nextExpiry());
        assertEquals(List.of(), r.expire(10_000 + GRACE - 1));
        assertFalse(r.lookup(id, null).closed());
        List<DroppedWriter> dropped = r.expire(10_000 + GRACE);
        assertEquals(1, dropped.size());
        assertEquals("c1", dropped.get(0).clientId());
        assertEquals("w1", dropped.get(0).writerId());
        assertNotNull(dropped.get(0).closed());
        assertTrue(r.lookup(id, null).closed());
        assertEquals(Long.MAX_VALUE, r.nextExpiry());
        assertEquals(List.of(), r.expire(Long.MAX_VALUE / 2));
    }

    @Test
    void droppedWriterLeavesStreamOpenWhileOthersWrite() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.clientConnected("c2");
        r.addWriter(id, "w1", "c1");
        r.addWriter(id, "w2", "c2");
        r.clientDisconnected("c1", 0);
        List<DroppedWriter> dropped = r.expire(GRACE);
        assertEquals(1, dropped.size());
        assertNull(dropped.get(0).closed());
        assertFalse(r.lookup(id, null).closed());
        assertEquals(Map.of("w2", "c2"), r.openWriters(id));
        // A dropped writer cannot come back.
        assertThrows(StreamRegistryException.class, () -> r.addWriter(id, "w1", "c1"));
        assertNotNull(r.closeWriter(id, "w2", "c2"));
    }

    @Test
    void reconnectWithinGraceKeepsWriterRoles() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.addWriter(id, "w1", "c1");
        r.clientDisconnected("c1", 0);
        r.clientConnected("c1");
        assertTrue(r.isConnected("c1"));
        assertEquals(Long.MAX_VALUE, r.nextExpiry());
        assertEquals(List.of(), r.expire(10 * GRACE));
        assertTrue(r.isWriter(id, "w1"));
    }

    @Test
    void onlyTheLastConnectionOfAClientCounts() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.clientConnected("c1"); // a reconnect racing with the old connection's close
        r.addWriter(id, "w1", "c1");
        r.addReader(id, "r1", "c1");
        assertEquals(Map.of(), r.clientDisconnected("c1", 0));
        assertTrue(r.isConnected("c1"));
        assertEquals(List.of(), r.expire(10 * GRACE));
        assertTrue(r.isReader(id, "r1"));
        assertEquals(Map.of(id, List.of("r1")), r.clientDisconnected("c1", 0));
        assertEquals(1, r.expire(GRACE).size());
    }

    @Test
    void disconnectRemovesReadersAtOnceAndReturnsThem() throws Exception {
        String a = object(null, ConsumerMode.AT_LEAST_ONCE, "c1").id();
        String b = object(null, ConsumerMode.AT_LEAST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.clientConnected("c2");
        r.addReader(a, "r1", "c1");
        r.addReader(a, "r2", "c1");
        r.addReader(b, "r3", "c1");
        r.addReader(b, "other", "c2");
        Map<String, List<String>> gone = r.clientDisconnected("c1", 5);
        assertEquals(Map.of(a, List.of("r1", "r2"), b, List.of("r3")), gone);
        assertEquals(Map.of("other", "c2"), r.readers(b));
        assertEquals(Map.of(), r.readers(a));
        // No writers: nothing to expire.
        assertEquals(Long.MAX_VALUE, r.nextExpiry());
    }

    @Test
    void disconnectOfUnknownClientIsHarmless() {
        assertEquals(Map.of(), r.clientDisconnected("ghost", 0));
        assertEquals(List.of(), r.expire(GRACE));
    }

    @Test
    void expiryDropsEveryWriterOfTheClientOnEveryStream() throws Exception {
        String a = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        String b = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.addWriter(a, "w1", "c1");
        r.addWriter(a, "w2", "c1");
        r.addWriter(b, "w3", "c1");
        r.clientDisconnected("c1", 0);
        List<DroppedWriter> dropped = r.expire(GRACE);
        assertEquals(3, dropped.size());
        // One Closed event per stream, on its last dropped writer.
        assertEquals(2, dropped.stream().filter(d -> d.closed() != null).count());
        assertTrue(r.lookup(a, null).closed());
        assertTrue(r.lookup(b, null).closed());
    }

    @Test
    void clientsExpireIndependently() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.clientConnected("c2");
        r.addWriter(id, "w1", "c1");
        r.addWriter(id, "w2", "c2");
        r.clientDisconnected("c1", 0);
        r.clientDisconnected("c2", 500);
        assertEquals(GRACE, r.nextExpiry());
        assertEquals(1, r.expire(GRACE).size());
        assertEquals(500 + GRACE, r.nextExpiry());
        List<DroppedWriter> second = r.expire(500 + GRACE);
        assertEquals("c2", second.get(0).clientId());
        assertNotNull(second.get(0).closed());
    }

    @Test
    void closedWriterIsNotDroppedAgain() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.addWriter(id, "w1", "c1");
        r.closeWriter(id, "w1", "c1");
        r.clientDisconnected("c1", 0);
        assertEquals(List.of(), r.expire(GRACE));
    }

    @Test
    void rejectsNegativeGrace() {
        assertThrows(IllegalArgumentException.class, () -> new StreamRegistry("x", -1));
    }

    @Test
    void distinctRegistriesMakeDistinctIdsWithDistinctPrefixes() throws Exception {
        StreamRegistry other = new StreamRegistry("u-", GRACE);
        assertNotEquals(object(null, ConsumerMode.AT_MOST_ONCE, "c").id(),
                other.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null, "c").stream().id());
    }
    @Test
    void acceptedCountsAddUpPerApplicationAndLargestReportWins() throws Exception {
        String id = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        assertEquals(0, r.acceptedBy(id, "app"));
        assertEquals(5, r.reportAccepted(id, "app", "r1", 5));
        assertEquals(12, r.reportAccepted(id, "app", "r2", 7));
        assertEquals(12, r.reportAccepted(id, "app", "r1", 5), "the same report twice counts once");
        assertEquals(12, r.reportAccepted(id, "app", "r1", 3), "an older report arriving late changes nothing");
        assertEquals(15, r.reportAccepted(id, "app", "r1", 8));
        assertEquals(4, r.reportAccepted(id, "other", "r3", 4), "applications are counted apart");
        assertEquals(15, r.acceptedBy(id, "app"));
        assertEquals(4, r.acceptedBy(id, "other"));
        assertEquals(15, r.reportAccepted(id, "app", "r4", -1), "a negative count is none");
    }

    @Test
    void acceptedCountsAreKeptPerStream() throws Exception {
        String a = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        String b = object(null, ConsumerMode.AT_MOST_ONCE, "c1").id();
        r.reportAccepted(a, "app", "r1", 10);
        r.reportAccepted(b, "app", "r1", 1);
        assertEquals(10, r.acceptedBy(a, "app"));
        assertEquals(1, r.acceptedBy(b, "app"));
    }

    @Test
    void acceptedCountsOutliveTheirReadersAndTheStreamsClose() throws Exception {
        String id = object(null, ConsumerMode.AT_LEAST_ONCE, "c1").id();
        r.clientConnected("c1");
        r.addWriter(id, "w1", "c1");
        r.addReader(id, "r1", "c1");
        r.reportAccepted(id, "app", "r1", 6);
        r.clientDisconnected("c1", 0); // its reader is gone, its count stays: a late reader's drain needs it
        assertFalse(r.isReader(id, "r1"));
        r.clientConnected("c2");
        r.closeWriter(id, "w1", "c2");
        assertTrue(r.lookup(id, null).closed());
        assertEquals(9, r.reportAccepted(id, "app", "r2", 3));
    }

    @Test
    void progressOfAnUnknownStreamIsRefused() {
        assertEquals(Kind.UNKNOWN_STREAM, assertThrows(StreamRegistryException.class,
                () -> r.reportAccepted("nope", "app", "r1", 1)).kind());
        assertEquals(Kind.UNKNOWN_STREAM, assertThrows(StreamRegistryException.class,
                () -> r.acceptedBy("nope", "app")).kind());
    }
}
