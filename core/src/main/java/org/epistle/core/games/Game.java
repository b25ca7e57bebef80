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

    /**
     * A game to be shown, not played on: its last turn judged again on the position before it, read from the FEN
     * stored with the turn before, instead of replaying every turn with the referee, which was most of what a game page
     * allocated. That gives all a page shows (pieces, side to move, pieces in motion, energy, what the last move's
     * physics did, the last turn's moves) but not the position history repetitions are judged by: such a game is never
     * kept for a command. Empty, for the caller to replay instead, when a stored FEN cannot be read, the judged turn
     * does not lead to the position the row keeps, or the variant draws at random (its seed is in no FEN).
     */
    static Optional<Game> shown(Handle h, GameRow row, KnownPlayers players, Replayer replayer) {
        Optional<Variant> variant = VariantCatalog.find(row.variant());
        Optional<Army> white = Armies.byKey(row.whiteArmy());
        Optional<Army> black = Armies.byKey(row.blackArmy());
        if (row.fen() == null || variant.isEmpty() || white.isEmpty() || black.isEmpty()
                // a rule that draws at random keeps its secret seed in the position, never in a FEN: only a replay has it
                || variant.get().physics(org.epistle.core.rules.physics.Seeded.class).isPresent()) {
            return Optional.empty();
        }
        Ruleset rules = Ruleset.of(variant.get(), white.get(), black.get());
        Optional<String> startFen = Optional.ofNullable(row.startFen());
        List<TurnRecord> turns = Tables.attach(h, TurnTable.class).of(row.id());
        Position position;
        List<Move> lastMoves;
        try {
            if (turns.isEmpty()) {
                position = replayer.start(row.id(), rules, startFen);
                lastMoves = List.of();
            } else {
                Position before = turns.size() == 1 ? replayer.start(row.id(), rules, startFen)
                        : org.epistle.core.rules.position.Fen.read(rules, turns.get(turns.size() - 2).fenAfter());
                if (!(org.epistle.core.rules.judge.Referee.judge(before, turns.get(turns.size() - 1).notation())
                        instanceof Verdict.Accepted last)) {
                    return Optional.empty();
                }
                position = last.position();
                lastMoves = last.moves();
            }
        } catch (org.epistle.core.rules.position.FenException | IllegalStateException e) {
            return Optional.empty();
        }
        if (!org.epistle.core.rules.position.Fen.write(position).equals(row.fen())) {
            return Optional.empty(); // not the position the game is in: replayed instead
        }
        return Optional.of(new Game(row, players.get(h, row.whitePlayer()), players.get(h, row.blackPlayer()), variant.get(),
                white.get(), black.get(), position, lastMoves, turns, startFen));
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
