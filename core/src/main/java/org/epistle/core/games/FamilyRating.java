package org.epistle.core.games;

import org.epistle.core.games.rating.Rating;

/** A player's Glicko-2 rating in one family of variants, and how many rated games it rests on. */
public record FamilyRating(String family, Rating rating, int games) {
}
