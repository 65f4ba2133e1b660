package io.braid.comm.message;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The wire registry: each {@link Message} record and its one-byte tag. Tags are part of the wire
 * contract: never reuse or renumber one; a new message type is one new line in {@link #CORE}.
 * Other modules add their own protocols (the stream library: tags 32..63) through a
 * {@link MessageTypeProvider} found by {@link ServiceLoader}, so one frame and message codec
 * serve every Braid protocol.
 */
public final class MessageTypes {

    /** One registered type. */
    public record Entry(int tag, Class<? extends Message> type) {
    }

    private static final List<Entry> CORE = List.of(
            new Entry(1, WorkerHello.class),
            new Entry(2, RunTask.class),
            new Entry(3, TaskDone.class),
            new Entry(4, TaskFailed.class),
            new Entry(5, Shutdown.class),
            new Entry(6, DeleteData.class),
            new Entry(7, FetchData.class),
            new Entry(8, DataChunk.class),
            new Entry(9, DataMissing.class),
            new Entry(10, Heartbeat.class),
            new Entry(11, NodeLost.class),
            new Entry(12, CancelJob.class),
            new Entry(13, TaskNotParked.class));

    private static final List<Entry> ALL = load();

    private static final Class<? extends Message>[] BY_TAG = byTag();
    private static final Map<Class<? extends Message>, Integer> BY_TYPE = byType();

    private MessageTypes() {
    }

    /** Every registered type, in tag order. */
    public static List<Entry> all() {
        return ALL;
    }

    /** The type registered under {@code tag} (0..255), or null when none is. */
    public static Class<? extends Message> typeOf(int tag) {
        return tag >= 0 && tag < BY_TAG.length ? BY_TAG[tag] : null;
    }

    /** The tag of a registered type; IllegalArgumentException naming the class when it is not registered. */
    public static int tagOf(Class<? extends Message> type) {
        Integer tag = BY_TYPE.get(type);
        if (tag == null) {
            throw new IllegalArgumentException("message type " + type.getName() + " is not registered in MessageTypes");
        }
        return tag;
    }

    private static List<Entry> load() {
        List<Entry> all = new ArrayList<>(CORE);
        for (MessageTypeProvider p : ServiceLoader.load(MessageTypeProvider.class, MessageTypes.class.getClassLoader())) {
            all.addAll(p.messageTypes());
        }
        all.sort(Comparator.comparingInt(Entry::tag));
        return List.copyOf(all);
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Message>[] byTag() {
        Class<? extends Message>[] byTag = new Class[256];
        for (Entry e : ALL) {
            if (e.tag() < 1 || e.tag() > 255) {
                throw new ExceptionInInitializerError("tag " + e.tag() + " of " + e.type().getName() + " is not in 1..255");
            }
            if (byTag[e.tag()] != null) {
                throw new ExceptionInInitializerError("tag " + e.tag() + " used by both " + byTag[e.tag()].getName()
                        + " and " + e.type().getName());
            }
            byTag[e.tag()] = e.type();
        }
        return byTag;
    }

    private static Map<Class<? extends Message>, Integer> byType() {
        // Map.ofEntries rejects a type registered twice.
        return Map.ofEntries(ALL.stream().map(e -> Map.entry(e.type(), e.tag())).toArray(Map.Entry[]::new));
    }
}
