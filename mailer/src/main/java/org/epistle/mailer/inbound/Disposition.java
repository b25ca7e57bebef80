package org.epistle.mailer.inbound;

/** What the {@link InboundSink} did with a message, and so what the reader does with it on the server. */
public enum Disposition {
    /** Stored and handled (or deliberately ignored): the reader flags it \Seen and moves it to Processed if that exists. */
    DONE,
    /** Not handled now (the store is down, say): the reader leaves it unseen and delivers it again on a later pass. */
    RETRY_LATER
}
