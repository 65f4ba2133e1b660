package io.braid.streams.internals.server;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.ErrorReply.Kind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The stream server's metadata, as a pure state machine: streams (ids, aliases), their writers
 * and readers, closing, and the clients that know each stream. No threads, sockets or clocks:
 * time is passed in. Not thread-safe (the server serialises calls).
 *
 * <p>Rules: a stream is closed once it has had at least one writer and every writer has closed
 * (a stream nobody has written yet is open). A client that disconnects keeps its writer roles
 * for {@code writerGraceMs}; if it has not reconnected by then, {@link #expire(long)} drops them,
 * which may close streams. Its readers are gone at once (their unacknowledged files go back).
 *
 * <p>Object-stream readers report how many records they have accepted in all; a draining reader
 * compares its application's total with the number of records published. Reports outlive their
 * readers (a late reader's drain counts what readers gone before it took).
 */
public final class StreamRegistry {

    /** A stream's metadata. {@code alias} and {@code baseDir} may be null. */
    public record StreamMeta(String id, String alias, StreamType type, ConsumerMode mode, String baseDir,
                             boolean closed) {
    }

    /** The result of {@link #register}: the stream, and whether this call created it (false: attached by alias). */
    public record Registration(StreamMeta stream, boolean created) {
    }

    /** A stream became closed; {@code clients} knew it and should be told. */
    public record Closed(StreamMeta stream, Set<String> clients) {
    }

    /** {@link #expire} dropped writer {@code writerId} of disconnected {@code clientId}; {@code closed} if that closed the stream. */
    public record DroppedWriter(String clientId, String streamId, String writerId, Closed closed) {
    }

    private static final class Stream {
        final String id;
        final String alias;
        final StreamType type;
        final ConsumerMode mode;
        final String baseDir;
        /** writerId -> owner client, for writers that have not closed. */
        final Map<String, String> openWriters = new LinkedHashMap<>();
        final Set<String> closedWriters = new LinkedHashSet<>();
        /** readerId -> owner client. */
        final Map<String, String> readers = new LinkedHashMap<>();
        final Set<String> clients = new LinkedHashSet<>();
        /** applicationId -> readerId -> records that reader has accepted in all (largest report). */
        final Map<String, Map<String, Long>> accepted = new HashMap<>();
        boolean closed;

        Stream(String id, String alias, StreamType type, ConsumerMode mode, String baseDir) {
            this.id = id;
            this.alias = alias;
            this.type = type;
            this.mode = mode;
            this.baseDir = baseDir;
        }

        StreamMeta meta() {
            return new StreamMeta(id, alias, type, mode, baseDir, closed);
        }

        /** Closes the stream if it has had writers and none is open; returns the event if it just closed. */
        Closed closeIfDone() {
            if (closed || !openWriters.isEmpty() || closedWriters.isEmpty()) {
                return null;
            }
            closed = true;
            return new Closed(meta(), Set.copyOf(clients));
        }
    }

    private static final class Client {
        int connections;
        /** When its last connection dropped; meaningful while connections == 0. */
        long disconnectedAt;
    }

    private final String idPrefix;
    private final long writerGraceMs;
    private final Map<String, Stream> streams = new HashMap<>();
    private final Map<String, String> idByAlias = new HashMap<>();
    private final Map<String, Client> clients = new HashMap<>();
    private long nextId = 1;

    /**
     * @param idPrefix      prefix of the ids this registry assigns (the server makes it unique per
     *                      run); ids are valid Kafka topic names if the prefix is
     * @param writerGraceMs how long a disconnected client keeps its writer roles
     */
    public StreamRegistry(String idPrefix, long writerGraceMs) {
        this.idPrefix = Objects.requireNonNull(idPrefix, "idPrefix");
        if (writerGraceMs < 0) {
            throw new IllegalArgumentException("writerGraceMs < 0: " + writerGraceMs);
        }
        this.writerGraceMs = writerGraceMs;
    }

    /**
     * Creates a stream, or attaches {@code clientId} to the stream named {@code alias} if there is
     * one (its type must be {@code type}; its mode, the creator's, wins; a file stream's base
     * directory must be the same). Returns the stream's metadata.
     */
    public Registration register(StreamType type, String alias, ConsumerMode mode, String baseDir, String clientId)
            throws StreamRegistryException {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(mode, "mode");
        if (type != StreamType.OBJECT && type != StreamType.FILE) {
            throw new StreamRegistryException(Kind.REGISTRATION, type + " streams are not supported (object and file streams are)");
        }
        if (type == StreamType.FILE && (baseDir == null || baseDir.isEmpty())) {
            throw new StreamRegistryException(Kind.REGISTRATION, "a file stream needs a base directory");
        }
        if (type == StreamType.OBJECT) {
            baseDir = null;
        }
        if (alias != null && alias.isEmpty()) {
            alias = null;
        }
        if (alias != null) {
            String existingId = idByAlias.get(alias);
            if (existingId != null) {
                Stream s = streams.get(existingId);
                if (s.type != type) {
                    throw new StreamRegistryException(Kind.REGISTRATION, "alias '" + alias + "' names " + article(s.type)
                            + " stream (" + s.id + "), not " + article(type) + " stream");
                }
                if (type == StreamType.FILE && !s.baseDir.equals(baseDir)) {
                    throw new StreamRegistryException(Kind.REGISTRATION, "alias '" + alias + "' names file stream "
                            + s.id + " on base directory " + s.baseDir + ", not " + baseDir);
                }
                s.clients.add(clientId);
                return new Registration(s.meta(), false);
            }
        }
        String id = idPrefix + nextId++;
        Stream s = new Stream(id, alias, type, mode, baseDir);
        s.clients.add(clientId);
        streams.put(id, s);
        if (alias != null) {
            idByAlias.put(alias, id);
        }
        return new Registration(s.meta(), true);
    }

    /** Metadata of stream {@code streamId}; {@code clientId} (nullable) will be told when it closes. */
    public StreamMeta lookup(String streamId, String clientId) throws StreamRegistryException {
        Stream s = stream(streamId);
        if (clientId != null) {
            s.clients.add(clientId);
        }
        return s.meta();
    }

    /** Metadata of the stream named {@code alias}; {@code clientId} (nullable) will be told when it closes. */
    public StreamMeta lookupAlias(String alias, String clientId) throws StreamRegistryException {
        String id = alias == null ? null : idByAlias.get(alias);
        if (id == null) {
            throw new StreamRegistryException(Kind.UNKNOWN_STREAM, "no stream has alias '" + alias + "'");
        }
        return lookup(id, clientId);
    }

    /**
     * {@code writerId}, owned by {@code clientId}, is a writer of the stream (idempotent). Refused
     * when the stream is closed or this writer has already closed it.
     */
    public void addWriter(String streamId, String writerId, String clientId) throws StreamRegistryException {
        Stream s = stream(streamId);
        if (s.openWriters.containsKey(writerId)) {
            return;
        }
        if (s.closedWriters.contains(writerId)) {
            throw new StreamRegistryException(Kind.FORBIDDEN, "writer " + writerId + " has already closed stream "
                    + describe(s) + "; it cannot publish any more");
        }
        if (s.closed) {
            throw new StreamRegistryException(Kind.FORBIDDEN, "stream " + describe(s)
                    + " is closed (every writer has closed it); it cannot be written any more");
        }
        s.openWriters.put(writerId, clientId);
        s.clients.add(clientId);
    }

    /** {@code readerId}, owned by {@code clientId}, is a reader of the stream (idempotent; closed streams may be read). */
    public void addReader(String streamId, String readerId, String clientId) throws StreamRegistryException {
        Stream s = stream(streamId);
        s.readers.put(readerId, clientId);
        s.clients.add(clientId);
    }

    /**
     * Reader {@code readerId} of {@code applicationId} has accepted {@code accepted} records of the
     * stream in all. Counts only grow, so the largest report wins: a report that arrives twice or
     * after a newer one changes nothing. Returns the application's total, this report included.
     */
    public long reportAccepted(String streamId, String applicationId, String readerId, long accepted)
            throws StreamRegistryException {
        Stream s = stream(streamId);
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(readerId, "readerId");
        s.accepted.computeIfAbsent(applicationId, a -> new HashMap<>()).merge(readerId, Math.max(0, accepted), Math::max);
        return acceptedBy(streamId, applicationId);
    }

    /** Records of the stream accepted by {@code applicationId}'s readers, as reported so far. */
    public long acceptedBy(String streamId, String applicationId) throws StreamRegistryException {
        Map<String, Long> byReader = stream(streamId).accepted.get(applicationId);
        long total = 0;
        if (byReader != null) {
            for (long n : byReader.values()) {
                total += n;
            }
        }
        return total;
    }

    /**
     * Writer {@code writerId} closes the stream; a writer that never published is registered
     * (owned by {@code clientId}) and closed at once. Closing twice is harmless. Returns the event
     * when this closed the stream, else null.
     */
    public Closed closeWriter(String streamId, String writerId, String clientId) throws StreamRegistryException {
        Stream s = stream(streamId);
        s.clients.add(clientId);
        if (s.closedWriters.contains(writerId)) {
            return null;
        }
        s.openWriters.remove(writerId);
        s.closedWriters.add(writerId);
        return s.closeIfDone();
    }

    public boolean isWriter(String streamId, String writerId) {
        Stream s = streams.get(streamId);
        return s != null && s.openWriters.containsKey(writerId);
    }

    public boolean isReader(String streamId, String readerId) {
        Stream s = streams.get(streamId);
        return s != null && s.readers.containsKey(readerId);
    }

    /** Open writers of the stream (writer id -> owner client). */
    public Map<String, String> openWriters(String streamId) throws StreamRegistryException {
        return Map.copyOf(stream(streamId).openWriters);
    }

    /** Readers of the stream (reader id -> owner client). */
    public Map<String, String> readers(String streamId) throws StreamRegistryException {
        return Map.copyOf(stream(streamId).readers);
    }

    /** Every stream's metadata. */
    public List<StreamMeta> streams() {
        return streams.values().stream().map(Stream::meta).toList();
    }

    /** A connection of {@code clientId} opened; a reconnect within the grace timeout keeps its writer roles. */
    public void clientConnected(String clientId) {
        clients.computeIfAbsent(clientId, c -> new Client()).connections++;
    }

    /**
     * A connection of {@code clientId} closed at {@code now}. When it was the client's last one,
     * its readers are removed at once and returned (stream id -> reader ids) so their backends can
     * give back what they held; its writer roles wait for {@link #expire}.
     */
    public Map<String, List<String>> clientDisconnected(String clientId, long now) {
        Client c = clients.get(clientId);
        if (c == null || c.connections == 0) {
            return Map.of();
        }
        if (--c.connections > 0) {
            return Map.of();
        }
        c.disconnectedAt = now;
        Map<String, List<String>> gone = new LinkedHashMap<>();
        for (Stream s : streams.values()) {
            List<String> mine = new ArrayList<>();
            s.readers.entrySet().removeIf(e -> {
                if (e.getValue().equals(clientId)) {
                    mine.add(e.getKey());
                    return true;
                }
                return false;
            });
            if (!mine.isEmpty()) {
                gone.put(s.id, List.copyOf(mine));
            }
        }
        if (!hasOpenWriters(clientId)) {
            clients.remove(clientId);
        }
        return gone;
    }

    public boolean isConnected(String clientId) {
        Client c = clients.get(clientId);
        return c != null && c.connections > 0;
    }

    /** When the next {@link #expire} has something to do (Long.MAX_VALUE: nothing pending). */
    public long nextExpiry() {
        long next = Long.MAX_VALUE;
        for (Client c : clients.values()) {
            if (c.connections == 0) {
                next = Math.min(next, c.disconnectedAt + writerGraceMs);
            }
        }
        return next;
    }

    /** Drops the writer roles of clients disconnected for at least the grace timeout at {@code now}. */
    public List<DroppedWriter> expire(long now) {
        List<DroppedWriter> dropped = new ArrayList<>();
        List<String> expired = clients.entrySet().stream()
                .filter(e -> e.getValue().connections == 0 && now - e.getValue().disconnectedAt >= writerGraceMs)
                .map(Map.Entry::getKey).sorted().toList();
        for (String clientId : expired) {
            clients.remove(clientId);
            for (Stream s : streams.values().stream().sorted((a, b) -> a.id.compareTo(b.id)).toList()) {
                List<String> writers = s.openWriters.entrySet().stream()
                        .filter(e -> e.getValue().equals(clientId)).map(Map.Entry::getKey).toList();
                for (int i = 0; i < writers.size(); i++) {
                    String w = writers.get(i);
                    s.openWriters.remove(w);
                    s.closedWriters.add(w);
                    Closed closed = i == writers.size() - 1 ? s.closeIfDone() : null;
                    dropped.add(new DroppedWriter(clientId, s.id, w, closed));
                }
            }
        }
        return dropped;
    }

    private boolean hasOpenWriters(String clientId) {
        for (Stream s : streams.values()) {
            if (s.openWriters.containsValue(clientId)) {
                return true;
            }
        }
        return false;
    }

    private Stream stream(String streamId) throws StreamRegistryException {
        Stream s = streamId == null ? null : streams.get(streamId);
        if (s == null) {
            throw new StreamRegistryException(Kind.UNKNOWN_STREAM, "unknown stream id '" + streamId
                    + "': no stream with this id is registered on this stream server");
        }
        return s;
    }

    private static String describe(Stream s) {
        return s.alias == null ? s.id : s.id + " ('" + s.alias + "')";
    }

    private static String article(StreamType t) {
        return t == StreamType.OBJECT ? "an object" : "a file";
    }
}
