package io.braid.streams.internals.client;

/** A stream server's {@code host:port}, as a client is given it. */
record ServerAddress(String host, int port) {

    /** @throws IllegalArgumentException naming {@code text} when it is not {@code host:port} */
    static ServerAddress parse(String text) {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon <= 0) {
            throw bad(text);
        }
        try {
            return new ServerAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw bad(text);
        }
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("bad stream server address '" + text + "': expected host:port");
    }
}
