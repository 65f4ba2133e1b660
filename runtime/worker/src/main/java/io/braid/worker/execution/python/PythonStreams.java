package io.braid.worker.execution.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.RegistrationException;
import io.braid.streams.internals.client.StreamHandles;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The stream handles of one Python task, used from its process through "stream" requests
 * (docs/DESIGN.md, "Python worker protocol"): the worker performs each operation with its own
 * stream client, so Python tasks get the library's semantics (consumer modes, aliases, fair
 * readers, closing) with no client of their own. Handles are numbered per task: the task's STREAM
 * parameters first (opened, restricted and released by the job's {@code TaskStreams}), then those
 * the task creates or attaches to. When the task ends, {@link #release} lets the latter's readers
 * go and stores what their writers published; their writers stay open, as a Java task's own
 * handle's do.
 *
 * <p>Elements: Python publishes {@code byte[]} only (raw bytes, or pickles the Python side tags,
 * docs/PYTHON.md "Streams"); it reads {@code byte[]} and {@code String}; records of other Java
 * types cannot reach Python and are refused with the type's name.
 *
 * <p>A publish gets no reply ({@code "reply": false}): it is performed in pipe order by the thread
 * reading the pipe and its failure is kept ({@link UnreportedPublishes}) for the task's next request
 * that has a reply, which fails with it unperformed, or for the task's result ({@link #settle}).
 *
 * <p>Requests of one task are answered concurrently ({@link StreamRequestAnswers}: the task's
 * threads each wait for their own reply), so the handle table is thread-safe; the handles are.
 */
final class PythonStreams {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PythonStreams.class);

    private final Map<Integer, DistroStream<?>> handles = new ConcurrentHashMap<>();
    private final Queue<DistroStream<?>> own = new ConcurrentLinkedQueue<>();
    private final AtomicInteger next = new AtomicInteger(1);
    private final UnreportedPublishes unreported = new UnreportedPublishes();

    /** A STREAM parameter's handle (its life is the job's); returns the argument Python gets. */
    PythonArg param(DistroStream<?> handle, String direction) {
        int number = add(handle);
        return PythonArg.stream(number, handle, direction);
    }

    /** Answers one request of the task; a refused operation is an error reply, never an exception. */
    ObjectNode answer(PythonFrames.Message request, List<byte[]> replyBlobs) {
        JsonNode h = request.header();
        ObjectNode reply = PythonFrames.JSON.createObjectNode().put("type", "stream_reply");
        reply.set("req", h.path("req"));
        String op = h.path("op").asText();
        try {
            switch (op) {
                case "new" -> describe(reply, register(h));
                case "attach" -> describe(reply, attach(h.path("id").asText()));
                case "publish" -> publish(handle(h), h, request.blobs());
                case "poll" -> poll(handle(h), h.path("timeout_ms"), reply, replyBlobs);
                case "close" -> handle(h).close();
                case "is_closed" -> reply.put("closed", handle(h).isClosed());
                default -> throw new IllegalArgumentException("unknown stream operation '" + op + "'");
            }
            return reply.put("status", "ok");
        } catch (RegistrationException e) {
            return error(reply, "RegistrationException", e);
        } catch (BackendException e) {
            return error(reply, "BackendException", e);
        } catch (RuntimeException e) {
            LOG.debug("stream request {} failed", op, e);
            return error(reply, "BackendException", e);
        }
    }

    /** Whether {@code request} waits for a reply; a publish does not ({@code "reply": false}). */
    static boolean wantsReply(PythonFrames.Message request) {
        return request.header().path("reply").asBoolean(true);
    }

    /**
     * Performs a request that gets no reply (a publish); its failure is kept for the task's next
     * request that has a reply ({@link #takeUnreported}) or for its result ({@link #settle}).
     */
    void perform(PythonFrames.Message request) {
        JsonNode h = request.header();
        String op = h.path("op").asText();
        DistroStream<?> s = handles.get(h.path("handle").asInt(-1));
        try {
            if (!"publish".equals(op)) {
                throw new IllegalArgumentException("a stream " + op
                        + " must wait for its reply (only a publish does not)");
            }
            publish(handle(h), h, request.blobs());
        } catch (RuntimeException e) { // BackendException and a payload Java cannot take alike
            LOG.debug("stream request {} without reply failed", op, e);
            unreported.failed(op, s == null ? "handle " + h.path("handle") : describe(s), h.path("req").asLong(),
                    "BackendException", message(e));
        }
    }

    /** The failures of publishes not reported yet, now to be reported (null when none failed). */
    UnreportedPublishes.Failure takeUnreported() {
        return unreported.take();
    }

    /**
     * The error reply to {@code request}, not performed: a publish the task made before it failed
     * ({@link #takeUnreported}), and this is the first request since that the task waits for.
     */
    static ObjectNode refuse(PythonFrames.Message request, UnreportedPublishes.Failure earlier) {
        JsonNode h = request.header();
        ObjectNode reply = PythonFrames.JSON.createObjectNode().put("type", "stream_reply");
        reply.set("req", h.path("req"));
        return reply.put("status", "error").put("error", earlier.kind()).put("message", earlier.message()
                + "; so the " + h.path("op").asText() + " asked after it was not performed");
    }

    /**
     * The task's result, failed by a publish failure it was not told of (it made no request with a
     * reply after that publish): a result that was ok becomes that failure (the files it wrote
     * deleted), a failure gets it added to its message.
     */
    PythonTaskResult settle(PythonTaskResult r) {
        UnreportedPublishes.Failure f = unreported.take();
        if (f == null) {
            return r;
        }
        String message = f.message() + " (the task made no stream request after it that could report it)";
        if (!r.ok()) {
            return new PythonTaskResult(false, r.returns(), r.updated(), r.errorType(), r.message() + "; besides, "
                    + message, r.traceback(), r.timedOut());
        }
        r.deleteWritten();
        return new PythonTaskResult(false, List.of(), List.of(), f.kind(), message, "", false);
    }

    /** The task ended: the handles it opened itself stop reading and store what they published. */
    void release() {
        for (DistroStream<?> s : own) {
            StreamHandles.closeReader(s);
            try {
                StreamHandles.flush(s);
            } catch (BackendException e) {
                LOG.warn("stream {}: what a Python task published could not all be stored: {}", s.getId(),
                        e.getMessage());
            }
        }
        own.clear();
        handles.clear();
    }

    /** How many handles the task holds (tests). */
    int size() {
        return handles.size();
    }

    private int add(DistroStream<?> handle) {
        int number = next.getAndIncrement();
        handles.put(number, handle);
        return number;
    }

    private DistroStream<?> register(JsonNode h) throws RegistrationException {
        String alias = text(h, "alias");
        ConsumerMode mode = mode(h.path("mode").asText("AT_MOST_ONCE"));
        String type = h.path("stream_type").asText();
        DistroStream<?> s = switch (type) {
            case "OBJECT" -> new ObjectDistroStream<>(alias, mode);
            case "FILE" -> new FileDistroStream(alias, text(h, "base_dir"), mode);
            default -> throw new RegistrationException("unknown stream type '" + type + "' (OBJECT or FILE)");
        };
        own.add(s);
        return s;
    }

    private DistroStream<?> attach(String id) throws BackendException {
        DistroStream<?> s = StreamHandles.attach(id);
        own.add(s);
        return s;
    }

    private void describe(ObjectNode reply, DistroStream<?> s) {
        int number = add(s);
        reply.put("handle", number);
        PythonArg.describe(reply, s);
    }

    @SuppressWarnings("unchecked")
    private static void publish(DistroStream<?> s, JsonNode h, List<byte[]> blobs) throws BackendException {
        if (s instanceof FileDistroStream f) {
            List<String> paths = new ArrayList<>();
            h.path("paths").forEach(p -> paths.add(p.asText()));
            f.publish(paths);
            return;
        }
        List<Object> values = new ArrayList<>(); // Python publishes bytes only: raw, or tagged pickles
        for (JsonNode r : h.path("records")) {
            values.add(blobs.get(r.path("blob").asInt()));
        }
        ((DistroStream<Object>) s).publish(values);
    }

    private static void poll(DistroStream<?> s, JsonNode timeout, ObjectNode reply, List<byte[]> blobs)
            throws BackendException {
        List<?> polled = timeout.isNumber() && timeout.asLong() > 0 ? s.poll(timeout.asLong()) : s.poll();
        if (s instanceof FileDistroStream) {
            ArrayNode paths = reply.putArray("paths");
            polled.forEach(p -> paths.add((String) p));
            return;
        }
        ArrayNode records = reply.putArray("records");
        List<String> refused = new ArrayList<>();
        for (Object e : polled) {
            if (e instanceof byte[] b) {
                blobs.add(b);
                records.addObject().put("kind", "bytes").put("blob", blobs.size() - 1);
            } else if (e instanceof String text) {
                blobs.add(text.getBytes(StandardCharsets.UTF_8));
                records.addObject().put("kind", "str").put("blob", blobs.size() - 1);
            } else {
                refused.add(e == null ? "null" : e.getClass().getName());
            }
        }
        if (!refused.isEmpty()) {
            blobs.clear();
            throw new BackendException("stream " + describe(s) + " gave " + polled.size() + " elements, among them a "
                    + refused.get(0) + ": a Python task reads elements that are byte[] or String in Java (the"
                    + " elements polled here are lost to the stream's other readers)");
        }
    }

    private DistroStream<?> handle(JsonNode h) throws BackendException {
        DistroStream<?> s = handles.get(h.path("handle").asInt(-1));
        if (s == null) {
            throw new BackendException("stream handle " + h.path("handle") + " is not one of this task's");
        }
        return s;
    }

    private static ConsumerMode mode(String name) throws RegistrationException {
        try {
            return ConsumerMode.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new RegistrationException("unknown consumer mode '" + name
                    + "' (AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE)");
        }
    }

    private static String describe(DistroStream<?> s) {
        return s.getAlias() == null ? s.getId() : s.getId() + " ('" + s.getAlias() + "')";
    }

    private static String text(JsonNode h, String key) {
        JsonNode n = h.get(key);
        return n == null || n.isNull() ? null : n.asText();
    }

    private static ObjectNode error(ObjectNode reply, String kind, Exception e) {
        return reply.put("status", "error").put("error", kind).put("message", message(e));
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
