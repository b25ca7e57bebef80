package org.epistle.core.rules.position;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.TurnLog;

/**
 * Everything the rules need to know about a game at one moment, as an immutable value: the
 * pieces, whose turn it is and how many moves of that turn are played, castling rights, every
 * live en-passant chance, the move clock, the positions seen before (for repetition), the
 * outcome once the game is over, and the physics state some variants add ({@link Physics}).
 */
public final class Position {
    private static final long[][] ZOBRIST = new long[128][256];
    private static final long[] ZOBRIST_SIDE = new long[2];
    private static final long[] ZOBRIST_CASTLING = new long[16];

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_E915_71E5L);
        for (long[] row : ZOBRIST) {
            for (int i = 0; i < row.length; i++) row[i] = random.nextLong();
        }
        for (int i = 0; i < 2; i++) ZOBRIST_SIDE[i] = random.nextLong();
        for (int i = 0; i < 16; i++) ZOBRIST_CASTLING[i] = random.nextLong();
    }

    private final Ruleset rules;
    private final int[] cells;
    private final Side sideToMove;
    private final int castlingRights;
    private final int[][] enPassant;
    private final int halfmoveClock;
    private final int turnNumber;
    private final int movesPlayed;
    private final History history;
    private final Outcome outcome;
    private final Physics physics;
    private final TurnLog turnLog;

    private Position(Ruleset rules, int[] cells, Side sideToMove, int castlingRights, int[][] enPassant,
                     int halfmoveClock, int turnNumber, int movesPlayed, History history, Outcome outcome) {
        this(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed, history, outcome,
                Physics.NONE, TurnLog.START);
    }

    private Position(Ruleset rules, int[] cells, Side sideToMove, int castlingRights, int[][] enPassant,
                     int halfmoveClock, int turnNumber, int movesPlayed, History history, Outcome outcome, Physics physics,
                     TurnLog turnLog) {
        this.rules = rules;
        this.cells = cells;
        this.sideToMove = sideToMove;
        this.castlingRights = castlingRights;
        this.enPassant = enPassant;
        this.halfmoveClock = halfmoveClock;
        this.turnNumber = turnNumber;
        this.movesPlayed = movesPlayed;
        this.history = history;
        this.outcome = outcome;
        this.physics = physics;
        this.turnLog = turnLog;
    }

    /** The starting array of the ruleset, White to move, every castling right. */
    public static Position start(Ruleset rules) {
        var setup = rules.variant().physics(org.epistle.core.rules.variant.Setup.class);
        if (setup.isPresent()) {
            return Fen.read(rules, setup.get().fen());
        }
        int rights = (1 << rules.castlings().size()) - 1;
        return of(rules, rules.startingCells(), Side.WHITE, rights, new int[0][], 0, 1);
    }

    static Position of(Ruleset rules, int[] cells, Side toMove, int rights, int[][] ep, int halfmove, int turn) {
        Position p = new Position(rules, cells.clone(), toMove, rights, ep, halfmove, turn, 0, null, null);
        return p.withHistory(History.EMPTY.add(p.repetitionKey()));
    }

    private Position withHistory(History h) {
        return new Position(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed, h,
                outcome, physics, turnLog);
    }

    /** Pieces in motion, travellers and energy: empty unless a physics variant put something there. */
    public Physics physics() {
        return physics;
    }

    public Position withPhysics(Physics p) {
        return new Position(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed,
                history, outcome, p, turnLog);
    }

    /** The same position remembering another turn log (a FEN that carries one). */
    Position withTurnLog(TurnLog log) {
        return new Position(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed, history,
                outcome, physics, log);
    }

    /** What the turn schedules and turn rules remember of the turns played so far. */
    public TurnLog turnLog() {
        return turnLog;
    }

    /** Moves the side to move is entitled to in this turn, by the variant's schedule. */
    public int movesThisTurn() {
        return rules.variant().schedule().moves(turnNumber, sideToMove, turnLog);
    }

    public Ruleset rules() {
        return rules;
    }

    public Geometry geometry() {
        return rules.geometry();
    }

    public Side sideToMove() {
        return sideToMove;
    }

    public int turnNumber() {
        return turnNumber;
    }

    /** Moves of the current turn already played. */
    public int movesPlayed() {
        return movesPlayed;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int castlingRights() {
        return castlingRights;
    }

    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    public boolean isOver() {
        return outcome != null;
    }

    public Optional<Piece> pieceAt(Square square) {
        return Optional.ofNullable(piece(geometry().index(square)));
    }

    /** The piece on a square index, or null. */
    public Piece piece(int square) {
        int c = cells[square];
        return c == 0 ? null : new Piece(rules.pieceOf(c), Ruleset.sideOf(c));
    }

    public int code(int square) {
        return cells[square];
    }

    /** Live en-passant chances as {target, pawn, taker} square/side triples. */
    public int[][] enPassant() {
        int[][] copy = new int[enPassant.length][];
        for (int i = 0; i < enPassant.length; i++) copy[i] = enPassant[i].clone();
        return copy;
    }

    public Workboard workboard() {
        return new Workboard(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock);
    }

    /** The moves the side to move may play: in a variant without check, also those that expose the king. */
    public List<Move> legalMoves() {
        Workboard b = workboard();
        int[] out = new int[MoveGenerator.MAX_MOVES];
        int n = rules.variant().checkPolicy().guardsTheKing() ? MoveGenerator.legal(b, out) : MoveGenerator.pseudoLegal(b, out);
        List<Move> moves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) moves.add(Move.of(out[i], rules));
        return moves;
    }

    public boolean isCheck() {
        return isCheck(sideToMove);
    }

    /** Whether the side's king is attacked; never in a variant without check. */
    public boolean isCheck(Side side) {
        Optional<TurnRule> own = rules.variant().physics(TurnRule.class);
        if (own.isPresent()) {
            return own.get().isCheck(this, side);
        }
        return rules.variant().checkPolicy().guardsTheKing() && workboard().inCheck(side);
    }

    public Optional<Square> kingSquare(Side side) {
        for (int sq = 0; sq < cells.length; sq++) {
            if (cells[sq] == rules.kingCode(side)) return Optional.of(geometry().square(sq));
        }
        return Optional.empty();
    }

    /** Plays one move of the side to move, who may then move again in the same turn. */
    public Position play(Move move) {
        Workboard b = workboard();
        b.make(move.packed(), false);
        return new Position(rules, b.cells(), sideToMove, b.castlingRights(), b.enPassant(), b.halfmoveClock(),
                turnNumber, movesPlayed + 1, history, null, physics, turnLog);
    }

    /**
     * Plays several moves of the side to move at once, each from the board as it stands now: a
     * Realm Chess concentration, dispersal or rearrangement ({@link Workboard#makeTogether}).
     */
    public Position playTogether(int[] moves, boolean restartsClock) {
        Workboard b = workboard();
        b.makeTogether(moves, restartsClock);
        return new Position(rules, b.cells(), sideToMove, b.castlingRights(), b.enPassant(), b.halfmoveClock(),
                turnNumber, movesPlayed + 1, history, null, physics, turnLog);
    }

    /**
     * Closes the turn: the opponent is to move, the en-passant chances the mover did not take are
     * gone, and the position joins the history for repetition.
     */
    public Position endTurn() {
        return endTurn(turnLog);
    }

    /** Closes the turn as {@link #endTurn()} does, remembering what the multi-move rules need of it. */
    public Position endTurn(TurnLog log) {
        List<int[]> kept = new ArrayList<>();
        for (int[] e : enPassant) {
            if (e[2] != sideToMove.ordinal()) kept.add(e);
        }
        int turn = turnNumber + (sideToMove == Side.BLACK ? 1 : 0);
        Position p = new Position(rules, cells, sideToMove.opponent(), castlingRights, kept.toArray(new int[0][]),
                halfmoveClock, turn, 0, history, null, physics, log);
        return p.withHistory(history.add(p.repetitionKey()));
    }

    /**
     * Hands the move to {@code side} in the middle of a turn without ending it: Quest-Chess's opponent
     * answers a capture or a check at once, inside the mover's turn. The turn number, the moves played
     * and the repetition history stay as they are (no turn starts here), and so do the en-passant chances.
     */
    public Position handedTo(Side side) {
        return new Position(rules, cells, side, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed, history,
                outcome, physics, turnLog);
    }

    /**
     * The same position keeping only the en-passant chance against the pawn on {@code pawnSquare} (none
     * for -1): for a variant in which a chance lasts for the very next move only.
     */
    public Position keepingEnPassantOf(int pawnSquare) {
        List<int[]> kept = new ArrayList<>();
        for (int[] e : enPassant) {
            if (e[1] == pawnSquare) kept.add(e);
        }
        return new Position(rules, cells, sideToMove, castlingRights, kept.toArray(new int[0][]), halfmoveClock, turnNumber,
                movesPlayed, history, outcome, physics, turnLog);
    }

    /**
     * The same moment of the game with the pieces rearranged by something other than a move (a
     * magnetic field, a transformation): the castling rights given, and only the en-passant
     * chances whose pawn still stands where it was, when they are kept at all.
     */
    public Position rearranged(int[] newCells, int rights, boolean keepEnPassant) {
        if (newCells.length != cells.length) {
            throw new IllegalArgumentException("a board of " + cells.length + " squares, not " + newCells.length);
        }
        List<int[]> kept = new ArrayList<>();
        for (int[] e : enPassant) {
            if (keepEnPassant && newCells[e[1]] == cells[e[1]]) kept.add(e);
        }
        return new Position(rules, newCells.clone(), sideToMove, rights, kept.toArray(new int[0][]), halfmoveClock, turnNumber,
                movesPlayed, history, outcome, physics, turnLog);
    }

    /**
     * The same moment of the game with the pieces at rest, castling rights, en-passant chances and
     * move clock given whole: for a rule that plays a turn on its own model of the board (Lene Hau
     * Chess, whose squares may hold several pieces) and then hands the result back.
     */
    public Position resettled(int[] newCells, int rights, int[][] chances, int clock) {
        if (newCells.length != cells.length) {
            throw new IllegalArgumentException("a board of " + cells.length + " squares, not " + newCells.length);
        }
        int[][] copy = new int[chances.length][];
        for (int i = 0; i < chances.length; i++) copy[i] = chances[i].clone();
        return new Position(rules, newCells.clone(), sideToMove, rights, copy, clock, turnNumber, movesPlayed, history, outcome,
                physics, turnLog);
    }

    public Position withOutcome(Outcome o) {
        return new Position(rules, cells, sideToMove, castlingRights, enPassant, halfmoveClock, turnNumber, movesPlayed, history, o,
                physics, turnLog);
    }

    /** How often this position (pieces, side, rights, en passant) has stood at a turn's start. */
    public int repetitions() {
        return history.count(repetitionKey());
    }

    long repetitionKey() {
        long k = ZOBRIST_SIDE[sideToMove.ordinal()] ^ ZOBRIST_CASTLING[castlingRights & 15];
        for (int sq = 0; sq < cells.length; sq++) {
            if (cells[sq] != 0) k ^= ZOBRIST[cells[sq] & 127][sq & 255];
        }
        for (int[] ep : liveEnPassant()) {
            k ^= ZOBRIST[127][ep[0] & 255];
        }
        return physics.isEmpty() ? k : k ^ (physics.hashCode() * 0x9E3779B97F4A7C15L);
    }

    /** En-passant chances that could really be taken now, which is what counts for repetition. */
    private List<int[]> liveEnPassant() {
        List<int[]> live = new ArrayList<>();
        if (enPassant.length == 0) return live;
        for (Move m : legalMoves()) {
            if (m.kind() == Move.Kind.EN_PASSANT) live.add(new int[] {geometry().index(m.to())});
        }
        return live;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && p.rules == rules && Arrays.equals(p.cells, cells) && p.sideToMove == sideToMove
                && p.castlingRights == castlingRights && Arrays.deepEquals(p.enPassant, enPassant)
                && p.halfmoveClock == halfmoveClock && p.turnNumber == turnNumber && p.movesPlayed == movesPlayed
                && p.physics.equals(physics);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(repetitionKey()) * 31 + turnNumber;
    }

    @Override
    public String toString() {
        return Fen.write(this);
    }

    /** The keys of positions seen at turn starts, newest first, shared between positions. */
    record History(long key, History previous) {
        static final History EMPTY = new History(0, null);

        History add(long k) {
            return new History(k, this);
        }

        int count(long k) {
            int n = 0;
            for (History h = this; h != null && h != EMPTY; h = h.previous) {
                if (h.key == k) n++;
            }
            return n;
        }
    }
}
