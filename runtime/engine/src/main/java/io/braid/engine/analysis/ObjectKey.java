package io.braid.engine.analysis;

/** An object identity, numbered by the app side. */
public record ObjectKey(long objectId) implements DataKey {
    // equals and hashCode written out, here and in the other records that key the hash maps of a
    // task's path (FileKey, ResourceRequest, the scheduler's and the worker's keys): a record's
    // own are linked through invokedynamic (ObjectMethods) the first time they run, which spins
    // method-handle classes in the interpreter during a fresh run's first tasks
    // (docs/performance/tasks.md, "A fresh run's first links").

    @Override
    public boolean equals(Object o) {
        return o instanceof ObjectKey k && k.objectId == objectId;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(objectId);
    }
}
