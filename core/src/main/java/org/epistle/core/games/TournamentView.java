package org.epistle.core.games;

import java.util.List;
import java.util.Optional;
import org.epistle.core.games.tournament.Crosstable;

/** A tournament as pages and the command line show it: settings, the list of players, the games, and the table once it started. */
public record TournamentView(Tournament tournament, List<Entrant> entrants, List<TournamentGame> games,
                             Optional<Crosstable> crosstable) {
    public TournamentView {
        entrants = List.copyOf(entrants);
        games = List.copyOf(games);
    }
}
