package org.epistle.core.games.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The table of a round robin computed from its results: points, then the tie-breaks in the
 * tournament's order, each applied only among the players still level. Annulled games count as
 * never paired, unfinished ones not yet; a forfeit counts as the result it gives, for points and for
 * every tie-break (a simplification of FIDE's virtual opponent, which is meant for Swiss events).
 */
public final class Standings {
    private final int players;
    private final List<GameResult> results;
    private final Scoring scoring;
    private final List<TieBreak> order;
    private final double[] points;
    /** Each player's decided games, and how many games count for them (all but the annulled): asked often. */
    private final List<List<GameResult>> decided;
    private final int[] counted;
    private final List<Standing> table;

    private Standings(int players, List<GameResult> results, Scoring scoring, List<TieBreak> order) {
        this.players = players;
        this.results = List.copyOf(results);
        this.scoring = scoring;
        this.order = List.copyOf(order);
        this.points = new double[players + 1];
        this.counted = new int[players + 1];
        this.decided = new ArrayList<>();
        for (int p = 0; p <= players; p++) {
            decided.add(new ArrayList<>());
        }
        for (GameResult r : this.results) {
            if (r.pairing().white() > players || r.pairing().black() > players) {
                throw new IllegalArgumentException("game " + r + " names a player beyond " + players);
            }
            if (r.outcome().isDecided()) {
                points[r.pairing().white()] += scoring.points(r.shareOf(r.pairing().white()));
                points[r.pairing().black()] += scoring.points(r.shareOf(r.pairing().black()));
                decided.get(r.pairing().white()).add(r);
                decided.get(r.pairing().black()).add(r);
            }
            if (r.outcome() != Outcome.ANNULLED) {
                counted[r.pairing().white()]++;
                counted[r.pairing().black()]++;
            }
        }
        this.table = rank();
    }

    public static Standings of(int players, List<GameResult> results, Scoring scoring, List<TieBreak> order) {
        return new Standings(players, results, scoring, order);
    }

    /** The standings, first place first; equal places keep pairing-number order. */
    public List<Standing> table() {
        return table;
    }

    public Standing of(int player) {
        return table.stream().filter(s -> s.player() == player).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no player " + player));
    }

    public double points(int player) {
        return points[player];
    }

    public Scoring scoring() {
        return scoring;
    }

    public List<TieBreak> order() {
        return order;
    }

    private List<Standing> rank() {
        Map<Integer, Map<TieBreak, Double>> figures = new HashMap<>();
        for (int p = 1; p <= players; p++) {
            figures.put(p, new EnumMap<>(TieBreak.class));
        }
        List<List<Integer>> groups = split(List.of(allPlayers()), p -> points[p]);
        for (TieBreak tb : order) {
            List<List<Integer>> next = new ArrayList<>();
            for (List<Integer> group : groups) {
                // Every figure is shown for every player except direct encounter, which means
                // something only inside a group of players level on everything before it.
                if (tb != TieBreak.DIRECT_ENCOUNTER) {
                    group.forEach(p -> figures.get(p).put(tb, figure(tb, p, group)));
                } else if (group.size() > 1) {
                    if (haveAllMet(group)) {
                        group.forEach(p -> figures.get(p).put(tb, figure(tb, p, group)));
                    }
                }
                if (group.size() > 1) {
                    next.addAll(split(group, p -> figures.get(p).getOrDefault(tb, 0.0)));
                } else {
                    next.add(group);
                }
            }
            groups = next;
        }
        List<Standing> out = new ArrayList<>();
        int place = 1;
        for (List<Integer> group : groups) {
            for (int p : group) {
                out.add(new Standing(p, points[p], figures.get(p), place, place + group.size() - 1));
            }
            place += group.size();
        }
        return List.copyOf(out);
    }

    private Integer[] allPlayers() {
        Integer[] all = new Integer[players];
        for (int p = 1; p <= players; p++) {
            all[p - 1] = p;
        }
        return all;
    }

    /** Splits a group into runs of equal figure, highest first, each run in pairing-number order. */
    private static List<List<Integer>> split(List<Integer> group, java.util.function.ToDoubleFunction<Integer> figure) {
        List<Integer> sorted = new ArrayList<>(group);
        sorted.sort(Comparator.comparingDouble(figure).reversed().thenComparing(Comparator.naturalOrder()));
        List<List<Integer>> runs = new ArrayList<>();
        List<Integer> run = new ArrayList<>();
        for (int p : sorted) {
            if (!run.isEmpty() && figure.applyAsDouble(run.get(0)) != figure.applyAsDouble(p)) {
                runs.add(List.copyOf(run));
                run.clear();
            }
            run.add(p);
        }
        if (!run.isEmpty()) {
            runs.add(List.copyOf(run));
        }
        return runs;
    }

    private double figure(TieBreak tb, int player, List<Integer> group) {
        return switch (tb) {
            case SONNEBORN_BERGER -> decidedGamesOf(player).stream()
                    .mapToDouble(r -> r.shareOf(player) * points[r.opponentOf(player)]).sum();
            case WINS -> decidedGamesOf(player).stream().filter(r -> r.isWonBy(player)).count();
            case DIRECT_ENCOUNTER -> decidedGamesOf(player).stream()
                    .filter(r -> group.contains(r.opponentOf(player)))
                    .mapToDouble(r -> scoring.points(r.shareOf(player))).sum();
            case KOYA -> decidedGamesOf(player).stream()
                    .filter(r -> scoredHalfOrMore(r.opponentOf(player)))
                    .mapToDouble(r -> scoring.points(r.shareOf(player))).sum();
        };
    }

    private List<GameResult> decidedGamesOf(int player) {
        return decided.get(player);
    }

    /** Half the points the player could score from their games that count (all but the annulled). */
    private boolean scoredHalfOrMore(int player) {
        return points[player] * 2 >= counted[player] * scoring.win();
    }

    private boolean haveAllMet(List<Integer> group) {
        Set<String> met = new TreeSet<>();
        for (GameResult r : results) {
            if (r.outcome().isDecided()) {
                int a = Math.min(r.pairing().white(), r.pairing().black());
                int b = Math.max(r.pairing().white(), r.pairing().black());
                met.add(a + "-" + b);
            }
        }
        for (int i = 0; i < group.size(); i++) {
            for (int j = i + 1; j < group.size(); j++) {
                int a = Math.min(group.get(i), group.get(j));
                int b = Math.max(group.get(i), group.get(j));
                if (!met.contains(a + "-" + b)) {
                    return false;
                }
            }
        }
        return true;
    }
}
