package org.epistle.web.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Square;

/**
 * The squares each game's last turn moved on (found by replaying it), remembered for the games shown recently
 * and known again only once another turn is played. (The front page's line of the last turn comes with the list,
 * from the database.)
 */
final class LastTurns {
    private static final int REMEMBERED = 1024;

    private record Known(int turns, String notation, List<Square> squares) {
    }

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
}
