package org.epistle.core.games.desk;

import java.time.LocalTime;

/**
 * What a player asks about themselves rather than about one game: the daily digest, the list of their games.
 * Such a mail needs no seat: it is answered only to the sender's registered address.
 */
public sealed interface PlayerCommand {

    /** {@code digest on} or {@code digest on 18:00}: one mail a day at this time (UTC) instead of a mail per turn. */
    record DigestOn(LocalTime at) implements PlayerCommand {
    }

    /** {@code digest off}: a mail per turn again. */
    record DigestOff() implements PlayerCommand {
    }

    /** A {@code digest} line that says neither on nor off clearly ({@code digest maybe}, {@code digest on 25:00}). */
    record DigestUnclear(String written, String why) implements PlayerCommand {
    }

    /** {@code games}: the player's games, and a link to their desk page. */
    record ListGames() implements PlayerCommand {
    }
}
