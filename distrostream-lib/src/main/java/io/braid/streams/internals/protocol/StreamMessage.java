package io.braid.streams.internals.protocol;

import io.braid.comm.message.Message;

/** A message of the stream protocol (client <-> stream server). */
public sealed interface StreamMessage extends Message permits StreamRequest, StreamReply, ClientHello, StreamClosedPush,
        ReaderProgress, ObjectReaderClosed, ApplicationReaders, HandOver, HandedOver {
}
