package io.braid.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Lines for the user that do not stop the run. Those said before anyone listens (while the
 * workers start) are kept and passed on when a listener comes.
 */
final class UserWarnings implements Consumer<String> {
    private final List<String> early = new ArrayList<>();
    private Consumer<String> listener;

    @Override
    public synchronized void accept(String line) {
        if (listener != null) {
            listener.accept(line);
        } else {
            early.add(line);
        }
    }

    synchronized void to(Consumer<String> l) {
        listener = Objects.requireNonNull(l, "listener");
        early.forEach(l);
        early.clear();
    }
}
