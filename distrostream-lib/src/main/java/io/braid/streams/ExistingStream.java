package io.braid.streams;

/**
 * What a handle on an existing stream is made from ({@code StreamHandles.attach}). It lives in this
 * package, not as the server's {@code StreamInfo}, because the handles' constructors are compiled
 * against by applications: javac reads every constructor's parameter types when it resolves
 * {@code new FileDistroStream(dir)}, and braid-app-api.jar has only this package's classes.
 */
record ExistingStream(String id, String alias, StreamType type, ConsumerMode mode, String baseDir) {
}
