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
                         boolean rated, TournamentState state, Instant createdAt) {
    public Tournament {
        tieBreaks = List.copyOf(tieBreaks);
    }

    public boolean isOpen() {
        return state == TournamentState.OPEN;
    }
}
