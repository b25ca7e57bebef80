package org.epistle.web.pages;

import org.epistle.core.games.GameView;
import org.epistle.core.games.archive.PgnExport;
import org.epistle.core.games.archive.PgnWriter;

/**
 * A game's record as PGN for the pages: what {@link PgnExport} makes of it, with the page's sentence for how
 * the game ended as the closing comment. Any PGN reader takes it; {@code epistle replay} and
 * {@code epistle import} read it back.
 */
final class PgnRecord {

    private PgnRecord() {
    }

    static String of(GameView v, String site) {
        return of(v, site, "Epistle game " + v.id(), "-");
    }

    /** The record with the Event and Round tags of the tournament the game belongs to. */
    static String of(GameView v, String site, String event, String round) {
        return PgnWriter.write(PgnExport.of(v, site, event, round, GameModel.ending(v)));
    }
}
