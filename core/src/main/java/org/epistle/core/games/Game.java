package org.epistle.core.games;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.jdbi.v3.core.Handle;

/** A stored game brought to life: its row, its players, and the position its turns lead to. */
record Game(GameRow row, Player white, Player black, Variant variant, Army whiteArmy, Army blackArmy,
            Position position, List<Move> lastMoves, List<TurnRecord> turns, Optional<String> startFen) {

    Game {
        lastMoves = List.copyOf(lastMoves);
        turns = List.copyOf(turns);
    }

    /** Reads a game and replays its turns (the replayer remembers positions it has seen). */
    static Optional<Game> load(Handle h, long id, Replayer replayer) {
        return Tables.attach(h, GameTable.class).byId(id).map(row -> load(h, row, replayer));
    }

    /** Reads the rest of a game whose row is read already. */
    static Game load(Handle h, GameRow row, Replayer replayer) {
        return load(h, row, replayer, new KnownPlayers());
    }

    /** Reads the rest of a game whose row is read already, its players from those known to this process. */
    static Game load(Handle h, GameRow row, Replayer replayer, KnownPlayers players) {
        long id = row.id();
        Variant variant = VariantCatalog.find(row.variant()).orElseThrow(() ->
                new IllegalStateException("game " + id + " is of variant " + row.variant() + ", which this server no longer knows"));
        Army white = army(row.whiteArmy(), id);
        Army black = army(row.blackArmy(), id);
        List<TurnRecord> turns = Tables.attach(h, TurnTable.class).of(id);
        Optional<String> startFen = Optional.ofNullable(row.startFen()); // read with the row
        Replayer.Replayed replayed = replayer.replay(id, Ruleset.of(variant, white, black), turns, startFen);
        return new Game(row, players.get(h, row.whitePlayer()), players.get(h, row.blackPlayer()), variant, white, black,
                replayed.position(), replayed.lastMoves(), turns, startFen);
    }

    private static Army army(String key, long id) {
        return Armies.byKey(key).orElseThrow(() ->
                new IllegalStateException("game " + id + " uses the army " + key + ", which this server no longer knows"));
    }

    long id() {
        return row.id();
    }

    Player player(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /** The same game with a changed row (a resignation, a draw offer) and the same position. */
    Game with(GameRow next) {
        return new Game(next, white, black, variant, whiteArmy, blackArmy, position, lastMoves, turns, startFen);
    }

    /** The game after an accepted turn. */
    Game after(GameRow next, Verdict.Accepted turn, TurnRecord record) {
        List<TurnRecord> all = new ArrayList<>(turns);
        all.add(record);
        return new Game(next, white, black, variant, whiteArmy, blackArmy, turn.position(), turn.moves(), all, startFen);
    }

    GameView view() {
        return new GameView(row.id(), variant, whiteArmy, blackArmy, white, black, row.state(),
                Optional.ofNullable(row.result()), Optional.ofNullable(row.termination()), Optional.ofNullable(row.drawOfferedBy()),
                position, turns, row.createdAt(), row.updatedAt(), Optional.ofNullable(row.endReason()), startFen,
                row.control());
    }
}
