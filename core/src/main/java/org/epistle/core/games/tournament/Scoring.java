package org.epistle.core.games.tournament;

import java.util.Locale;

/** Points for a win, a draw and a loss; a forfeit win scores as a win. */
public enum Scoring {
    /** The chess scoring: 1, ½, 0. */
    CLASSICAL("1/½/0", 1, 0.5),
    /** Three points for a win, one for a draw: rewards playing for a win. */
    THREE_ONE_ZERO("3/1/0", 3, 1);

    private final String label;
    private final double win;
    private final double draw;

    Scoring(String label, double win, double draw) {
        this.label = label;
        this.draw = draw;
        this.win = win;
    }

    public String label() {
        return label;
    }

    public double win() {
        return win;
    }

    /** Points for taking this share of a game (1, ½ or 0). */
    public double points(double share) {
        return share == 1 ? win : share == 0.5 ? draw : 0;
    }

    /** Reads "1/½/0", "1/0.5/0", "classical", "3/1/0". */
    public static Scoring parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("0.5", "½").replace("1/2", "½");
        for (Scoring s : values()) {
            if (s.label.equals(t) || s.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(t)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown scoring '" + text + "': use 1/½/0 or 3/1/0");
    }
}
