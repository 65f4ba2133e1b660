package io.braid.comm.message;

/**
 * A message between Braid processes. Every concrete type is a record registered in
 * {@link MessageTypes} with a stable one-byte tag; the tag is part of the wire contract.
 */
public interface Message {
}
