package org.epistle.mailer.inbound;

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
 */
@FunctionalInterface
public interface InboundSink {

    Disposition receive(byte[] raw);
}
