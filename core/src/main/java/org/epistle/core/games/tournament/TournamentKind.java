package org.epistle.core.games.tournament;

import java.util.Locale;

/** The forms a tournament takes, and how many players each is for. */
public enum TournamentKind {
    ROUND_ROBIN("round robin", BergerTable.MIN_PLAYERS, BergerTable.MAX_PLAYERS),
    DOUBLE_ROUND_ROBIN("double round robin", BergerTable.MIN_PLAYERS, BergerTable.MAX_PLAYERS),
    KNOCKOUT("knockout", KnockoutBracket.MIN_PLAYERS, KnockoutBracket.MAX_PLAYERS);

    private final String label;
    private final int minPlayers;
    private final int maxPlayers;

    TournamentKind(String label, int minPlayers, int maxPlayers) {
        this.label = label;
        this.minPlayers = minPlayers;
        this.maxPlayers = maxPlayers;
    }

    public String label() {
        return label;
    }

    public int minPlayers() {
        return minPlayers;
    }

    public int maxPlayers() {
        return maxPlayers;
    }

    public boolean isRoundRobin() {
        return this != KNOCKOUT;
    }

    /** The Berger table of a round robin of this many players. */
    public BergerTable table(int players) {
        return switch (this) {
            case ROUND_ROBIN -> BergerTable.single(players);
            case DOUBLE_ROUND_ROBIN -> BergerTable.doubled(players);
            case KNOCKOUT -> throw new IllegalStateException("a knockout has no Berger table");
        };
    }

    /** Reads "round-robin", "double round robin", "knockout". */
    public static TournamentKind parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", " ");
        for (TournamentKind k : values()) {
            if (k.label.equals(t) || k.name().toLowerCase(Locale.ROOT).replace('_', ' ').equals(t)) {
                return k;
            }
        }
        if (t.equals("double")) {
            return DOUBLE_ROUND_ROBIN;
        }
        throw new IllegalArgumentException("unknown kind of tournament '" + text
                + "': use round-robin, double-round-robin or knockout");
    }
}
