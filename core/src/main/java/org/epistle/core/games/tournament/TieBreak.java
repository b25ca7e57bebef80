package org.epistle.core.games.tournament;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tie-breaks a round robin may use, in the FIDE round-robin definitions. Each separates players
 * level on points; the tournament lists them in the order it applies them.
 */
public enum TieBreak {
    /** Sonneborn-Berger: the scores of the opponents one beat, plus half the scores of those one drew with. */
    SONNEBORN_BERGER("SB", "Sonneborn-Berger"),
    /** Baumbach: the number of wins, a win by forfeit included. */
    WINS("Wins", "number of wins"),
    /** Direct encounter: points in the games among the tied players, when they have all met. */
    DIRECT_ENCOUNTER("DE", "head to head"),
    /** Koya: points against the opponents who scored half the possible points or more. */
    KOYA("Koya", "Koya");

    private final String code;
    private final String title;

    TieBreak(String code, String title) {
        this.code = code;
        this.title = title;
    }

    /** The column heading. */
    public String code() {
        return code;
    }

    public String title() {
        return title;
    }

    /** Reads one tie-break by code or name: "SB", "sonneborn-berger", "wins", "baumbach", "de", "head-to-head", "koya". */
    public static TieBreak parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        return switch (t) {
            case "sb", "sonneborn-berger", "neustadtl" -> SONNEBORN_BERGER;
            case "wins", "win", "baumbach", "number-of-wins" -> WINS;
            case "de", "direct-encounter", "head-to-head" -> DIRECT_ENCOUNTER;
            case "koya", "ks" -> KOYA;
            default -> throw new IllegalArgumentException("unknown tie-break '" + text
                    + "': use SB, wins, DE or Koya");
        };
    }

    /** Reads an order such as "SB,DE,wins"; each at most once. */
    public static List<TieBreak> parseOrder(String text) {
        List<TieBreak> order = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return order;
        }
        for (String part : text.split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            TieBreak tb = parse(part);
            if (order.contains(tb)) {
                throw new IllegalArgumentException("tie-break " + tb.code() + " is listed twice");
            }
            order.add(tb);
        }
        return List.copyOf(order);
    }

    public static String codes(List<TieBreak> order) {
        return String.join(",", order.stream().map(TieBreak::code).toList());
    }
}
