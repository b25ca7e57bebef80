package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.games.tournament.WithdrawalRule;

/** A stored tournament and its settings. */
public record Tournament(long id, String name, String variant, String whiteArmy, String blackArmy,
                         String timeControl, TournamentKind kind, Scoring scoring, List<TieBreak> tieBreaks,
                         TieRule tieRule, WithdrawalRule withdrawalRule, Optional<String> startFen, int maxPlayers,
                         boolean rated, TournamentState state, Instant createdAt, Entry entry) {
    public Tournament {
        tieBreaks = List.copyOf(tieBreaks);
    }

    /**
     * How players enter and how the games start: each picks an army on joining (or plays the tournament's),
     * joins are taken until a day (UTC; empty: until the start), and a round robin creates its games all at
     * once or each round when the one before is complete.
     */
    public record Entry(boolean armyChoice, Optional<java.time.LocalDate> until, boolean roundByRound) {
        public static final Entry USUAL = new Entry(false, Optional.empty(), false);
    }

    public boolean isKnockout() {
        return kind == TournamentKind.KNOCKOUT;
    }

    public boolean isOpen() {
        return state == TournamentState.OPEN;
    }
}
