package org.epistle.core.games.tournament;

import java.util.List;
import java.util.Random;

/**
 * A knockout match of two games with colours swapped, the better seed White first. Level after two,
 * it goes to two more games (colours again swapped); level after four, to the tournament's
 * {@link TieRule}.
 */
public record KnockoutMatch(long tournament, KnockoutBracket.Tie tie) {
    public static final int GAMES = 2;
    public static final int EXTRA_GAMES = 2;

    public KnockoutMatch {
        if (tie.isBye()) {
            throw new IllegalArgumentException("a bye is not a match: " + tie);
        }
    }

    /** Game {@code n} (from 1) of the match: the better seed has White in odd games. */
    public Pairing game(int n) {
        if (n < 1 || n > GAMES + EXTRA_GAMES) {
            throw new IllegalArgumentException("a match has games 1 to " + (GAMES + EXTRA_GAMES) + ", not " + n);
        }
        return n % 2 == 1 ? new Pairing(tie.higher(), tie.lower()) : new Pairing(tie.lower(), tie.higher());
    }

    /**
     * Where the match stands after its games so far, in order, game {@code n} with the colours of
     * {@link #game(int)}. Unfinished games must come last; a forfeit counts as a win.
     */
    public State state(List<Outcome> games, TieRule rule, double higherRating, double lowerRating) {
        List<Game> coloured = new java.util.ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            coloured.add(new Game(i < GAMES + EXTRA_GAMES ? game(i + 1).white() : tie.higher(), games.get(i)));
        }
        return stateOf(coloured, rule, higherRating, lowerRating);
    }

    /**
     * Where the match stands after the games made for it, each with the seed who had White. An annulled
     * game (one the admin aborted) counts as not played: it is replaced by a game with the same colours
     * ({@link #toMake}), so the match is still decided on games with colours balanced.
     */
    public State stateOf(List<Game> games, TieRule rule, double higherRating, double lowerRating) {
        List<Game> live = games.stream().filter(g -> g.outcome() != Outcome.ANNULLED).toList();
        if (live.size() > GAMES + EXTRA_GAMES) {
            throw new IllegalArgumentException("a match has at most " + (GAMES + EXTRA_GAMES) + " games");
        }
        double higher = 0;
        double lower = 0;
        int decided = 0;
        for (Game g : live) {
            if (!g.outcome().isDecided()) {
                continue;
            }
            decided++;
            double whiteShare = g.outcome().whiteShare();
            if (g.white() == tie.higher()) {
                higher += whiteShare;
                lower += 1 - whiteShare;
            } else {
                lower += whiteShare;
                higher += 1 - whiteShare;
            }
        }
        if (decided < GAMES) {
            return new Playing(GAMES);
        }
        if (decided == GAMES && higher != lower) {
            return new Won(higher > lower ? tie.higher() : tie.lower(), Decision.GAMES);
        }
        if (decided < GAMES + EXTRA_GAMES) {
            return new Playing(GAMES + EXTRA_GAMES);
        }
        if (higher != lower) {
            return new Won(higher > lower ? tie.higher() : tie.lower(), Decision.EXTRA_GAMES);
        }
        return switch (rule) {
            case LOTS -> new Won(lots() ? tie.higher() : tie.lower(), Decision.LOTS);
            case BETTER_RATED -> new Won(lowerRating > higherRating ? tie.lower() : tie.higher(), Decision.RATING);
        };
    }

    /**
     * The game numbers still to be made so that the match has {@code upTo} games that are not annulled,
     * with the colours of {@link #game(int)}: the two extra games of a level match, or the replay of an
     * aborted game with its colours. Games made already are matched to numbers by colour, first come first.
     */
    public List<Integer> toMake(List<Game> games, int upTo) {
        long higherWhite = games.stream().filter(g -> g.outcome() != Outcome.ANNULLED && g.white() == tie.higher()).count();
        long lowerWhite = games.stream().filter(g -> g.outcome() != Outcome.ANNULLED && g.white() == tie.lower()).count();
        List<Integer> missing = new java.util.ArrayList<>();
        for (int n = 1; n <= upTo; n++) {
            if (game(n).white() == tie.higher()) {
                if (higherWhite > 0) {
                    higherWhite--;
                } else {
                    missing.add(n);
                }
            } else if (lowerWhite > 0) {
                lowerWhite--;
            } else {
                missing.add(n);
            }
        }
        return List.copyOf(missing);
    }

    /** A game made for the match: the seed who has White in it, and how it stands. */
    public record Game(int white, Outcome outcome) {
    }

    /**
     * The lot: true when the better seed wins it. Seeded only from the tournament, round and slot,
     * with {@link Random}, whose sequence the Java specification fixes, so anyone can redraw it.
     */
    boolean lots() {
        long seed = tournament * 1_000_003L + tie.round() * 1_009L + tie.slot();
        return new Random(seed).nextBoolean();
    }

    /** How a match is going. */
    public sealed interface State permits Playing, Won {
    }

    /** Not decided: the match runs to {@code games} games. */
    public record Playing(int games) implements State {
    }

    /** Decided for {@code winner}, and how. */
    public record Won(int winner, Decision by) implements State {
    }

    public enum Decision { GAMES, EXTRA_GAMES, LOTS, RATING }
}
