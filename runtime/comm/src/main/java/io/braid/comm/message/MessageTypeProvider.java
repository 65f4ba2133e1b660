package io.braid.comm.message;

import java.util.List;

/**
 * Adds a protocol's message types to {@link MessageTypes}. Implementations are listed in
 * {@code META-INF/services/io.braid.comm.message.MessageTypeProvider} of their module.
 */
public interface MessageTypeProvider {
    List<MessageTypes.Entry> messageTypes();
}
