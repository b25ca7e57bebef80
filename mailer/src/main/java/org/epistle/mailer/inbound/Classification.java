package org.epistle.mailer.inbound;

import java.util.Objects;

/**
 * What kind of mail a received message is, and why the parser thinks so, in one sentence for the log.
 * Only {@link Kind#NORMAL} mail may carry a player's command; the loop defence ignores the rest.
 */
public record Classification(Kind kind, String reason) {

    public enum Kind {
        /** A person's mail: may carry a command. */
        NORMAL,
        /** An out-of-office or other automatic answer (RFC 3834 Auto-Submitted and its relatives). */
        AUTO_REPLY,
        /** Mailing-list or bulk mail (Precedence bulk/junk/list, List-Id, List-Unsubscribe). */
        BULK,
        /** A delivery status notification: MAILER-DAEMON, postmaster, the null sender, multipart/report. */
        BOUNCE,
        /** Sent from the server's own address: answering it would talk to ourselves. */
        OWN,
        /** Larger than the configured limit: only the header was read. */
        TOO_LARGE,
        /** Not a well-formed message; whatever could be read is still there. */
        MALFORMED
    }

    public Classification {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
    }

    public static Classification normal() {
        return new Classification(Kind.NORMAL, "a person's mail");
    }

    public boolean isNormal() {
        return kind == Kind.NORMAL;
    }

    @Override public String toString() {
        return kind + " (" + reason + ")";
    }
}
