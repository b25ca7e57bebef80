package org.epistle.core.games.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * The square table of a round robin: a row per player in pairing-number order, a cell per opponent
 * holding the row player's marks against them in round order (two in a double round robin), then
 * points, tie-breaks and place. Marks: 1 ½ 0 for played games, + and − for forfeits, * for a game
 * still going, × for an annulled one.
 */
public record Crosstable(List<String> names, List<Row> rows, List<TieBreak> tieBreaks) {

    public record Row(int number, String name, List<Cell> cells, String points, List<String> tieBreaks,
                      String place) {
    }

    /** The row player's games against one opponent; {@code self} on the diagonal. */
    public record Cell(int opponent, boolean self, List<Mark> marks) {
        public String text() {
            if (self) {
                return "■";
            }
            return String.join("", marks.stream().map(Mark::symbol).toList());
        }
    }

    /** One game seen from one side, with its game id (0 when unknown) for links. */
    public record Mark(String symbol, long gameId, boolean unfinished) {
    }

    /**
     * @param names   the players' names by pairing number (index 0 is player 1)
     * @param gameIds the game id of each result, in the order of {@code results}; may be empty
     */
    public static Crosstable of(List<String> names, List<GameResult> results, List<Long> gameIds, Standings standings) {
        int n = names.size();
        // the games of each pair, in round order, found in one pass
        List<List<List<Integer>>> between = new ArrayList<>();
        for (int p = 0; p <= n; p++) {
            List<List<Integer>> row = new ArrayList<>();
            for (int q = 0; q <= n; q++) {
                row.add(new ArrayList<>());
            }
            between.add(row);
        }
        for (int i = 0; i < results.size(); i++) {
            GameResult r = results.get(i);
            between.get(r.pairing().white()).get(r.pairing().black()).add(i);
            between.get(r.pairing().black()).get(r.pairing().white()).add(i);
        }
        List<Row> rows = new ArrayList<>();
        for (int p = 1; p <= n; p++) {
            List<Cell> cells = new ArrayList<>();
            for (int q = 1; q <= n; q++) {
                List<Mark> marks = new ArrayList<>();
                List<Integer> games = new ArrayList<>(between.get(p).get(q));
                games.sort(java.util.Comparator.comparingInt((Integer i) -> results.get(i).round()).thenComparing(i -> i));
                for (int i : games) {
                    GameResult r = results.get(i);
                    marks.add(new Mark(symbol(r, p), gameIds.isEmpty() ? 0 : gameIds.get(i),
                            r.outcome() == Outcome.UNFINISHED));
                }
                cells.add(new Cell(q, p == q, marks));
            }
            Standing s = standings.of(p);
            List<String> tb = standings.order().stream()
                    .map(t -> s.tieBreak(t).isPresent() ? Figures.format(s.tieBreak(t).getAsDouble()) : "")
                    .toList();
            rows.add(new Row(p, names.get(p - 1), cells, Figures.format(s.points()), tb, s.placeLabel()));
        }
        return new Crosstable(List.copyOf(names), List.copyOf(rows), standings.order());
    }

    static String symbol(GameResult r, int player) {
        return switch (r.outcome()) {
            case UNFINISHED -> "*";
            case ANNULLED -> "×";
            case WHITE_WINS_BY_FORFEIT, BLACK_WINS_BY_FORFEIT -> r.shareOf(player) == 1 ? "+" : "−";
            default -> {
                double share = r.shareOf(player);
                yield share == 1 ? "1" : share == 0 ? "0" : "½";
            }
        };
    }

    /** The table in fixed-width plain text, for mails and {@code epistle tournament show}. */
    public List<String> text() {
        int nameWidth = Math.max(6, names.stream().mapToInt(String::length).max().orElse(0));
        int cellWidth = Math.max(2, rows.stream().flatMap(r -> r.cells().stream())
                .mapToInt(c -> c.text().length()).max().orElse(1));
        List<String> lines = new ArrayList<>();
        StringBuilder head = new StringBuilder(String.format("%3s  %-" + nameWidth + "s", "#", "Player"));
        for (int q = 1; q <= rows.size(); q++) {
            head.append(String.format("  %" + cellWidth + "s", q));
        }
        head.append(String.format("  %5s", "Pts"));
        for (TieBreak t : tieBreaks) {
            head.append(String.format(" %6s", t.code()));
        }
        head.append("  Place");
        lines.add(head.toString());
        for (Row r : rows) {
            StringBuilder line = new StringBuilder(String.format("%3d  %-" + nameWidth + "s", r.number(), r.name()));
            for (Cell c : r.cells()) {
                line.append(String.format("  %" + cellWidth + "s", c.text()));
            }
            line.append(String.format("  %5s", r.points()));
            for (String f : r.tieBreaks()) {
                line.append(String.format(" %6s", f));
            }
            line.append("  ").append(r.place());
            lines.add(line.toString().stripTrailing());
        }
        return List.copyOf(lines);
    }
}
