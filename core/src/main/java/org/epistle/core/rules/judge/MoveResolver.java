package org.epistle.core.rules.judge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.MoveGenerator;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.AfterMove;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Turns a move as written into the one legal move it means, or says precisely why it means
 * none: no such piece, a piece that does not move that way, a blocked path, a king left in
 * check, or several pieces that fit.
 */
public final class MoveResolver {
    /** Exactly one of the two is set. */
    public record Resolution(Move move, Illegality why) {
    }

    private final Position position;
    private final Ruleset rules;
    private final Geometry geometry;
    private final Side me;
    private final MoveText text;
    private final int index;
    private final boolean escapeFirst;
    private final boolean ignoringCheck;

    /** @param escapeFirst whether a player in check must escape with this move (the first of a multi-move turn) */
    MoveResolver(Position position, MoveText text, int index, boolean escapeFirst) {
        this(position, text, index, escapeFirst, false);
    }

    /**
     * @param ignoringCheck accept a move that leaves the mover's king attacked: for replaying a
     *                      historical record as it was played
     */
    public MoveResolver(Position position, MoveText text, int index, boolean escapeFirst, boolean ignoringCheck) {
        this.position = position;
        this.rules = position.rules();
        this.geometry = rules.geometry();
        this.me = position.sideToMove();
        this.text = text;
        this.index = index;
        this.escapeFirst = escapeFirst;
        this.ignoringCheck = ignoringCheck;
    }

    /** Whether the move as written could be about the piece on this square: its name, file and rank fit. */
    public boolean names(int square) {
        if (text.isCastling()) {
            return square == position.workboard().kingSquare(me);
        }
        Optional<Integer> named = namedType();
        return position.code(square) != 0 && Ruleset.sideOf(position.code(square)) == me
                && (named.isPresent() || !text.namesPiece()) && fits(position.workboard(), square, named);
    }

    public Resolution resolve() {
        if (text.isCastling()) {
            return castling();
        }
        if (text.isFileCapture()) {
            return fileCapture();
        }
        Square toSquare = text.to().orElseThrow();
        if (!geometry.contains(toSquare) || text.from().filter(f -> !geometry.contains(f)).isPresent()) {
            return refuse(Illegality.of(Reason.UNREADABLE).fact("text", text.text())
                    .fact("problem", "that square is not on this board.").fact("example", "e2-e4"));
        }
        int to = geometry.index(toSquare);
        Workboard board = position.workboard();
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.pseudoLegal(board, buffer);
        Optional<Integer> named = namedType();
        if (named.isEmpty() && text.namesPiece()) {
            return refuse(Illegality.of(Reason.NO_SUCH_PIECE).fact("named", "(" + text.pieceBetza().orElse("?") + ")"));
        }
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = buffer[i];
            if (Moves.kind(m) == Moves.CASTLING || Moves.to(m) != to || !fits(board, Moves.from(m), named)) {
                continue;
            }
            candidates.add(m);
        }
        if (candidates.isEmpty()) {
            return refuse(diagnose(board, to, named));
        }
        Optional<Illegality> promotionProblem = promotion(candidates);
        if (promotionProblem.isPresent()) {
            return new Resolution(null, promotionProblem.get());
        }
        List<Integer> legal = new ArrayList<>();
        for (int m : candidates) {  // SAN names a move among the legal ones only
            board.make(m, false);
            if (ignoringCheck || !board.inCheck(me)) {
                legal.add(m);
            }
            board.unmake();
        }
        if (legal.isEmpty()) {
            return refuse(checkProblem(board, candidates.get(0)));
        }
        if (legal.size() > 1) {
            List<String> names = new ArrayList<>();
            for (int m : legal) {
                names.add(SanWriter.write(position, Move.of(m, rules)));
            }
            return refuse(Illegality.of(Reason.AMBIGUOUS).fact("text", text.text())
                    .fact("candidates", String.join(", ", names)).fact("example", names.get(0)));
        }
        int m = legal.get(0);
        if (text.capture() && board.cell(to) == 0 && Moves.kind(m) != Moves.EN_PASSANT) {
            return refuse(Illegality.of(Reason.NOTHING_TO_CAPTURE).fact("to", toSquare).mark(toSquare));
        }
        return new Resolution(Move.of(m, rules), null);
    }

    /**
     * An abbreviated pawn capture ({@code exd}): the one square on the file named where a pawn from the
     * other file named can capture. Two such captures make the move ambiguous, none makes it impossible.
     */
    private Resolution fileCapture() {
        Workboard board = position.workboard();
        int pawn = rules.typeIdOfRole(me, Role.PAWN);
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.pseudoLegal(board, buffer);
        List<Square> targets = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = buffer[i];
            int from = Moves.from(m);
            int to = Moves.to(m);
            boolean takes = board.cell(to) != 0 || Moves.kind(m) == Moves.EN_PASSANT;
            if (Ruleset.typeOf(board.cell(from)) != pawn || !takes || geometry.fileOf(from) != text.fromFile()
                    || geometry.fileOf(to) != text.toFile() || targets.contains(geometry.square(to))) {
                continue;
            }
            board.make(m, false);
            boolean safe = ignoringCheck || !board.inCheck(me);
            board.unmake();
            if (safe) {
                targets.add(geometry.square(to));
                names.add(SanWriter.write(position, Move.of(m, rules)));
            }
        }
        if (targets.isEmpty()) {
            return refuse(Illegality.of(Reason.NO_PAWN_CAPTURE).fact("from", String.valueOf((char) ('a' + text.fromFile())))
                    .fact("to", String.valueOf((char) ('a' + text.toFile()))));
        }
        if (targets.size() > 1) {
            return refuse(Illegality.of(Reason.AMBIGUOUS).fact("text", text.text())
                    .fact("candidates", String.join(", ", names)).fact("example", names.get(0)));
        }
        return new MoveResolver(position, text.completedTo(targets.get(0)), index, escapeFirst, ignoringCheck).resolve();
    }

    private Resolution refuse(Illegality.Builder builder) {
        return new Resolution(null, builder.move(index, text.text()).build());
    }

    /** The piece kind the move names, if it names one; a bare destination means a pawn. */
    private Optional<Integer> namedType() {
        if (text.pieceBetza().isPresent()) {
            return rules.typeIdByBetza(text.pieceBetza().get());
        }
        if (text.pieceLetter() != 0) {
            return Optional.of(rules.typeIdOfRole(me, Role.ofLetter(text.pieceLetter())));
        }
        if (text.from().isPresent()) {
            return Optional.empty(); // long algebraic: whatever stands there
        }
        return Optional.of(rules.typeIdOfRole(me, Role.PAWN));
    }

    private boolean fits(Workboard board, int from, Optional<Integer> named) {
        if (text.fromFile() >= 0 && geometry.fileOf(from) != text.fromFile()) {
            return false;
        }
        if (text.fromRank() >= 0 && geometry.rankOf(from) != text.fromRank()) {
            return false;
        }
        return named.isEmpty() || Ruleset.typeOf(board.cell(from)) == named.get();
    }

    private Optional<Illegality> promotion(List<Integer> candidates) {
        boolean promoting = candidates.stream().anyMatch(m -> Moves.kind(m) == Moves.PROMOTION);
        String choices = String.join(", ", java.util.Arrays.stream(rules.promotions(me))
                .mapToObj(t -> PieceNames.of(rules.type(t))).toList());
        Square to = text.to().orElseThrow();
        if (!promoting) {
            if (text.promotion().isPresent() && !AfterMove.readsChoice(rules.variant())) {
                return Optional.of(Illegality.of(Reason.PROMOTION_NOT_POSSIBLE).fact("named", text.promotion().get())
                        .move(index, text.text()).build());
            }
            return Optional.empty();
        }
        if (text.promotion().isEmpty()) {
            return Optional.of(Illegality.of(Reason.PROMOTION_PIECE_MISSING).fact("to", to)
                    .fact("example", text.text() + "=Q").fact("choices", choices).mark(to).move(index, text.text()).build());
        }
        String asked = text.promotion().get();
        Optional<Integer> type = asked.length() == 1 && Role.ofLetter(asked.charAt(0)) != null
                ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(asked.charAt(0))))
                : rules.typeIdByBetza(asked);
        boolean allowed = type.isPresent() && java.util.Arrays.stream(rules.promotions(me)).anyMatch(t -> t == type.get());
        if (!allowed) {
            return Optional.of(Illegality.of(Reason.NOT_A_PROMOTION_PIECE).fact("named", asked).fact("choices", choices)
                    .move(index, text.text()).build());
        }
        candidates.removeIf(m -> Moves.kind(m) == Moves.PROMOTION && Moves.promotion(m) != type.get());
        return Optional.empty();
    }

    private Illegality.Builder diagnose(Workboard board, int to, Optional<Integer> named) {
        Square toSquare = geometry.square(to);
        Optional<Square> from = text.from();
        if (from.isPresent()) {
            int f = geometry.index(from.get());
            int code = board.cell(f);
            if (code == 0) {
                return Illegality.of(Reason.NO_PIECE_ON_SQUARE).fact("square", from.get()).fact("yourPieces", "")
                        .mark(from.get());
            }
            if (Ruleset.sideOf(code) != me) {
                return Illegality.of(Reason.OPPONENTS_PIECE).fact("square", from.get())
                        .fact("piece", PieceNames.of(rules, code)).mark(from.get());
            }
            if (named.isPresent() && Ruleset.typeOf(code) != named.get()) {
                return Illegality.of(Reason.WRONG_PIECE_NAMED).fact("square", from.get())
                        .fact("piece", PieceNames.of(rules.pieceOf(code))).fact("named", PieceNames.of(rules.type(named.get())))
                        .mark(from.get());
            }
            return diagnosePiece(board, f, to);
        }
        int target = board.cell(to);
        if (target != 0 && Ruleset.sideOf(target) == me) {
            return Illegality.of(Reason.OWN_PIECE_ON_TARGET).fact("blocker", PieceNames.of(rules.pieceOf(target)))
                    .fact("to", toSquare).mark(toSquare);
        }
        List<Integer> mine = new ArrayList<>();
        for (int sq = 0; sq < geometry.size(); sq++) {
            int code = board.cell(sq);
            if (code != 0 && Ruleset.sideOf(code) == me && Ruleset.typeOf(code) == named.orElseThrow() && fits(board, sq, named)) {
                mine.add(sq);
            }
        }
        String pieceName = PieceNames.of(rules.type(named.get()));
        if (mine.isEmpty()) {
            String where = text.fromFile() >= 0 ? " on the " + (char) ('a' + text.fromFile()) + "-file"
                    : text.fromRank() >= 0 ? " on rank " + (text.fromRank() + 1) : "";
            return Illegality.of(Reason.NO_SUCH_PIECE).fact("named", pieceName + where);
        }
        if (mine.size() == 1) {
            return diagnosePiece(board, mine.get(0), to);
        }
        List<Integer> blocked = mine.stream().filter(sq -> MoveGenerator.obstacle(board, sq, to) >= 0).toList();
        if (blocked.size() == 1) {
            // one of them would go there but for a piece in the way: that is the move the player had in mind
            return diagnosePiece(board, blocked.get(0), to);
        }
        List<String> where = mine.stream().map(geometry::name).toList();
        return Illegality.of(Reason.NONE_CAN_MOVE_THERE).fact("named", pieceName).fact("to", toSquare)
                .fact("candidates", "Your " + pieceName + "s stand on " + String.join(", ", where) + ".").mark(toSquare);
    }

    private Illegality.Builder diagnosePiece(Workboard board, int from, int to) {
        Square f = geometry.square(from);
        Square t = geometry.square(to);
        int code = board.cell(from);
        int target = board.cell(to);
        if (target != 0 && Ruleset.sideOf(target) == me) {
            return Illegality.of(Reason.OWN_PIECE_ON_TARGET).fact("blocker", PieceNames.of(rules.pieceOf(target)))
                    .fact("to", t).mark(f, t);
        }
        int obstacle = MoveGenerator.obstacle(board, from, to);
        if (obstacle >= 0) {
            return Illegality.of(Reason.PATH_BLOCKED).fact("from", f).fact("to", t)
                    .fact("blocker", PieceNames.of(rules, board.cell(obstacle))).fact("at", geometry.square(obstacle))
                    .mark(f, t, geometry.square(obstacle));
        }
        List<Square> reach = destinations(board, from);
        String piece = PieceNames.of(rules.pieceOf(code));
        if (reach.isEmpty()) {
            return Illegality.of(Reason.CANNOT_MOVE_AT_ALL).fact("piece", piece).fact("from", f).fact("to", t).mark(f, t);
        }
        return Illegality.of(Reason.CANNOT_MOVE_THERE).fact("piece", piece).fact("from", f).fact("to", t)
                .fact("destinations", String.join(", ", reach.stream().map(Square::name).toList())).mark(f, t);
    }

    /** Where the piece could go now, ignoring check, nearest first. */
    private List<Square> destinations(Workboard board, int from) {
        int[] buffer = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.pseudoLegal(board, buffer);
        List<Square> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (Moves.from(buffer[i]) == from && Moves.kind(buffer[i]) != Moves.CASTLING) {
                Square s = geometry.square(Moves.to(buffer[i]));
                if (!out.contains(s)) {
                    out.add(s);
                }
            }
        }
        Square origin = geometry.square(from);
        out.sort(Comparator.<Square>comparingInt(s -> Math.max(Math.abs(s.file() - origin.file()), Math.abs(s.rank() - origin.rank())))
                .thenComparing(Square::name));
        return out;
    }

    private Illegality.Builder checkProblem(Workboard board, int move) {
        boolean wasInCheck = board.inCheck(me);
        int kingBefore = board.kingSquare(me);
        board.make(move, false);
        int king = board.kingSquare(me);
        int attacker = board.checkerOf(king, me.opponent());
        String attackerName = PieceNames.of(rules, board.cell(attacker));
        board.unmake();
        Reason reason;
        if (wasInCheck) {
            reason = escapeFirst ? Reason.MUST_ESCAPE_FIRST : Reason.STILL_IN_CHECK;
            int checker = board.checkerOf(kingBefore, me.opponent());
            if (checker >= 0 && Moves.from(move) != kingBefore) {
                attacker = checker;
                attackerName = PieceNames.of(rules, board.cell(checker));
            }
        } else {
            reason = Reason.LEAVES_KING_IN_CHECK;
        }
        Square kingSquare = geometry.square(wasInCheck ? kingBefore : king);
        return Illegality.of(reason).fact("king", kingSquare).fact("attacker", attackerName)
                .fact("at", geometry.square(attacker)).mark(kingSquare, geometry.square(attacker));
    }

    private Resolution castling() {
        boolean kingside = text.isKingside();
        String sideName = kingside ? "on the king's side" : "on the queen's side";
        Workboard board = position.workboard();
        int index = -1;
        for (int i = 0; i < rules.castlings().size(); i++) {
            Castling c = rules.castling(i);
            if (c.side() == me && c.kingside() == kingside) {
                index = i;
            }
        }
        Castling c = rules.castling(index);
        Square kingFrom = geometry.square(c.kingFrom());
        Square rookFrom = geometry.square(c.rookFrom());
        if ((board.castlingRights() & 1 << index) == 0) {
            String why;
            if (board.cell(c.kingFrom()) != rules.kingCode(me)) {
                why = "your king is no longer on " + kingFrom;
            } else if (board.cell(c.rookFrom()) == 0 || Ruleset.sideOf(board.cell(c.rookFrom())) != me) {
                why = "there is no piece of yours on " + rookFrom + " to castle with";
            } else {
                why = "your king or the piece on " + rookFrom + " has already moved";
            }
            return refuse(Illegality.of(Reason.CASTLING_RIGHT_LOST).fact("side", sideName).fact("why", why).mark(kingFrom, rookFrom));
        }
        int lo = Math.min(Math.min(c.kingFrom(), c.kingTo()), Math.min(c.rookFrom(), c.rookTo()));
        int hi = Math.max(Math.max(c.kingFrom(), c.kingTo()), Math.max(c.rookFrom(), c.rookTo()));
        for (int sq = lo; sq <= hi; sq++) {
            if (sq != c.kingFrom() && sq != c.rookFrom() && board.cell(sq) != 0) {
                return refuse(Illegality.of(Reason.CASTLING_BLOCKED).fact("side", sideName).fact("at", geometry.square(sq))
                        .mark(geometry.square(sq)));
            }
        }
        int checker = board.checkerOf(c.kingFrom(), me.opponent());
        if (checker >= 0) {
            return refuse(Illegality.of(Reason.CASTLING_OUT_OF_CHECK).fact("king", kingFrom)
                    .fact("attacker", PieceNames.of(rules, board.cell(checker))).fact("at", geometry.square(checker))
                    .mark(kingFrom, geometry.square(checker)));
        }
        int step = c.kingTo() > c.kingFrom() ? 1 : -1;
        for (int sq = c.kingFrom() + step; ; sq += step) {
            int attacker = board.checkerOf(sq, me.opponent());
            if (attacker >= 0) {
                return refuse(Illegality.of(Reason.CASTLING_THROUGH_CHECK).fact("at", geometry.square(sq))
                        .fact("attacker", PieceNames.of(rules, board.cell(attacker))).fact("from", geometry.square(attacker))
                        .mark(geometry.square(sq), geometry.square(attacker)));
            }
            if (sq == c.kingTo()) {
                break;
            }
        }
        for (Move m : position.legalMoves()) {
            if (m.isCastling() && Moves.castling(m.packed()) == index) {
                return new Resolution(m, null);
            }
        }
        throw new IllegalStateException("castling passed every check but was not generated: " + position);
    }
}
