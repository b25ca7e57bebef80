package org.epistle.core.games.desk;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One of a player's games as their desk lists it.
 *
 * @param yourMove  whether the player is to move
 * @param due       when the side to move should have played, if the game has a deadline
 * @param timeLeft  the time left to the side to move, in words ("2 days 5 hours", "overdue"), or "" with no deadline
 * @param playUrl   the player's own page of the game (secret: it carries the seat's token)
 * @param line      the player's conditional line, one pair a line; empty when none is queued
 */
public record DeskGame(long gameId, String variantName, String side, String opponentName, int turnNumber,
                       boolean yourMove, Optional<Instant> due, String timeLeft, String playUrl, String gameUrl,
                       List<String> line) {

    public DeskGame {
        line = List.copyOf(line);
    }

    /** Most urgent first: the player's moves before the opponents', then the least time left, then the oldest game. */
    public static final Comparator<DeskGame> URGENCY = Comparator.comparing((DeskGame g) -> !g.yourMove())
            .thenComparing(g -> g.due().orElse(Instant.MAX))
            .thenComparingLong(DeskGame::gameId);

    private static final java.time.format.DateTimeFormatter MOMENT =
            java.time.format.DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm 'UTC'", java.util.Locale.ENGLISH);

    /** The game as the desk's templates (the mail and the page) read it. */
    public java.util.Map<String, Object> model() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("gameId", gameId);
        m.put("variantName", variantName);
        m.put("side", side);
        m.put("opponentName", opponentName);
        m.put("turnNumber", turnNumber);
        m.put("yourMove", yourMove);
        m.put("whoseMove", whoseMove());
        m.put("timeLeft", timeLeft);
        m.put("deadline", due.map(d -> MOMENT.format(d.atOffset(java.time.ZoneOffset.UTC))).orElse(""));
        m.put("playUrl", playUrl);
        m.put("gameUrl", gameUrl);
        m.put("line", line);
        return m;
    }

    /** Whose move it is, in the reader's words. */
    public String whoseMove() {
        return yourMove ? "your move" : opponentName + " to move";
    }
}
