package io.braid.engine.dispatch;

/** An input version has no copy left: every node that held it is gone. */
public final class DataLostException extends RuntimeException {
    private final String dataName;

    public DataLostException(String dataName) {
        super("data " + dataName + " was lost: every node that held it is gone");
        this.dataName = dataName;
    }

    public String dataName() {
        return dataName;
    }
}
