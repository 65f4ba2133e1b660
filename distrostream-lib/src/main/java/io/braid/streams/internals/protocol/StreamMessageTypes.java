package io.braid.streams.internals.protocol;

import io.braid.comm.message.MessageTypeProvider;
import io.braid.comm.message.MessageTypes;

import java.util.List;

/**
 * The stream protocol's wire tags (32..63, see {@link MessageTypes}). Tags are part of the wire
 * contract: never reuse or renumber one; a new message is one new line here.
 */
public final class StreamMessageTypes implements MessageTypeProvider {

    static final List<MessageTypes.Entry> ENTRIES = List.of(
            new MessageTypes.Entry(32, ClientHello.class),
            new MessageTypes.Entry(33, RegisterStream.class),
            new MessageTypes.Entry(34, LookupStream.class),
            new MessageTypes.Entry(35, RegisterWriter.class),
            new MessageTypes.Entry(36, RegisterReader.class),
            new MessageTypes.Entry(37, CloseWriter.class),
            new MessageTypes.Entry(38, StreamStatus.class),
            new MessageTypes.Entry(39, PollFiles.class),
            new MessageTypes.Entry(40, PublishFile.class),
            new MessageTypes.Entry(41, ServerInfoRequest.class),
            new MessageTypes.Entry(42, StreamInfo.class),
            new MessageTypes.Entry(43, Ack.class),
            new MessageTypes.Entry(44, FilesPolled.class),
            new MessageTypes.Entry(45, ServerInfo.class),
            new MessageTypes.Entry(46, ErrorReply.class),
            new MessageTypes.Entry(47, StreamClosedPush.class),
            new MessageTypes.Entry(48, ReaderProgress.class),
            new MessageTypes.Entry(49, ApplicationProgress.class),
            new MessageTypes.Entry(50, ProgressTotal.class),
            new MessageTypes.Entry(51, OpenObjectReader.class),
            new MessageTypes.Entry(52, ObjectReaderClosed.class),
            new MessageTypes.Entry(53, ApplicationReaders.class),
            new MessageTypes.Entry(54, AwaitObjectStream.class),
            new MessageTypes.Entry(55, HandOver.class),
            new MessageTypes.Entry(56, HandedOver.class));

    @Override
    public List<MessageTypes.Entry> messageTypes() {
        return ENTRIES;
    }
}
