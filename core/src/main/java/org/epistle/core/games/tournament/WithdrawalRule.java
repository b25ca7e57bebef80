package org.epistle.core.games.tournament;

import java.util.List;

/**
 * What a withdrawal during play does to the withdrawn player's games, a setting of the tournament.
 */
public enum WithdrawalRule {
    /** Unfinished games are lost by forfeit; finished ones stand. */
    FORFEIT_UNFINISHED,
    /**
     * As {@link #FORFEIT_UNFINISHED} when the player finished at least half their games; otherwise all
     * their games are annulled, so that who happened to meet them early gains nothing over the rest.
     */
    ANNUL_IF_FEWER_THAN_HALF_PLAYED;

    /** The results after {@code player} withdraws: only their games change. */
    public List<GameResult> apply(List<GameResult> results, int player) {
        List<GameResult> theirs = results.stream().filter(r -> r.involves(player)).toList();
        long finished = theirs.stream().filter(r -> r.outcome().isDecided()).count();
        boolean annul = this == ANNUL_IF_FEWER_THAN_HALF_PLAYED && finished * 2 < theirs.size();
        return results.stream().map(r -> {
            if (!r.involves(player) || r.outcome() == Outcome.ANNULLED) {
                return r;
            }
            if (annul) {
                return r.with(Outcome.ANNULLED);
            }
            return r.outcome() == Outcome.UNFINISHED
                    ? r.with(Outcome.forfeitAgainst(r.pairing().white() == player)) : r;
        }).toList();
    }
}
