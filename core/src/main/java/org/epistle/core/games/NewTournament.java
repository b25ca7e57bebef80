package org.epistle.core.games;

import java.util.List;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.WithdrawalRule;

/**
 * A tournament to create: its name (what players write after {@code join}), one variant, the army
 * of each side (the same for every game), a time-control spec, the kind and how it is scored, the
 * tie-breaks in order, the knockout tie rule, what a withdrawal during play does, an optional
 * thematic start position, the most players it takes, and whether its games are rated.
 */
public record NewTournament(String name, String variantKey, String whiteArmyKey, String blackArmyKey,
                            String timeControl, TournamentKind kind, Scoring scoring, List<TieBreak> tieBreaks,
                            TieRule tieRule, WithdrawalRule withdrawalRule, String startFen, int maxPlayers,
                            boolean rated, Tournament.Entry entry) {
    public NewTournament {
        tieBreaks = List.copyOf(tieBreaks);
        java.util.Objects.requireNonNull(entry, "entry");
    }

    /** With the usual entry: fixed armies, entry open until the start, every game at once. */
    public NewTournament(String name, String variantKey, String whiteArmyKey, String blackArmyKey,
                         String timeControl, TournamentKind kind, Scoring scoring, List<TieBreak> tieBreaks,
                         TieRule tieRule, WithdrawalRule withdrawalRule, String startFen, int maxPlayers,
                         boolean rated) {
        this(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks, tieRule,
                withdrawalRule, startFen, maxPlayers, rated, Tournament.Entry.USUAL);
    }

    public NewTournament withEntry(Tournament.Entry e) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks,
                tieRule, withdrawalRule, startFen, maxPlayers, rated, e);
    }

    /** A rated tournament with the usual settings: FIDE armies, no clock, 1/½/0, SB then DE then wins then Koya. */
    public static NewTournament of(String name, String variantKey, TournamentKind kind) {
        return new NewTournament(name, variantKey, NewGame.DEFAULT_ARMY, NewGame.DEFAULT_ARMY, "none", kind,
                Scoring.CLASSICAL, List.of(TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER, TieBreak.WINS,
                TieBreak.KOYA), TieRule.LOTS, WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED, null,
                kind.maxPlayers(), true);
    }

    public NewTournament withScoring(Scoring s) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, s, tieBreaks,
                tieRule, withdrawalRule, startFen, maxPlayers, rated, entry);
    }

    public NewTournament withTieBreaks(List<TieBreak> order) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, order,
                tieRule, withdrawalRule, startFen, maxPlayers, rated, entry);
    }

    public NewTournament withTieRule(TieRule rule) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks,
                rule, withdrawalRule, startFen, maxPlayers, rated, entry);
    }

    public NewTournament withWithdrawalRule(WithdrawalRule rule) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks,
                tieRule, rule, startFen, maxPlayers, rated, entry);
    }

    public NewTournament withStartFen(String fen) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks,
                tieRule, withdrawalRule, fen, maxPlayers, rated, entry);
    }

    public NewTournament withMaxPlayers(int max) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, timeControl, kind, scoring, tieBreaks,
                tieRule, withdrawalRule, startFen, max, rated, entry);
    }

    public NewTournament withTimeControl(String spec) {
        return new NewTournament(name, variantKey, whiteArmyKey, blackArmyKey, spec, kind, scoring, tieBreaks,
                tieRule, withdrawalRule, startFen, maxPlayers, rated, entry);
    }

    public NewTournament withArmies(String white, String black) {
        return new NewTournament(name, variantKey, white, black, timeControl, kind, scoring, tieBreaks,
                tieRule, withdrawalRule, startFen, maxPlayers, rated, entry);
    }
}
