package org.epistle.core.games;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Message-IDs as our threading headers use them. A player's Message-ID comes from a received mail, so it is
 * checked before it is copied into a header we send: one {@code <left@right>} of printable characters without
 * spaces, brackets or line breaks, short enough for the outbox's columns. Anything else is not referred to.
 */
final class MessageIds {
    private static final Pattern DOT_ATOM = Pattern.compile("[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*");
    private static final Pattern ID = Pattern.compile("<(" + DOT_ATOM.pattern() + ")@(" + DOT_ATOM.pattern()
            + "|\\[[\\x21-\\x5A\\x5E-\\x7E]*])>");
    /** The outbox keeps In-Reply-To in 300 characters and References in 2000: a root and one answer fit. */
    static final int MAX_LENGTH = 250;

    private MessageIds() {
    }

    /** The id when it is one well-formed Message-ID, else empty (a mail without one, or a hostile value). */
    static Optional<String> checked(String candidate) {
        if (candidate == null || candidate.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        return ID.matcher(candidate).matches() ? Optional.of(candidate) : Optional.empty();
    }

    /**
     * A seat's own thread root, made from the game's root: {@code <game-12.K3@host>} gives {@code <game-12.K3.white@host>}.
     * Outbox Message-IDs are unique, so each seat's opening mail needs its own.
     */
    static String seatRoot(String gameRoot, org.epistle.core.rules.board.Side side) {
        int at = gameRoot.lastIndexOf('@');
        if (!gameRoot.startsWith("<") || at < 0) {
            throw new IllegalStateException("a game's root Message-ID is <left@right>, not " + gameRoot);
        }
        return gameRoot.substring(0, at) + "." + side.key() + gameRoot.substring(at);
    }
}
