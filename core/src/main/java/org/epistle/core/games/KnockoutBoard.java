package org.epistle.core.games;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.epistle.core.games.tournament.Figures;
import org.epistle.core.games.tournament.KnockoutBracket;
import org.epistle.core.games.tournament.Outcome;

/**
 * A knockout's bracket as plain text, for {@code epistle tournament show} and the tournament's mails:
 * one line per match, round by round, with both players (seed in brackets), the match score so far, and
 * who went through and how.
 *
 * <pre>
 * round 1, match 1: Ann (1) v Hal (8)  1½-½  Ann goes through on games
 * round 1, match 3: Ben (2)  bye
 * </pre>
 */
public final class KnockoutBoard {
    private KnockoutBoard() {
    }

    public static List<String> text(List<Entrant> entrants, List<KnockoutMatchRow> matches, List<TournamentGame> games) {
        Map<Integer, String> names = entrants.stream().filter(e -> e.number() > 0)
                .collect(Collectors.toMap(Entrant::number, e -> e.player().name()));
        Function<Integer, String> who = seed -> names.getOrDefault(seed, "?") + " (" + seed + ")";
        List<String> lines = new ArrayList<>();
        for (KnockoutMatchRow m : matches) {
            KnockoutBracket.Tie tie = m.tie();
            String head = "round " + tie.round() + ", match " + tie.slot() + ": ";
            if (tie.isBye()) {
                lines.add(head + who.apply(tie.higher()) + "  bye");
                continue;
            }
            List<TournamentGame> played = of(games, tie);
            double higher = 0;
            double lower = 0;
            for (TournamentGame g : played) {
                if (g.outcome().isDecided()) {
                    double white = g.outcome().whiteShare();
                    higher += g.white() == tie.higher() ? white : 1 - white;
                    lower += g.white() == tie.higher() ? 1 - white : white;
                }
            }
            String score = played.isEmpty() ? "" : "  " + Figures.format(higher) + "-" + Figures.format(lower);
            String state = m.isDecided() ? names.getOrDefault(m.winner(), "?") + " goes through " + how(m.decidedBy())
                    : "playing, " + played.stream().filter(g -> g.outcome().isDecided()).count() + " of "
                    + played.stream().filter(g -> g.outcome() != Outcome.ANNULLED).count() + " games over";
            lines.add(head + who.apply(tie.higher()) + " v " + who.apply(tie.lower()) + score + "  " + state);
        }
        return List.copyOf(lines);
    }

    /** The games of one match, in the order they were made: game 1, 2, then the extra games. */
    static List<TournamentGame> of(List<TournamentGame> games, KnockoutBracket.Tie tie) {
        return games.stream().filter(g -> g.round() == tie.round()
                        && (g.white() == tie.higher() && g.black() == tie.lower()
                        || g.white() == tie.lower() && g.black() == tie.higher()))
                .sorted(java.util.Comparator.comparingLong(TournamentGame::gameId)).toList();
    }

    private static String how(String decidedBy) {
        return switch (decidedBy == null ? "" : decidedBy) {
            case "GAMES" -> "on games";
            case "EXTRA_GAMES" -> "after two extra games";
            case "LOTS" -> "by lot, the match level after four games";
            case "RATING" -> "on rating, the match level after four games";
            case "WITHDRAWAL" -> "by the opponent's withdrawal";
            default -> "(" + decidedBy + ")";
        };
    }
}
