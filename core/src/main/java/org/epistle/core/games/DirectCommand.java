package org.epistle.core.games;

/**
 * A command that carries its own credentials, pbmserv style, for a mail that is not a reply:
 * {@code move 12 <token> Nf3/e4}.
 */
public record DirectCommand(Credentials credentials, Command command) {
}
