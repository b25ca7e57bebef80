package org.epistle.core.rules.variant;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.piece.Role;

/**
 * A rule about the moves of one turn, as data on the variant (its {@code physics} list): which man
 * each move must use, which men may move again, how far, when the turn may stop short or ends
 * early. The referee and the end-of-game search ask the same questions of the same rules, so a
 * turn the search finds is one the referee would accept.
 */
public sealed interface TurnConstraint extends Rule permits TurnConstraint.MovesPerMan, TurnConstraint.EveryManBeforeAgain,
        TurnConstraint.ManClasses, TurnConstraint.LongestFirst, TurnConstraint.Imitate, TurnConstraint.NoSuchMoves, TurnConstraint.EnPassantTiming,
        TurnConstraint.EndsTurnWhen, TurnConstraint.MayStopEarly, TurnConstraint.SquareBudget, TurnConstraint.WhenStuck, TurnConstraint.Forwards,
        TurnConstraint.MustChangePosition, TurnConstraint.Twin, TurnConstraint.Sputniks, TurnConstraint.VacatedSquareChain,
        TurnConstraint.KingsAndQueensMen, TurnConstraint.Bricks, TurnConstraint.NoPromotion {

    /**
     * Why {@code move} may not be the next move of the turn, or null. {@code board} is the position
     * before the move, with the mover to move.
     */
    default Breach forbids(Workboard board, TurnSoFar turn, int move) {
        return null;
    }

    /** Whether the turn is over after the moves so far, whatever its entitlement. */
    default boolean endsTurn(Workboard board, TurnSoFar turn) {
        return false;
    }

    /** Whether the player may stop here with moves to spare. */
    default boolean mayStopHere(TurnSoFar turn) {
        return false;
    }

    @Override
    default String name() {
        return getClass().getSimpleName();
    }

    // ---- helpers shared by the rules

    private static String square(Workboard b, int sq) {
        return b.rules().geometry().name(sq);
    }

    private static String pieceName(Workboard b, int code) {
        return b.rules().pieceOf(code).name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The man that makes a move: for a castling, the king. */
    private static int mover(Workboard b, int move) {
        return b.cell(Moves.from(move));
    }

    /**
     * No man moves more than {@code max} times in a turn (1: Different Men Marseillais, Battle Chess,
     * Hurricane; 2: Pribylinec's Progressive). With {@code castlingMovesRook} a castling uses up the
     * corner piece's move as well as the king's.
     */
    record MovesPerMan(int max, boolean castlingMovesRook) implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            int from = Moves.from(move);
            int times = turn.timesMoved(from, castlingMovesRook);
            if (Moves.kind(move) == Moves.CASTLING && castlingMovesRook) {
                times = Math.max(times, turn.timesMoved(b.rules().castling(Moves.castling(move)).rookFrom(), true));
            }
            if (times < max) {
                return null;
            }
            return Breach.of("SAME_MAN_AGAIN", Map.of("piece", pieceName(b, mover(b, move)), "from", square(b, from),
                    "times", max == 1 ? "once" : max == 2 ? "twice" : max + " times",
                    "limit", max == 1 ? "no man may move twice in a turn" : "no man may move more than " + (max == 2 ? "twice" : max + " times") + " in a turn"), from);
        }
    }

    /**
     * English Progressive: no man moves a second time until every man that can move has moved once,
     * and so on. A castling credits both king and corner piece.
     */
    record EveryManBeforeAgain() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            int from = Moves.from(move);
            int times = turn.timesMoved(from, true);
            if (times == 0) {
                return null;
            }
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.legal(b, buffer);
            for (int i = 0; i < n; i++) {
                int other = Moves.from(buffer[i]);
                if (other != from && turn.timesMoved(other, true) < times) {
                    return Breach.of("MAN_NOT_YET_DUE", Map.of("piece", pieceName(b, mover(b, move)), "from", square(b, from),
                            "times", times == 1 ? "once" : times + " times", "other", pieceName(b, b.cell(other)),
                            "at", square(b, other)), from, other);
                }
            }
            return null;
        }
    }

    /** A class of men, by kind or by the square a move starts from. */
    enum ManClass {
        PAWN("a pawn"), PIECE("a piece other than the king"), KING("the king"), PIECE_OR_KING("a piece (the king counts)"),
        QUEENS_SIDE("a man on the queen's side (files a-d)"), KINGS_SIDE("a man on the king's side (files e-h)"),
        CENTRE("a man in the centre (c3-f6)"), PERIPHERY("a man outside the centre"),
        ON_LIGHT("a man standing on a light square"), ON_DARK("a man standing on a dark square"), ANY("any man");

        private final String text;

        ManClass(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** Whether the move, starting from its square, is made with a man of this class. */
        public boolean includes(Workboard b, int move) {
            return fits(b.rules().geometry(), Moves.from(move), b.cell(Moves.from(move)));
        }

        /** Whether a man of this code standing on {@code from} belongs to the class. */
        boolean fits(Geometry g, int from, int code) {
            int type = Ruleset.typeOf(code);
            int file = g.fileOf(from);
            int rank = g.rankOf(from);
            boolean centre = file >= 2 && file <= 5 && rank >= 2 && rank <= 5;
            return switch (this) {
                case PAWN -> type == 1;
                case PIECE -> type > 1;
                case KING -> type == 0;
                case PIECE_OR_KING -> type != 1;
                case QUEENS_SIDE -> file < g.files() / 2;
                case KINGS_SIDE -> file >= g.files() / 2;
                case CENTRE -> centre;
                case PERIPHERY -> !centre;
                case ON_LIGHT -> (file + rank) % 2 == 1;
                case ON_DARK -> (file + rank) % 2 == 0;
                case ANY -> true;
            };
        }
    }

    /**
     * Each move of the turn is made with a man of a different class, one move per class: in the
     * listed order when {@code ordered} (Black and White Marseillais: light square, then dark), in any
     * order otherwise (Triplets: pawn, piece, king). {@code castlingIsEither} lets a castling stand
     * for any class (Black and White). With {@code skipImpossible} an ordered class that has no legal
     * move is passed over, its move lost; without it the order is strict (Citizen Chess).
     */
    record ManClasses(List<ManClass> classes, boolean ordered, boolean castlingIsEither, boolean skipImpossible) implements TurnConstraint {
        public ManClasses {
            classes = List.copyOf(classes);
        }

        public ManClasses(List<ManClass> classes, boolean ordered) {
            this(classes, ordered, false, false);
        }

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            List<ManClass> open = open(b, turn);
            if (open.isEmpty() || (castlingIsEither && Moves.kind(move) == Moves.CASTLING)) {
                return null;
            }
            if (ordered) {
                // a class with no move left is skipped: that move of the turn is lost
                for (ManClass c : open) {
                    if (c.includes(b, move)) {
                        return null;
                    }
                    if (!skipImpossible || hasMove(b, turn, c)) {
                        break;
                    }
                }
            } else if (open.stream().anyMatch(c -> c.includes(b, move))) {
                return null;
            }
            int from = Moves.from(move);
            List<String> wanted = (ordered ? open.subList(0, 1) : open).stream().map(ManClass::text).toList();
            return Breach.of("WRONG_KIND_OF_MAN", Map.of("piece", pieceName(b, mover(b, move)), "from", square(b, from),
                    "expected", String.join(" or ", wanted)), from);
        }

        /** The classes this turn has not used yet, in order; a shorter turn uses the first classes only (Triplets' opening turns). */
        private List<ManClass> open(Workboard b, TurnSoFar turn) {
            List<ManClass> left = new java.util.ArrayList<>(classes.subList(0, Math.min(classes.size(), turn.allowed())));
            for (TurnStep s : turn.steps()) {
                if (castlingIsEither && s.kind() == Moves.CASTLING) {
                    left.remove(0);
                    continue;
                }
                int code = s.mover();
                for (int i = 0; i < left.size(); i++) {
                    if (left.get(i).fits(b.rules().geometry(), s.from(), code)) { // judged as it was played
                        left.subList(0, ordered ? i + 1 : 0).clear();
                        if (!ordered) left.remove(i);
                        break;
                    }
                }
            }
            return left;
        }

        private static boolean hasMove(Workboard b, TurnSoFar turn, ManClass c) {
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.legal(b, buffer);
            for (int i = 0; i < n; i++) {
                if (c.includes(b, buffer[i])) return true;
            }
            return false;
        }

        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            return open(b, turn).isEmpty();
        }
    }

    /** The length of a move: a one-square orthogonal step 1, diagonal 1.41, knight 2.24; 0-0 counts 4, 0-0-0 5. */
    static double length(Workboard b, int move) {
        if (Moves.kind(move) == Moves.CASTLING) {
            return b.rules().castling(Moves.castling(move)).kingside() ? 4 : 5;
        }
        Geometry g = b.rules().geometry();
        int df = g.fileOf(Moves.to(move)) - g.fileOf(Moves.from(move));
        int dr = g.rankOf(Moves.to(move)) - g.rankOf(Moves.from(move));
        return Math.sqrt(df * df + dr * dr);
    }

    /** Maximummer Marseillais: the first move of a turn is one of the longest legal moves. */
    record LongestFirst() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() > 0) {
                return null;
            }
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.legal(b, buffer);
            double longest = 0;
            for (int i = 0; i < n; i++) longest = Math.max(longest, length(b, buffer[i]));
            if (length(b, move) >= longest - 1e-9) {
                return null;
            }
            return Breach.of("NOT_LONGEST_MOVE", Map.of("length", String.format(java.util.Locale.ROOT, "%.2f", length(b, move)),
                    "longest", String.format(java.util.Locale.ROOT, "%.2f", longest)), Moves.from(move), Moves.to(move));
        }
    }

    /** What the first move of a turn must copy from the opponent's last move, if it can. */
    enum Imitation { PIECE_KIND, LENGTH }

    /**
     * Equivalent and Equidistant Marseillais: the first move of a turn must, if any legal move can,
     * be made with the same kind of piece as (or be as long as) the opponent's last move. A
     * castling imitates a king's or a rook's move.
     */
    record Imitate(Imitation what) implements TurnConstraint {
        @Override
        public boolean readsTurnLog() {
            return true;
        }

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() > 0 || !turn.log().hasLastMove()) {
                return null;
            }
            if (imitates(b, turn.log(), move)) {
                return null;
            }
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.legal(b, buffer);
            for (int i = 0; i < n; i++) {
                if (imitates(b, turn.log(), buffer[i])) {
                    String what = this.what == Imitation.PIECE_KIND
                            ? "be made with a " + b.rules().pieceOf(turn.log().lastMover()).name().toLowerCase(java.util.Locale.ROOT)
                            : "be as long as your opponent's last move ("
                            + String.format(java.util.Locale.ROOT, "%.2f", length(b, turn.log().lastMove())) + ")";
                    return Breach.of("MUST_IMITATE", Map.of("what", what), Moves.from(move));
                }
            }
            return null;
        }

        private boolean imitates(Workboard b, TurnLog log, int move) {
            if (what == Imitation.LENGTH) {
                return Math.abs(length(b, move) - lengthOfLast(b, log)) < 1e-9;
            }
            int wanted = Ruleset.typeOf(log.lastMover());
            int type = Ruleset.typeOf(b.cell(Moves.from(move)));
            if (Moves.kind(move) == Moves.CASTLING) {
                return wanted == 0 || wanted == Ruleset.typeOf(b.rules().cornerCode(b.toMove()));
            }
            return type == wanted;
        }

        private static double lengthOfLast(Workboard b, TurnLog log) {
            int m = log.lastMove();
            if (Moves.kind(m) == Moves.CASTLING) {
                return b.rules().castling(Moves.castling(m)).kingside() ? 4 : 5;
            }
            return length(b, m);
        }
    }

    /** Kinds of move the variant does not have (Logical Progressive: no two-step pawn move, no castling). */
    record NoSuchMoves(boolean doubleStep, boolean castling, boolean longCastling) implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            int kind = Moves.kind(move);
            if (doubleStep && kind == Moves.DOUBLE_STEP) {
                return Breach.of("MOVE_NOT_IN_VARIANT", Map.of("kind", "two-square pawn move"), Moves.from(move));
            }
            if (castling && kind == Moves.CASTLING) {
                return Breach.of("MOVE_NOT_IN_VARIANT", Map.of("kind", "castling"), Moves.from(move));
            }
            if (longCastling && kind == Moves.CASTLING && !b.rules().castling(Moves.castling(move)).kingside()) {
                return Breach.of("MOVE_NOT_IN_VARIANT", Map.of("kind", "castling on the queen's side"), Moves.from(move));
            }
            return null;
        }
    }

    /**
     * The side's pawns never promote (One-Two's White): a pawn may not move onto its last rank, though
     * it still guards the squares there, as a pinned man still gives check.
     */
    record NoPromotion(Side side) implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (Moves.kind(move) != Moves.PROMOTION || b.toMove() != side) {
                return null;
            }
            return Breach.of("MOVE_NOT_IN_VARIANT", Map.of("kind", "promotion of " + (side == Side.WHITE ? "White's" : "Black's")
                    + " pawns (the pawn on " + square(b, Moves.from(move)) + " may not move to " + square(b, Moves.to(move)) + ")"),
                    Moves.from(move), Moves.to(move));
        }
    }

    /** When in a turn an en-passant capture may be made. */
    enum EnPassant {
        /** Only with the first move of a turn (Progressive Chess). */
        FIRST_MOVE_ONLY,
        /**
         * With the first move, and with the next ones only while every move before them took en
         * passant too: after a double double-step both pawns may go (Double-Move Chess).
         */
        FIRST_MOVES_IN_A_ROW,
        /** Never (Scottish Modern). */
        NEVER,
        /** Only a pawn that advanced with the opponent's last move (Marseillais' alternative rules). */
        ONLY_PAWN_MOVED_LAST
    }

    /** Progressive Chess: en passant only with the first move of a turn; Scottish Modern: never. */
    record EnPassantTiming(EnPassant when) implements TurnConstraint {
        @Override
        public boolean readsTurnLog() {
            return when == EnPassant.ONLY_PAWN_MOVED_LAST;
        }

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (Moves.kind(move) != Moves.EN_PASSANT || (when == EnPassant.FIRST_MOVE_ONLY && turn.played() == 0)) {
                return null;
            }
            if (when == EnPassant.FIRST_MOVES_IN_A_ROW) {
                if (turn.steps().stream().allMatch(s -> s.kind() == Moves.EN_PASSANT)) {
                    return null;
                }
                return Breach.of("EN_PASSANT_TIMING", Map.of("when", "en passant may only be taken with the first move of "
                        + "a turn (or the first two, to take both pawns of a double double-step)"), Moves.to(move));
            }
            if (when == EnPassant.ONLY_PAWN_MOVED_LAST) {
                Geometry g = b.rules().geometry();
                int pawn = g.index(g.fileOf(Moves.to(move)), g.rankOf(Moves.from(move)));
                if (turn.log().hasLastMove() && Moves.to(turn.log().lastMove()) == pawn) {
                    return null;
                }
                return Breach.of("EN_PASSANT_TIMING", Map.of("when",
                        "only a pawn that advanced with the second move of your opponent's turn may be taken en passant"), pawn);
            }
            return Breach.of("EN_PASSANT_TIMING", Map.of("when", when == EnPassant.NEVER
                    ? "there is no en-passant capture in this game" : "an en-passant capture may only be the first move of a turn"),
                    Moves.to(move));
        }
    }

    /** What ends a turn early, besides a check. */
    enum Ender { CAPTURE_ON_FIRST_MOVE, MOVE_TO_ATTACKED_SQUARE }

    /**
     * Citizen Chess: a capture with the first move ends the turn. Scottish Modern and Bank of Scotland
     * (Modern Branch): moving a man to a square an enemy man attacks ends the turn.
     */
    record EndsTurnWhen(Ender when) implements TurnConstraint {
        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            if (turn.played() == 0) {
                return false;
            }
            TurnStep last = turn.last();
            return switch (when) {
                case CAPTURE_ON_FIRST_MOVE -> turn.played() == 1 && last.captured() != 0;
                case MOVE_TO_ATTACKED_SQUARE -> b.isAttacked(last.to(), turn.side().opponent())
                        || (last.rookTo() >= 0 && b.isAttacked(last.rookTo(), turn.side().opponent()));
            };
        }
    }

    /** A turn may stop after any move: the entitlement is a most, not a must (Battle Chess, Threesum, Citizen). */
    record MayStopEarly() implements TurnConstraint {
        @Override
        public boolean mayStopHere(TurnSoFar turn) {
            return turn.played() >= 1;
        }
    }

    /**
     * Threesum: the men moved in a turn may cover at most {@code max} squares together; a knight's
     * move counts two, a castling one, any other move the number of squares it crosses.
     */
    record SquareBudget(int max) implements TurnConstraint {
        /** Squares a move from {@code from} to {@code to} counts: a knight's leap two, otherwise the squares crossed. */
        static int cost(Geometry g, int from, int to) {
            int df = Math.abs(g.fileOf(to) - g.fileOf(from));
            int dr = Math.abs(g.rankOf(to) - g.rankOf(from));
            if (df != dr && df != 0 && dr != 0) return 2;
            return Math.max(df, dr);
        }

        private static int spent(Workboard b, TurnSoFar turn) {
            int spent = 0;
            for (TurnStep s : turn.steps()) {
                spent += s.rookFrom() >= 0 ? 1 : cost(b.rules().geometry(), s.from(), s.to());
            }
            return spent;
        }

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            int total = spent(b, turn)
                    + (Moves.kind(move) == Moves.CASTLING ? 1 : cost(b.rules().geometry(), Moves.from(move), Moves.to(move)));
            if (total <= max) return null;
            return Breach.of("TOO_FAR", Map.of("max", Integer.toString(max), "total", Integer.toString(total)), Moves.from(move));
        }

        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            return spent(b, turn) >= max;
        }
    }

    /** What happens when a player cannot play the whole turn. */
    enum Shortfall {
        /** The game is drawn, as stalemate (Marseillais, Progressive). */
        STALEMATE,
        /** The player loses (Triplets). */
        LOSES,
        /** The moves that cannot be made are lost and the turn is complete (Bilateral, Black and White Marseillais). */
        MOVES_LOST,
        /** The player who cannot move wins: self-stalemate is a win (Progressive Forwards). */
        WINS
    }

    /** What a turn that cannot be completed means; without this rule, stalemate. */
    record WhenStuck(Shortfall shortfall) implements TurnConstraint {
    }

    /**
     * Progressive Forwards: no man moves backwards; a sideways move that captures nothing is allowed
     * only when the same man's next move, in the same turn, goes forwards (so it may not be the
     * last move of the turn, nor give check, which would end it).
     */
    record Forwards() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() > 0) {
                TurnStep last = turn.last();
                if (isSidewaysQuiet(b, turn, last.from(), last.to(), last.captured()) && !(Moves.from(move) == last.to()
                        && forwardness(b, turn, Moves.from(move), Moves.to(move)) > 0)) {
                    return Breach.of("NOT_FORWARDS", Map.of("way", "sideways without capturing unless its next move, "
                            + "straight after, goes forwards"), last.to());
                }
            }
            if (Moves.kind(move) == Moves.CASTLING) {
                return null;
            }
            int dr = forwardness(b, turn, Moves.from(move), Moves.to(move));
            if (dr > 0 || (dr == 0 && b.cell(Moves.to(move)) != 0)) {
                return null;
            }
            if (dr == 0 && turn.played() + 1 < turn.allowed() && !givesCheck(b, move)) {
                return null; // a sideways step, to be followed by a forward move of the same man
            }
            return Breach.of("NOT_FORWARDS", Map.of("way", dr < 0 ? "backwards"
                    : "sideways without capturing unless its next move, straight after, goes forwards"), Moves.from(move), Moves.to(move));
        }

        private static boolean isSidewaysQuiet(Workboard b, TurnSoFar turn, int from, int to, int captured) {
            return forwardness(b, turn, from, to) == 0 && captured == 0;
        }

        private static int forwardness(Workboard b, TurnSoFar turn, int from, int to) {
            Geometry g = b.rules().geometry();
            return (g.rankOf(to) - g.rankOf(from)) * (turn.side() == Side.WHITE ? 1 : -1);
        }

        private static boolean givesCheck(Workboard b, int move) {
            Side me = b.toMove();
            b.make(move, false);
            boolean check = b.inCheck(me.opponent());
            b.unmake();
            return check;
        }
    }

    /**
     * Double-Move Chess: a two-move turn may not leave the position as it was, so a man may not go
     * and come straight back (castling rights lost on the way count as no change to the board).
     */
    record MustChangePosition() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() + 1 != turn.allowed() || turn.played() == 0) {
                return null;
            }
            TurnStep last = turn.last();
            boolean back = last.captured() == 0 && last.kind() == Moves.NORMAL && Moves.kind(move) == Moves.NORMAL
                    && Moves.from(move) == last.to() && Moves.to(move) == last.from() && turn.played() == 1;
            if (!back) {
                return null;
            }
            return Breach.of("TURN_CHANGES_NOTHING", Map.of("piece", pieceName(b, b.cell(Moves.from(move))),
                    "square", square(b, Moves.to(move))), Moves.from(move), Moves.to(move));
        }
    }

    private static Role role(Workboard b, int code) {
        return b.rules().pieceOf(code).role();
    }

    /**
     * Doublet Chess: after moving a rook, bishop or knight a player may also move its twin, the other
     * man of the same kind; no other second move exists.
     */
    record Twin() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() == 0) {
                return null;
            }
            TurnStep first = turn.last();
            Role r = role(b, first.mover());
            int code = b.cell(Moves.from(move));
            boolean twin = (r == Role.ROOK || r == Role.BISHOP
                    || r == Role.KNIGHT) && first.kind() != Moves.CASTLING
                    && code == first.mover() && Moves.from(move) != first.to();
            if (twin) {
                return null;
            }
            if (r != Role.ROOK && r != Role.BISHOP && r != Role.KNIGHT || first.kind() == Moves.CASTLING) {
                // a pawn, the queen, the king or a castling has no twin: the turn was one move
                String mover = first.kind() == Moves.CASTLING ? "the king castling" : "your " + pieceName(b, first.mover());
                return Breach.of("NO_TWIN", Map.of("first", mover, "at", square(b, first.to())), Moves.from(move));
            }
            return Breach.of("NOT_THE_TWIN", Map.of("first", pieceName(b, first.mover()), "at", square(b, first.to())),
                    Moves.from(move));
        }
    }

    /**
     * Sputnik Chess: a rook, bishop or knight standing in the opponent's half is a sputnik. Before the
     * turn's one compulsory normal move, any of them may make one move each; the turn ends with the
     * first move that is not such a sputnik move (or a sputnik's second move), which is the normal move.
     */
    record Sputniks() implements TurnConstraint {
        static boolean isSputnikMove(Workboard b, TurnSoFar turn, int from, int code) {
            Role r = role(b, code);
            if (r != Role.ROOK && r != Role.BISHOP
                    && r != Role.KNIGHT) {
                return false;
            }
            Geometry g = b.rules().geometry();
            int rank = g.rankOf(from);
            return turn.side() == Side.WHITE ? rank >= g.ranks() / 2 : rank < g.ranks() / 2;
        }

        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            TurnStep last = turn.last();
            boolean again = turn.timesMoved(last.to(), false) > 1;
            return last.kind() == Moves.CASTLING || !isSputnikMove(b, turn, last.from(), last.mover()) || again;
        }

        @Override
        public boolean mayStopHere(TurnSoFar turn) {
            return turn.played() >= 1; // the last move made counts as the normal move
        }
    }

    /**
     * Kazan Chess: after the first move, a friendly man that can move to the square just vacated must
     * do so, and so on while one can; among several, the first in the order pawn, knight, bishop, rook,
     * queen, king moves (the player chooses between men of the same kind). No man moves twice in a turn.
     */
    record VacatedSquareChain() implements TurnConstraint {
        private static final List<Role> PRIORITY = List.of(Role.PAWN,
                Role.KNIGHT, Role.BISHOP,
                Role.ROOK, Role.QUEEN, Role.KING);

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() == 0) {
                return null;
            }
            int vacated = turn.last().from();
            int from = Moves.from(move);
            if (Moves.to(move) != vacated || turn.timesMoved(from, true) > 0 || Moves.kind(move) == Moves.CASTLING) {
                return Breach.of("CHAIN_MOVE_EXPECTED", Map.of("vacated", square(b, vacated)), vacated);
            }
            int best = PRIORITY.size();
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.legal(b, buffer);
            for (int i = 0; i < n; i++) {
                int m = buffer[i];
                if (Moves.to(m) == vacated && turn.timesMoved(Moves.from(m), true) == 0 && Moves.kind(m) != Moves.CASTLING) {
                    best = Math.min(best, PRIORITY.indexOf(role(b, b.cell(Moves.from(m)))));
                }
            }
            int mine = PRIORITY.indexOf(role(b, b.cell(from)));
            if (mine > best) {
                return Breach.of("CHAIN_PRIORITY", Map.of("vacated", square(b, vacated), "piece", pieceName(b, b.cell(from)),
                        "first", PRIORITY.get(best).name().toLowerCase(java.util.Locale.ROOT)), vacated, from);
            }
            return null;
        }
    }

    /**
     * King's Men, Queen's Men Marseillais: the men that began the game on files e-h are king's men,
     * the others queen's men, wherever they go; a turn is one move by a man of each kind, in either
     * order. O-O counts as one king's-men move; O-O-O moves a man of each kind and so is the whole turn.
     */
    record KingsAndQueensMen() implements TurnConstraint {
        @Override
        public boolean readsTurnLog() {
            return true;
        }

        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            boolean[] used = used(b, turn);
            int from = Moves.from(move);
            if (Moves.kind(move) == Moves.CASTLING && !b.rules().castling(Moves.castling(move)).kingside()) {
                if (!used[0] && !used[1]) {
                    return null;
                }
                return Breach.of("WRONG_KIND_OF_MAN", Map.of("piece", "king", "from", square(b, from),
                        "expected", used[0] ? "a queen's man (one that began on files a-d); O-O-O uses both kinds"
                                : "a king's man (one that began on files e-h); O-O-O uses both kinds"), from);
            }
            boolean kings = isKingsMan(b, turn, from);
            if (!used[kings ? 0 : 1]) {
                return null;
            }
            return Breach.of("WRONG_KIND_OF_MAN", Map.of("piece", pieceName(b, b.cell(from)), "from", square(b, from),
                    "expected", kings ? "a queen's man (one that began on files a-d)" : "a king's man (one that began on files e-h)"), from);
        }

        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            boolean[] used = used(b, turn);
            return used[0] && used[1];
        }

        /** {king's men used, queen's men used} by the moves so far. */
        private static boolean[] used(Workboard b, TurnSoFar turn) {
            boolean[] used = new boolean[2];
            for (int i = 0; i < turn.played(); i++) {
                TurnStep s = turn.steps().get(i);
                if (s.kind() == Moves.CASTLING && !isKingside(b, s)) {
                    used[0] = true;
                    used[1] = true;
                    continue;
                }
                long before = turn.log().kingsSideMenAfter(startCells(b, turn), b.rules().geometry(), turn.steps().subList(0, i));
                used[((before >>> s.from()) & 1L) == 1L ? 0 : 1] = true;
            }
            return used;
        }

        /** A castling step toward the h-file. */
        private static boolean isKingside(Workboard b, TurnStep s) {
            return s.to() > s.from();
        }

        private static boolean isKingsMan(Workboard b, TurnSoFar turn, int square) {
            long now = turn.log().kingsSideMenAfter(startCells(b, turn), b.rules().geometry(), turn.steps());
            return ((now >>> square) & 1L) == 1L;
        }

        /**
         * The board as it stood when the turn began, needed only before any man is tracked (a game's
         * first turn, or a FEN start), to tell the men by their files: the turn's moves are undone in
         * a copy of the cells.
         */
        private static int[] startCells(Workboard b, TurnSoFar turn) {
            int[] cells = b.cells();
            if (turn.log().menTracked()) {
                return cells;
            }
            for (int i = turn.played() - 1; i >= 0; i--) {
                TurnStep s = turn.steps().get(i);
                cells[s.from()] = s.mover();
                cells[s.to()] = s.kind() == Moves.EN_PASSANT ? 0 : s.captured();
                if (s.rookFrom() >= 0) {
                    cells[s.rookFrom()] = cells[s.rookTo()];
                    cells[s.rookTo()] = 0;
                }
                if (s.kind() == Moves.EN_PASSANT) {
                    Geometry g = b.rules().geometry();
                    cells[g.index(g.fileOf(s.to()), g.rankOf(s.from()))] = s.captured();
                }
            }
            return cells;
        }
    }

    /**
     * Brick Chess: two orthogonally adjacent squares are a brick. A turn is one ordinary move, or a
     * double move: a division (two men that stood on one brick each make an ordinary move), a fusion
     * (two men make ordinary moves that end on one brick), or a united move (written as one move,
     * {@code Ra1-a4&Nb1-b4}, and judged by the referee's {@code UnitedMove}). Castling is never part
     * of a double move.
     */
    record Bricks() implements TurnConstraint {
        @Override
        public Breach forbids(Workboard b, TurnSoFar turn, int move) {
            if (turn.played() == 0) {
                return null;
            }
            TurnStep first = turn.last();
            int from = Moves.from(move);
            Geometry g = b.rules().geometry();
            String why;
            if (Moves.kind(move) == Moves.CASTLING) {
                why = "castling is never part of a double move";
            } else if (from == first.to()) {
                why = "the two moves of a double move are made by two different men";
            } else if (adjacent(g, first.from(), from) || adjacent(g, first.to(), Moves.to(move))) {
                return null;
            } else {
                why = "it did not stand next to the first man (a division) and does not end next to it (a fusion)";
            }
            return Breach.of("NOT_A_BRICK_MOVE", Map.of("piece", pieceName(b, b.cell(from)), "from", square(b, from), "why", why),
                    from, first.to());
        }

        @Override
        public boolean endsTurn(Workboard b, TurnSoFar turn) {
            return turn.played() >= 2 || turn.last().kind() == Moves.CASTLING;
        }

        @Override
        public boolean mayStopHere(TurnSoFar turn) {
            return turn.played() >= 1;
        }

        private static boolean adjacent(Geometry g, int a, int c) {
            return Math.abs(g.fileOf(a) - g.fileOf(c)) + Math.abs(g.rankOf(a) - g.rankOf(c)) == 1;
        }
    }

    /** The variant's turn rules, in the order given. */
    static List<TurnConstraint> of(List<Rule> rules) {
        return rules.stream().filter(TurnConstraint.class::isInstance).map(TurnConstraint.class::cast).toList();
    }

    /** The variant's shortfall rule, stalemate when it names none. */
    static Shortfall shortfall(List<Rule> rules) {
        Optional<WhenStuck> w = rules.stream().filter(WhenStuck.class::isInstance).map(WhenStuck.class::cast).findFirst();
        return w.map(WhenStuck::shortfall).orElse(Shortfall.STALEMATE);
    }
}
