package io.braid.comm.settings;

/**
 * A setting with a value it does not accept: one line naming where the value came from (the
 * system property or environment variable), the value and what was expected, as
 * {@code -Dbraid.heartbeat.timeout_ms=5: expected milliseconds, at least 100}.
 */
public final class SettingException extends IllegalArgumentException {
    private final String origin;

    public SettingException(String origin, String value, String expected) {
        super(origin + "=" + value + ": expected " + expected);
        this.origin = origin;
    }

    /** {@code -Dname} or the environment variable's name. */
    public String origin() {
        return origin;
    }
}
