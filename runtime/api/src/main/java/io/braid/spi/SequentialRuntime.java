package io.braid.spi;

import java.io.File;

/** The runtime of a program run without braid-run: tasks already ran as plain calls. */
final class SequentialRuntime implements AppRuntime {
    @Override
    public <T> T waitOn(T obj) {
        return obj;
    }

    @Override
    public void barrier() {
    }

    @Override
    public void getFile(String path) {
    }

    @Override
    public void deleteFile(String path) {
        new File(path).delete();
    }
}
