package org.epistle.mailer.inbound;

import java.util.function.Supplier;

/**
 * Where the {@link MailboxReader} delivers each unseen message, as the exact bytes the IMAP server holds.
 *
 * <p>Delivery is at least once: a message is delivered again if the process stops between
 * {@code receive} returning {@link Disposition#DONE} and the reader flagging it on the server. The sink
 * therefore stores the message under {@link ParsedMail#key()} before handling it and treats a key it
 * has already handled as done.
 *
 * <p>An exception thrown here counts as a failed attempt; after the reader's limit of failed attempts
 * in a row the message is flagged \Seen without being handled, so one bad message cannot block the mailbox.
 *
 * <p>The reader may deliver several messages at once, on several threads. {@link #prepare} says which
 * messages must not: messages in one lane are received one after another, in the order the mailbox holds
 * them. By default every message is in the same lane, so a sink that overrides nothing is called by one
 * thread at a time.
 */
@FunctionalInterface
public interface InboundSink {

    Disposition receive(byte[] raw);

    /**
     * Looks at a message before it is received, on the reader's thread: its lane, and the work of receiving it
     * (which may reuse what was learnt here, such as the parsed message).
     */
    default Delivery prepare(byte[] raw) {
        return new Delivery("", () -> receive(raw));
    }

    /**
     * {@link #prepare} for the messages of one chunk, in the mailbox's order: a sink may do some work for all of
     * them at once here (store them in one transaction). The default prepares them one by one.
     */
    default java.util.List<Delivery> prepareAll(java.util.List<byte[]> raws) {
        return raws.stream().map(this::prepare).toList();
    }

    /**
     * The largest message this sink reads whole. The reader fetches only the header of a larger one (its size comes
     * from the server) and hands it to {@link #prepareTooLarge}, so a stranger's huge mail never crosses the wire
     * whole. By default there is no limit.
     */
    default long maxMessageBytes() {
        return Long.MAX_VALUE;
    }

    /**
     * A message larger than {@link #maxMessageBytes()}, of which the reader fetched only the header section.
     *
     * @param header the header section as the server gives it (with the blank line after it)
     * @param size   the whole message's size on the server, in bytes
     */
    default Delivery prepareTooLarge(byte[] header, long size) {
        // A sink with no limit is never given one; a sink that sets a limit says what a header alone means to it.
        throw new UnsupportedOperationException("this sink sets no size limit, so it reads no header alone");
    }

    /**
     * A message ready to be received.
     *
     * @param lane    messages with equal lanes are received in order, one at a time
     * @param receive receives it, as {@link #receive} does
     */
    record Delivery(Object lane, Supplier<Disposition> receive) {
        public Delivery {
            java.util.Objects.requireNonNull(lane, "lane");
            java.util.Objects.requireNonNull(receive, "receive");
        }
    }
}
