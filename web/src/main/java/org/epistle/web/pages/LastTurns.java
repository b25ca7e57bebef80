package org.epistle.web.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Square;

/**
 * What pages show of each game's last turn, remembered for the games shown recently: the squares it
 * moved on (found by replaying it) and its line in the record (which the front page would otherwise
 * load the whole game for). Both are known again only once another turn is played.
 */
final class LastTurns {
    private static final int REMEMBERED = 1024;

    private record Known(int turns, String notation, List<Square> squares) {
    }

    private record Line(int turns, String line) {
    }

    private final Map<Long, Line> lines = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Line> eldest) {
            return size() > REMEMBERED;
        }
    };

    private final Map<Long, Known> known = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Known> eldest) {
            return size() > REMEMBERED;
        }
    };

    List<Square> squares(GameView v) {
        if (v.turns().isEmpty()) {
            return List.of();
        }
        TurnRecord last = v.turns().get(v.turns().size() - 1);
        synchronized (known) {
            Known k = known.get(v.id());
            if (k != null && k.turns() == v.turns().size() && k.notation().equals(last.notation())) {
                return k.squares();
            }
        }
        List<Square> squares = List.copyOf(GameModel.lastMoved(v));
        synchronized (known) {
            known.put(v.id(), new Known(v.turns().size(), last.notation(), squares));
        }
        return squares;
    }

    /** The last turn's line ({@code 12... Nc6}) of a game in the list, "" before the first turn. */
    String line(GameService games, GameSummary g) {
        if (g.turnsPlayed() == 0) {
            return "";
        }
        synchronized (lines) {
            Line l = lines.get(g.id());
            if (l != null && l.turns() == g.turnsPlayed()) {
                return l.line();
            }
        }
        Optional<GameView> v = games.find(g.id());
        if (v.isEmpty() || v.get().turns().isEmpty()) {
            return "";
        }
        List<TurnRecord> turns = v.get().turns();
        String line = turns.get(turns.size() - 1).line();
        synchronized (lines) {
            lines.put(g.id(), new Line(turns.size(), line));
        }
        return line;
    }
}
