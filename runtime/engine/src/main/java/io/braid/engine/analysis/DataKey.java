package io.braid.engine.analysis;

/**
 * What identifies a datum from the caller's side: an object identity ({@link ObjectKey}) or a
 * file ({@link FileKey}). An object key and a file key are never equal, even when their text
 * looks alike.
 */
public sealed interface DataKey permits ObjectKey, FileKey {

    static ObjectKey object(long objectId) {
        return new ObjectKey(objectId);
    }

    static FileKey file(String canonicalPath) {
        return new FileKey(canonicalPath);
    }
}
