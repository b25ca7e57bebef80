package org.epistle.core.rules.physics.momentum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Ordinal;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Physics.Motion;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Plays the events of one Momentum turn in the order the player wrote them: each piece that was
 * in motion when the turn began is resolved once (it moves on, or stops by itself when it cannot),
 * and at most one piece is started or stopped. A piece in motion that the turn does not mention is
 * resolved by the rules: records leave autostops out, so one that could not move on at some moment
 * of the turn stopped by itself then; one that could move on at every moment goes on by itself
 * after every written event (rule 2: it keeps moving unless it is stopped), the piece farthest
 * forward first. A piece may be started after an autostop, and stopped after it moved on (the two
 * cases in which a piece does two things in one turn).
 */
final class MomentumTurn {

    /** How a turn ended: refused, or played up to the end (or up to the capture of a king). */
    record Result(Illegality refusal, Position position, Map<Integer, Motion> motions, List<Event> events,
                  List<Move> moves, List<String> written, List<String> notices, boolean kingTaken) {
        boolean isRefused() {
            return refusal != null;
        }
    }

    private enum State { PENDING, CONTINUED, STOPPED, AUTOSTOPPED, STARTED }

    /** A piece of the mover's that was in motion when the turn began. */
    private static final class Mover {
        int square;
        final Motion motion;
        State state = State.PENDING;
        /** It could not move on at some moment of the turn so far, so it may have stopped by itself then. */
        boolean couldStop;

        Mover(int square, Motion motion) {
            this.square = square;
            this.motion = motion;
        }
    }

    private static final class Refused extends RuntimeException {
        final transient Illegality why;

        Refused(Illegality why) {
            super(null, null, false, false);
            this.why = why;
        }
    }

    private final Ruleset rules;
    private final Geometry geometry;
    private final Side me;
    private Position position;
    private final Map<Integer, Motion> motions = new HashMap<>();
    private final List<Mover> movers = new ArrayList<>();
    private final List<Event> events = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    private final List<String> written = new ArrayList<>();
    /** What the player should be told about pieces the rules moved or stopped for them. */
    private final List<String> notices = new ArrayList<>();
    private String action;
    private boolean kingTaken;
    /** Replaying a record as it was played: a second start or stop is made instead of refused. */
    private final boolean asPlayed;

    private MomentumTurn(Position start, boolean asPlayed) {
        this.asPlayed = asPlayed;
        this.position = start;
        this.rules = start.rules();
        this.geometry = rules.geometry();
        this.me = start.sideToMove();
        start.physics().motions().forEach((square, motion) -> motions.put(geometry.index(square), motion));
        motions.keySet().stream().sorted().forEach(sq -> {
            int code = start.code(sq);
            if (code != 0 && Ruleset.sideOf(code) == me) {
                movers.add(new Mover(sq, motions.get(sq)));
            }
        });
    }

    static Result play(Position start, List<MoveText> turn, boolean asPlayed) {
        MomentumTurn t = new MomentumTurn(start, asPlayed);
        try {
            for (int i = 0; i < turn.size(); i++) {
                if (t.kingTaken) {
                    throw new Refused(Illegality.of(Reason.KING_TAKEN_ENDS_GAME).fact("ordinal", Ordinal.of(i))
                            .fact("example", String.join(", ", t.written)).move(i, turn.get(i).text()).build());
                }
                t.noteWhoCouldStop();
                t.apply(i, turn.get(i));
            }
            if (!t.kingTaken) {
                t.noteWhoCouldStop();
                t.resolveTheUnwritten();
            }
        } catch (Refused r) {
            return new Result(r.why, null, null, null, null, null, null, false);
        }
        return new Result(null, t.position, Map.copyOf(t.motions), List.copyOf(t.events), List.copyOf(t.moves),
                List.copyOf(t.written), List.copyOf(t.notices), t.kingTaken);
    }

    private void noteWhoCouldStop() {
        Workboard board = position.workboard();
        for (Mover m : movers) {
            if (m.state == State.PENDING && !Continuation.of(board, m.square, m.motion).isPossible()) {
                m.couldStop = true;
            }
        }
    }

    /**
     * The pieces in motion the turn leaves out. One that could not go on at some moment stopped by itself
     * then, as the records' unwritten autostops do. The others go on by themselves after the written events,
     * the one farthest forward first (the order matters only when one lands in another's way); one that an
     * earlier of them has blocked stops by itself.
     */
    private void resolveTheUnwritten() {
        List<Mover> free = new ArrayList<>();
        List<Mover> stopped = new ArrayList<>();
        for (Mover m : movers) {
            if (m.state != State.PENDING) {
                continue;
            }
            if (m.couldStop) {
                autostop(m);
                stopped.add(m);
            } else {
                free.add(m);
            }
        }
        free.sort(java.util.Comparator.comparingInt((Mover m) -> -forwardness(m.square)).thenComparingInt(m -> m.square));
        for (Mover m : free) {
            if (kingTaken) {
                return;
            }
            Continuation c = Continuation.of(position.workboard(), m.square, m.motion);
            if (!c.isPossible()) {
                autostop(m);
                continue;
            }
            String piece = ownName(m.square);
            String from = geometry.name(m.square);
            if (Ruleset.typeOf(position.code(m.square)) == 1 && geometry.rankOf(c.target()) == rules.promotionRank(me)) {
                String move = continuationText(m, c.target());
                throw new Refused(Illegality.of(Reason.MOMENTUM_PROMOTES_UNWRITTEN).fact("from", from)
                        .fact("to", geometry.name(c.target())).fact("example", move + "=Q")
                        .fact("choices", promotionChoices())
                        .mark(geometry.square(m.square), geometry.square(c.target())).build());
            }
            moveOn(-1, null, m, c);
            notices.add("Your " + piece + " " + from + " went on to " + geometry.name(c.target())
                    + " by itself, as the turn left it out: " + written.get(written.size() - 1) + ".");
        }
        if (!kingTaken) {
            stopped.forEach(this::tellOfAnAutostopThatCouldHaveGoneOn);
        }
    }

    /** How far forward a square is for the side to move: the rank counted from its own side. */
    private int forwardness(int square) {
        int rank = geometry.rankOf(square);
        return me == Side.WHITE ? rank : geometry.ranks() - 1 - rank;
    }

    /**
     * A piece left out that stopped by itself although it could go on when the turn ended: the player may
     * have meant it to go on after clearing its way, which only writing it says.
     */
    private void tellOfAnAutostopThatCouldHaveGoneOn(Mover m) {
        Continuation now = Continuation.of(position.workboard(), m.square, m.motion);
        if (now.isPossible()) {
            notices.add("Your " + ownName(m.square) + " " + geometry.name(m.square) + " stopped by itself: at one moment of "
                    + "the turn it could not go on to " + geometry.name(now.target()) + ". To have it go on, write "
                    + continuationText(m, now.target()) + " after the move that clears its way.");
        }
    }

    private void apply(int index, MoveText text) {
        if (text.isStop()) {
            stop(index, text, geometry.index(text.from().orElseThrow()));
            return;
        }
        if (text.isCastling()) {
            start(index, text);
            return;
        }
        int to = geometry.contains(text.to().orElseThrow()) ? geometry.index(text.to().get()) : -1;
        MoveResolver resolver = new MoveResolver(position, text, index, false, true);
        Mover mover = null;
        if (text.from().isPresent()) {
            int from = geometry.contains(text.from().get()) ? geometry.index(text.from().get()) : -1;
            if (from >= 0 && resolver.names(from)) {
                mover = moverAt(from);
            }
        } else if (to >= 0) {
            Workboard board = position.workboard();
            List<Mover> fitting = new ArrayList<>();
            for (Mover m : movers) {
                if (m.state == State.PENDING && resolver.names(m.square)) {
                    Continuation c = Continuation.of(board, m.square, m.motion);
                    if (c.isPossible() && c.target() == to) {
                        fitting.add(m);
                    }
                }
            }
            if (fitting.size() > 1) {
                List<String> names = fitting.stream().map(m -> continuationText(m, to)).toList();
                throw new Refused(Illegality.of(Reason.AMBIGUOUS).fact("text", text.text())
                        .fact("candidates", String.join(", ", names)).fact("example", names.get(0)).move(index, text.text()).build());
            }
            mover = fitting.isEmpty() ? null : fitting.get(0);
        }
        if (mover == null) {
            start(index, text);
            return;
        }
        switch (mover.state) {
            case PENDING -> {
                Continuation c = Continuation.of(position.workboard(), mover.square, mover.motion);
                if (c.isPossible() && c.target() == to) {
                    moveOn(index, text, mover, c);
                } else if (mover.couldStop || !c.isPossible()) {
                    startAfterAutostop(index, text, mover, c);
                } else {
                    String from = geometry.name(mover.square);
                    throw new Refused(Illegality.of(Reason.MOMENTUM_MUST_CONTINUE).fact("piece", ownName(mover.square))
                            .fact("from", from).fact("next", geometry.name(c.target())).fact("to", text.to().get())
                            .fact("instead", goOnOrStop(mover, c.target()))
                            .mark(geometry.square(mover.square), geometry.square(c.target())).move(index, text.text()).build());
                }
            }
            case CONTINUED -> throw alreadyMoved(index, text, mover);
            case AUTOSTOPPED -> start(index, text);
            default -> throw secondAction(index, text, "it would move " + PieceNames.of(rules, position.code(mover.square))
                    .replace("the " + me.key() + " ", "your ") + " a second time");
        }
    }

    /** A piece in motion that cannot go on stops by itself, and may then be started afresh. */
    private void startAfterAutostop(int index, MoveText text, Mover mover, Continuation c) {
        try {
            autostop(mover);
            start(index, text);
        } catch (Refused r) {
            if (action == null || r.why.reason() != Reason.ONE_ACTION_PER_TURN) {
                int to = geometry.index(text.to().orElseThrow());
                if (c.target() == to) {
                    throw blocked(index, text, mover, c);
                }
            }
            throw r;
        }
    }

    private void moveOn(int index, MoveText text, Mover mover, Continuation c) {
        Workboard board = position.workboard();
        int from = mover.square;
        int to = c.target();
        if (text != null && text.capture() && board.cell(to) == 0) {
            throw new Refused(Illegality.of(Reason.NOTHING_TO_CAPTURE).fact("to", geometry.square(to))
                    .mark(geometry.square(to)).move(index, text.text()).build());
        }
        int packed = Moves.shift(from, to);
        int code = board.cell(from);
        if (Ruleset.typeOf(code) == 1 && geometry.rankOf(to) == rules.promotionRank(me)) {
            packed = Moves.shiftPromoting(from, to, promotionChoice(index, text, to));
        }
        Move move = Move.of(packed, rules);
        boolean takesKing = board.cell(to) != 0 && Ruleset.typeOf(board.cell(to)) == 0;
        written.add(SanWriter.betzaForm(position, move));
        events.add(new Event(Event.Kind.CONTINUED, geometry.square(from), geometry.square(to), written.get(written.size() - 1),
                ownName(from)));
        position = position.play(move);
        relocate(from, to, mover.motion);
        mover.square = to;
        mover.state = State.CONTINUED;
        moves.add(move);
        kingTaken |= takesKing;
    }

    private String promotionChoices() {
        return String.join(", ", Arrays.stream(rules.promotions(me)).mapToObj(t -> PieceNames.of(rules.type(t))).toList());
    }

    private int promotionChoice(int index, MoveText text, int to) {
        int[] choices = rules.promotions(me);
        String list = promotionChoices();
        if (text.promotion().isEmpty()) {
            throw new Refused(Illegality.of(Reason.PROMOTION_PIECE_MISSING).fact("to", geometry.square(to))
                    .fact("example", text.text() + "=Q").fact("choices", list).move(index, text.text()).build());
        }
        String asked = text.promotion().get();
        Optional<Integer> type = asked.length() == 1 && "QRBN".contains(asked)
                ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(asked.charAt(0))))
                : rules.typeIdByBetza(asked);
        if (type.isEmpty() || Arrays.stream(choices).noneMatch(t -> t == type.get())) {
            throw new Refused(Illegality.of(Reason.NOT_A_PROMOTION_PIECE).fact("named", asked).fact("choices", list)
                    .move(index, text.text()).build());
        }
        return type.get();
    }

    private void start(int index, MoveText text) {
        MoveResolver.Resolution r = new MoveResolver(position, text, index, false, true).resolve();
        if (r.why() != null) {
            if (action != null && !asPlayed) {
                throw secondAction(index, text, "it would set a second piece moving");
            }
            throw new Refused(r.why());
        }
        Move move = r.move();
        int from = geometry.index(move.from());
        Mover mover = moverAt(from);
        if (mover != null && mover.state == State.PENDING) {
            Continuation c = Continuation.of(position.workboard(), from, mover.motion);
            if (c.isPossible()) {
                String f = geometry.name(from);
                throw new Refused(Illegality.of(Reason.MOMENTUM_MUST_CONTINUE).fact("piece", ownName(from))
                        .fact("from", f).fact("next", geometry.name(c.target())).fact("to", move.to())
                        .fact("instead", goOnOrStop(mover, c.target()))
                        .mark(move.from(), geometry.square(c.target())).move(index, text.text()).build());
            }
            autostop(mover);
        } else if (mover != null && mover.state == State.CONTINUED) {
            throw alreadyMoved(index, text, mover);
        }
        if (action != null && !asPlayed) {
            throw secondAction(index, text, secondPieceWhy(text, from, mover));
        }
        Workboard board = position.workboard();
        boolean capture = board.cell(geometry.index(move.to())) != 0 || move.kind() == Move.Kind.EN_PASSANT;
        boolean takesKing = board.cell(geometry.index(move.to())) != 0 && Ruleset.typeOf(board.cell(geometry.index(move.to()))) == 0;
        String text1 = SanWriter.betzaForm(position, move);
        events.add(new Event(Event.Kind.STARTED, move.from(), move.to(), text1, ownName(from)));
        position = position.play(move);
        int to = geometry.index(move.to());
        if (move.isCastling()) {
            Castling c = rules.castling(Moves.castling(move.packed()));
            relocate(from, c.kingTo(), null);
            relocate(c.rookFrom(), c.rookTo(), motionOf(c.rookFrom(), c.rookTo(), false));
        } else {
            boolean king = Ruleset.typeOf(board.cell(from)) == 0;
            relocate(from, to, king ? null : motionOf(from, to, capture));
        }
        if (mover != null) {
            mover.state = State.STARTED;
        }
        action = text1;
        written.add(text1);
        moves.add(move);
        kingTaken |= takesKing;
    }

    private void stop(int index, MoveText text, int square) {
        Square sq = geometry.square(square);
        int code = position.code(square);
        if (code == 0) {
            throw new Refused(Illegality.of(Reason.NO_PIECE_ON_SQUARE).fact("square", sq).fact("yourPieces", "")
                    .mark(sq).move(index, text.text()).build());
        }
        if (Ruleset.sideOf(code) != me) {
            throw new Refused(Illegality.of(Reason.OPPONENTS_PIECE).fact("square", sq).fact("piece", PieceNames.of(rules, code))
                    .mark(sq).move(index, text.text()).build());
        }
        if (text.namesPiece() && !new MoveResolver(position, text, index, false, true).names(square)) {
            throw new Refused(Illegality.of(Reason.WRONG_PIECE_NAMED).fact("square", sq).fact("piece", ownName(square))
                    .fact("named", text.pieceBetza().map(b -> "(" + b + ")").orElse(String.valueOf(text.pieceLetter())))
                    .mark(sq).move(index, text.text()).build());
        }
        Mover mover = moverAt(square);
        if (mover == null || mover.state == State.AUTOSTOPPED) {
            throw new Refused(Illegality.of(Reason.NOT_IN_MOTION).fact("piece", ownName(square)).fact("square", sq)
                    .mark(sq).move(index, text.text()).build());
        }
        if ((action != null && !asPlayed) || mover.state == State.STOPPED || mover.state == State.STARTED) {
            throw secondAction(index, text, "stopping the " + ownName(square) + " would be a second action");
        }
        String text1 = label(square) + sq.name() + "-" + sq.name();
        events.add(new Event(Event.Kind.STOPPED, sq, sq, text1, ownName(square)));
        motions.remove(square);
        mover.state = State.STOPPED;
        action = text1;
        written.add(text1);
    }

    private void autostop(Mover m) {
        events.add(new Event(Event.Kind.AUTOSTOPPED, geometry.square(m.square), geometry.square(m.square), "", ownName(m.square)));
        motions.remove(m.square);
        m.state = State.AUTOSTOPPED;
    }

    private Motion motionOf(int from, int to, boolean capturing) {
        return new Motion(geometry.fileOf(to) - geometry.fileOf(from), geometry.rankOf(to) - geometry.rankOf(from), capturing);
    }

    /** Moves a motion with its piece; whatever stood on the target (and its motion) is gone. */
    private void relocate(int from, int to, Motion motion) {
        motions.remove(from);
        motions.remove(to);
        if (motion != null) {
            motions.put(to, motion);
        }
        motions.keySet().removeIf(sq -> position.code(sq) == 0);
    }

    private Mover moverAt(int square) {
        for (Mover m : movers) {
            if (m.square == square && m.state != State.STOPPED) {
                return m;
            }
        }
        return null;
    }

    private Refused alreadyMoved(int index, MoveText text, Mover mover) {
        String at = geometry.name(mover.square);
        String instead = action == null || asPlayed
                ? "To stop it on " + at + ", write " + label(mover.square) + at + "-" + at + "."
                : "It goes on in motion from " + at + ": " + action + " already used your move, so it cannot be stopped this turn.";
        return new Refused(Illegality.of(Reason.ALREADY_MOVED_BY_MOMENTUM).fact("piece", ownName(mover.square))
                .fact("at", at).fact("instead", instead)
                .mark(geometry.square(mover.square)).move(index, text.text()).build());
    }

    /**
     * What a piece that must go on may do instead: go on (written or not), or be stopped, unless the turn's one
     * start or stop is already used, when only going on is left.
     */
    private String goOnOrStop(Mover mover, int next) {
        String from = geometry.name(mover.square);
        String goOn = "Let it go on: write " + continuationText(mover, next) + ", or leave it out and it goes on by itself";
        if (action != null && !asPlayed) {
            return goOn + ". It cannot be stopped this turn: " + action + " already used your move.";
        }
        return goOn + "; or stop it with " + label(mover.square) + from + "-" + from + ".";
    }

    private Refused blocked(int index, MoveText text, Mover mover, Continuation c) {
        return new Refused(Illegality.of(Reason.MOMENTUM_BLOCKED).fact("piece", ownName(mover.square))
                .fact("from", geometry.name(mover.square)).fact("to", geometry.name(c.target())).fact("why", obstacleInFull(c))
                .mark(geometry.square(mover.square), geometry.square(c.target())).move(index, text.text()).build());
    }

    private Refused secondAction(int index, MoveText text, String why) {
        return new Refused(Illegality.of(Reason.ONE_ACTION_PER_TURN).fact("first", action).fact("text", text.text())
                .fact("why", why).move(index, text.text()).build());
    }

    /** Why a move is not a continuation: said about the piece as it was when the move came. */
    private String secondPieceWhy(MoveText text, int from, Mover mover) {
        if (mover == null) {
            return text.text() + " would set a second piece moving";
        }
        Continuation c = Continuation.of(position.workboard(), from, mover.motion);
        String f = geometry.name(from);
        String next = c.target() < 0 ? "off the board" : f + "-" + geometry.name(c.target());
        return text.text() + " is not the " + ownName(from) + "'s momentum (it moves " + next + ", "
                + (mover.motion.capturing() ? "capturing" : "non-capturing") + ", and " + obstacle(c) + ")";
    }

    private String obstacle(Continuation c) {
        return switch (c.obstacle()) {
            case NONE -> "can go on";
            case OFF_BOARD -> "would leave the board";
            case TARGET_OCCUPIED, PATH_BLOCKED -> "is blocked";
            case NOTHING_TO_CAPTURE -> "finds nothing there to capture";
            case OWN_PIECE_ON_TARGET -> "would land on a piece of its own side";
        };
    }

    /** The obstacle with the piece that makes it: "is blocked by the black pawn on e5". */
    private String obstacleInFull(Continuation c) {
        return switch (c.obstacle()) {
            case TARGET_OCCUPIED, PATH_BLOCKED, OWN_PIECE_ON_TARGET -> (c.obstacle() == Continuation.Obstacle.OWN_PIECE_ON_TARGET
                    ? "would land on " : "is blocked by ") + PieceNames.of(rules, position.code(c.blockedAt())) + " on "
                    + geometry.name(c.blockedAt());
            default -> obstacle(c);
        };
    }

    private String continuationText(Mover m, int to) {
        return label(m.square) + geometry.name(m.square) + (m.motion.capturing() ? ":" : "-") + geometry.name(to);
    }

    /** How the records write the piece: nothing for a pawn, a letter for a FIDE piece, (Betza) otherwise. */
    private String label(int square) {
        return SanWriter.betzaLabel(rules.pieceOf(position.code(square)));
    }

    private String ownName(int square) {
        return PieceNames.of(rules.pieceOf(position.code(square)));
    }
}
