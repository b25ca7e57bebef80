package org.epistle.core.games;

/** One line of the public list of tournaments: the tournament and how many players have entered it (not the invited). */
public record TournamentListing(Tournament tournament, long players) {
}
