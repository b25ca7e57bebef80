package org.epistle.core.games.archive;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;

/**
 * A stored game as a {@link PgnGame}: the Seven Tag Roster, then {@code Variant}, {@code WhiteArmy} and
 * {@code BlackArmy} for anything but FIDE chess with the FIDE army (what {@code epistle replay} and the importer
 * read), {@code SetUp}/{@code FEN} when the game began elsewhere than the variant's array, {@code TimeControl}
 * in the standard's seconds, and {@code Termination} in the standard's words. The turns are in the game's own
 * notation, which for FIDE chess is strict SAN.
 */
public final class PgnExport {
    /** The key of FIDE chess and of its army: a game of both needs no variant tags, and strict readers want none. */
    public static final String CHESS = "chess";
    public static final String FIDE_ARMY = "fabulous-fides";

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);

    private PgnExport() {
    }

    /**
     * @param ending the sentence saying how the game ended, for the closing comment; blank while it goes on
     */
    public static PgnGame of(GameView v, String site, String event, String round, String ending) {
        boolean over = v.state() != GameState.ACTIVE;
        String result = v.state() == GameState.FINISHED ? v.result().orElse("*") : "*";
        Map<String, String> tags = PgnGame.roster();
        tags.put("Event", event);
        tags.put("Site", site);
        tags.put("Date", DATE.format(v.createdAt()));
        tags.put("Round", round);
        tags.put("White", v.white().name());
        tags.put("Black", v.black().name());
        tags.put("Result", result);
        if (!isFideChess(v.variant().key(), v.whiteArmy().key(), v.blackArmy().key())) {
            tags.put("Variant", v.variant().key());
            tags.put("WhiteArmy", v.whiteArmy().key());
            tags.put("BlackArmy", v.blackArmy().key());
        }
        v.startFen().ifPresent(fen -> {
            tags.put("SetUp", "1");
            tags.put("FEN", fen);
        });
        tags.put("TimeControl", PgnTimeControl.write(v.timeControl()));
        tags.put("Termination", PgnTermination.of(over, v.termination()).word());
        List<PgnGame.Turn> turns = new ArrayList<>();
        for (TurnRecord t : v.turns()) {
            turns.add(new PgnGame.Turn(t.turnNumber(), t.side(), t.notation()));
        }
        return new PgnGame(tags, turns, result, ending == null || ending.isBlank() ? Optional.empty() : Optional.of(ending));
    }

    public static boolean isFideChess(String variant, String whiteArmy, String blackArmy) {
        return CHESS.equals(variant) && FIDE_ARMY.equals(whiteArmy) && FIDE_ARMY.equals(blackArmy);
    }
}
