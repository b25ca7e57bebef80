package org.epistle.core.games;

/** A registered player: the address is the one the server writes to, and the only one. */
public record Player(long id, String name, String email) {
}
