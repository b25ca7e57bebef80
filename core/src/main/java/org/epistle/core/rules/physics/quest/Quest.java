package org.epistle.core.rules.physics.quest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Material;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.move.Workboard;
import org.epistle.core.rules.notation.MoveReader;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.NotationException;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.physics.NotedInFen;
import org.epistle.core.rules.physics.TurnRule;
import org.epistle.core.rules.physics.quest.QuestState.Awaited;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Quest-Chess (Donald Benge): up to ten moves a turn (five in White's first), each man once, and the
 * opponent answering inside the mover's turn. A turn reaches the server in segments, one a mail:
 * the turn player's moves, which stop where the opponent may or must answer (a capture that can be
 * taken back, a check, a double step open to en passant); the opponent's one answer, or decline;
 * the turn player's next segment, and so on. The turn ends with the last move of a segment that
 * did not stop, with its tenth (or fifth) move, or with {@code pass}. While an answer is awaited
 * the opponent is the side to move; the position's notes say whose turn it is and how it stands
 * ({@link QuestState}).
 */
public final class Quest implements TurnRule, NotedInFen {
    public static final Quest RULE = new Quest();
    static final String NOTE = "quest";
    static final int MOVES = 10;
    static final int WHITES_FIRST_TURN = 5;
    /** Moves without capture or pawn move (both sides' together) after which the game is drawn: fifty full turns each. */
    private static final int DRAW_CLOCK = 100 * MOVES;

    private Quest() {
    }

    @Override
    public String name() {
        return NOTE;
    }

    /** One part of what a player wrote: a move, {@code pass} (end the turn) or {@code decline} (let a capture stand). */
    sealed interface Item permits Play, Pass, Decline {
        String text();
    }

    record Play(MoveText move, String text) implements Item {
    }

    record Pass(String text) implements Item {
    }

    record Decline(String text) implements Item {
    }

    /** What one mail holds: its items in order, and whether it was written in square brackets, as an answer. */
    record Segment(List<Item> items, boolean bracketed) {
    }

    /** Reads a segment: moves, pass (or end) and decline, separated as turns are; {@code [exd5]} marks an answer. */
    static Segment read(String written) {
        String text = written.strip();
        boolean bracketed = text.startsWith("[") && text.endsWith("]");
        if (bracketed) {
            text = text.substring(1, text.length() - 1);
        }
        List<Item> items = new ArrayList<>();
        for (String token : MoveReader.tokens(text)) {
            String word = token.toLowerCase(Locale.ROOT).replaceAll("[.!]+$", "");
            switch (word) {
                case "pass", "end" -> items.add(new Pass("pass"));
                case "decline", "declined" -> items.add(new Decline("decline"));
                default -> items.add(new Play(MoveReader.move(token), token));
            }
        }
        return new Segment(items, bracketed);
    }

    @Override
    public Optional<Verdict> judgeWritten(Position start, String turn) {
        Segment segment;
        try {
            segment = read(turn);
        } catch (NotationException e) {
            return Optional.of(new Verdict.Rejected(Illegality.of(Reason.UNREADABLE).fact("text", e.text())
                    .fact("problem", lowerFirst(e.getMessage())).fact("example", "e4, Nf3, Bc4 (or pass, or decline)")
                    .move(0, e.text()).build()));
        }
        return Optional.of(judge(start, segment));
    }

    @Override
    public Verdict judge(Position start, List<MoveText> turn) {
        return judge(start, new Segment(turn.stream().<Item>map(m -> new Play(m, m.text())).toList(), false));
    }

    /** A record is replayed by the same rules: Quest turns have nothing a player could have made "as played". */
    @Override
    public Verdict asPlayed(Position start, List<MoveText> turn) {
        return judge(start, turn);
    }

    @Override
    public boolean isCheck(Position position, Side side) {
        return position.kingSquare(side).isPresent() && position.workboard().inCheck(side);
    }

    /** A note must say who acts now as the FEN does: the turn player, or the opponent while an answer is awaited. */
    @Override
    public void checkNote(String note, Side toMove) {
        QuestState s = QuestState.read(Optional.of(note), toMove, Geometry.STANDARD);
        Side acting = s.awaits().isNone() ? s.owner() : s.owner().opponent();
        if (acting != toMove) {
            throw new IllegalArgumentException("it has " + acting.label() + " act next, but the FEN gives the move to " + toMove.label());
        }
    }

    static QuestState state(Position p) {
        return QuestState.read(Optional.ofNullable(p.physics().notes().get(NOTE)), p.sideToMove(), p.geometry());
    }

    /** Moves the turn of this side has, by the turn number: five in White's first turn, otherwise ten. */
    static int allowance(Position p, Side owner) {
        return owner == Side.WHITE && p.turnNumber() == 1 ? WHITES_FIRST_TURN : MOVES;
    }

    Verdict judge(Position start, Segment segment) {
        if (segment.items().isEmpty()) {
            return refuse(Illegality.of(Reason.EMPTY_TURN).fact("example", "e4, Nf3, Bc4").build());
        }
        QuestState state = state(start);
        if (!state.awaits().isNone()) {
            return new Answer(start, state).judge(segment);
        }
        if (segment.bracketed() && !(segment.items().get(0) instanceof Decline)) {
            return refuse(Illegality.of(Reason.QUEST_NOT_AN_ANSWER_NOW).fact("what", what(state))
                    .move(0, segment.items().get(0).text()).build());
        }
        return new TurnSegment(start, state).judge(segment.items());
    }

    private static String what(QuestState state) {
        return state.played() == 0 ? "turn" : "turn, which goes on";
    }

    /** The opponent's one move (or decline) in the middle of the turn player's turn. */
    private static final class Answer {
        private final Position start;
        private final QuestState state;
        private final Side me;
        private final Awaited awaited;

        Answer(Position start, QuestState state) {
            this.start = start;
            this.state = state;
            this.me = start.sideToMove();
            this.awaited = state.awaits();
        }

        Verdict judge(Segment segment) {
            List<Item> items = segment.items();
            String awaitedText = awaitedSentence();
            String orDecline = awaited.mayBeDeclined() ? " or decline" : "";
            if (items.size() > 1) {
                return refuse(Illegality.of(Reason.QUEST_ONE_ANSWER).fact("awaited", awaitedText).fact("orDecline", orDecline)
                        .fact("text", items.get(1).text()).move(1, items.get(1).text()).build());
            }
            Item item = items.get(0);
            if (item instanceof Decline d) {
                return decline(d);
            }
            if (item instanceof Pass p) {
                return refuse(Illegality.of(Reason.QUEST_NOT_THE_ANSWER).fact("awaited", awaitedText)
                        .fact("text", "pass").fact("examples", examples()).move(0, p.text()).build());
            }
            return play((Play) item, awaitedText);
        }

        private Verdict decline(Decline d) {
            if (!awaited.mayBeDeclined()) {
                Square king = start.kingSquare(me).orElseThrow();
                return refuse(Illegality.of(Reason.QUEST_CHECK_MUST_BE_MET).fact("king", king).mark(king).move(0, d.text()).build());
            }
            // a chance declined is gone: the turn player goes on, the capturing man free to move again
            Position after = withState(start.keepingEnPassantOf(-1), state.with(state.played(), state.moved(), Awaited.NONE))
                    .handedTo(state.owner());
            return new Verdict.Accepted(after, List.of(), "[decline]");
        }

        private Verdict play(Play play, String awaitedText) {
            MoveResolver.Resolution r = new MoveResolver(start, play.move(), 0, false, false).resolve();
            if (r.why() != null) {
                return refuse(r.why());
            }
            Move move = r.move();
            boolean fits = switch (awaited.kind()) {
                case RECAPTURE -> move.to().equals(awaited.square().orElseThrow()) && move.kind() != Move.Kind.CASTLING;
                case EN_PASSANT -> move.kind() == Move.Kind.EN_PASSANT && move.to().equals(awaited.square().orElseThrow());
                default -> true; // the resolver lets only a move that gets out of check through
            };
            if (!fits) {
                return refuse(Illegality.of(Reason.QUEST_NOT_THE_ANSWER).fact("awaited", awaitedText).fact("text", play.text())
                        .fact("examples", examples()).mark(awaited.square().orElseThrow()).move(0, play.text()).build());
            }
            String san = start.rules().variant().notation().promotionStyled(SanWriter.write(start, move));
            Position next = afterMove(start, move);
            Side owner = state.owner();
            List<Square> stillMoved = state.moved().stream()
                    .filter(sq -> next.pieceAt(sq).map(pc -> pc.side() == owner).orElse(false)).toList();
            Position after = withState(next, state.with(state.played(), stillMoved, Awaited.NONE)).handedTo(owner);
            if (after.workboard().inCheck(owner)) {
                if (after.legalMoves().isEmpty()) {
                    return new Verdict.Accepted(mated(after, me), List.of(move), "[" + san + "#]");
                }
                san += "+";
            }
            return new Verdict.Accepted(after, List.of(move), "[" + san + "]");
        }

        private String awaitedSentence() {
            return Quest.awaitedSentence(start, state, me);
        }

        private String examples() {
            return switch (awaited.kind()) {
                case RECAPTURE -> "a move that captures on " + awaited.square().orElseThrow().name() + ", or decline";
                case EN_PASSANT -> "the capture en passant to " + awaited.square().orElseThrow().name() + ", or decline";
                default -> "one move that gets your king out of check";
            };
        }
    }

    /** The turn player's moves in one mail, up to the end of the turn or the first point where the opponent answers. */
    private static final class TurnSegment {
        private final Position start;
        private final QuestState state;
        private final Side me;
        private final int allowed;

        TurnSegment(Position start, QuestState state) {
            this.start = start;
            this.state = state;
            this.me = start.sideToMove();
            this.allowed = allowance(start, me);
        }

        Verdict judge(List<Item> items) {
            Ruleset rules = start.rules();
            Geometry g = start.geometry();
            Position current = start;
            int played = state.played();
            Set<Square> moved = new LinkedHashSet<>(state.moved());
            List<Move> moves = new ArrayList<>();
            List<String> written = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                Item item = items.get(i);
                boolean lastItem = i == items.size() - 1;
                if (item instanceof Decline d) {
                    return refuse(Illegality.of(Reason.QUEST_NOTHING_TO_DECLINE).fact("what", what(state))
                            .fact("instead", played == 0 ? "Send your turn, for example e4, Nf3." : "Send more moves, or pass to end the turn.")
                            .move(i, d.text()).build());
                }
                if (item instanceof Pass p) {
                    if (!lastItem) {
                        return refuse(Illegality.of(Reason.QUEST_PASS_NOT_LAST).fact("text", items.get(i + 1).text())
                                .move(i + 1, items.get(i + 1).text()).build());
                    }
                    if (played == 0) {
                        return refuse(Illegality.of(Reason.QUEST_PASS_BEFORE_FIRST_MOVE).fact("example", "e4, Nf3")
                                .move(i, p.text()).build());
                    }
                    if (current.workboard().inCheck(me)) {
                        return refuse(inCheck(current, Reason.QUEST_PASS_IN_CHECK).move(i, p.text()).build());
                    }
                    written.add("pass");
                    break;
                }
                Play play = (Play) item;
                if (played >= allowed) {
                    int left = allowed - state.played();
                    return refuse(Illegality.of(Reason.QUEST_TOO_MANY_MOVES).fact("allowed", allowed + " moves")
                            .fact("played", state.played()).fact("left", left).fact("s", left == 1 ? "" : "s")
                            .move(i, play.text()).build());
                }
                MoveResolver.Resolution r = new MoveResolver(current, play.move(), i, false, false).resolve();
                if (r.why() != null) {
                    return refuse(r.why());
                }
                Move move = r.move();
                Square from = move.from();
                if (moved.contains(from) && !current.workboard().inCheck(me)) {
                    return refuse(Illegality.of(Reason.QUEST_MAN_MOVED_TWICE)
                            .fact("piece", PieceNames.of(rules.pieceOf(current.code(g.index(from)))))
                            .fact("from", from).mark(from).move(i, play.text()).build());
                }
                boolean captured = move.kind() == Move.Kind.EN_PASSANT
                        || move.kind() != Move.Kind.CASTLING && current.code(g.index(move.to())) != 0;
                String san = start.rules().variant().notation().promotionStyled(SanWriter.write(current, move));
                Position next = afterMove(current, move);
                boolean check = next.workboard().inCheck(me.opponent());
                Square lands = move.isCastling() ? g.square(rules.castling(Moves.castling(move.packed())).kingTo())
                        : move.to();
                moved.remove(from);
                // a man that captured, gave check (even a discovered one) or was promoted may move again
                if (!captured && !check && move.kind() != Move.Kind.PROMOTION) {
                    moved.add(lands);
                }
                played++;
                moves.add(move);
                current = next;
                Position theirs = current.handedTo(me.opponent());
                if (check && theirs.legalMoves().isEmpty()) {
                    written.add(san + "#");
                    boolean onlyPassFollows = i + 1 == items.size() || i + 2 == items.size() && items.get(i + 1) instanceof Pass;
                    if (!onlyPassFollows) {
                        return refuse(Illegality.of(Reason.QUEST_MATE_ENDS_GAME).fact("move", san + "#")
                                .move(i + 1, items.get(i + 1).text()).build());
                    }
                    Position over = withState(current, null).endTurn();
                    return new Verdict.Accepted(over.withOutcome(new Outcome(Outcome.Result.winner(me), Outcome.Termination.CHECKMATE)),
                            moves, String.join(", ", written));
                }
                written.add(san + (check ? "+" : ""));
                boolean turnsLastMove = played == allowed;
                boolean passFollows = !lastItem && items.get(i + 1) instanceof Pass;
                if (turnsLastMove || passFollows) {
                    continue; // the turn ends with this move: what it offers becomes the opponent's first move
                }
                Awaited awaited = awaited(theirs, move, captured, check);
                if (!awaited.isNone()) {
                    if (!lastItem) {
                        return refuse(Illegality.of(Reason.QUEST_STOPS_FOR_ANSWER).fact("move", written.get(written.size() - 1))
                                .fact("why", because(awaited, me.opponent())).move(i + 1, items.get(i + 1).text()).build());
                    }
                    Position stopped = withState(current, new QuestState(me, played, List.copyOf(moved), awaited))
                            .handedTo(me.opponent());
                    return new Verdict.Accepted(stopped, moves, String.join(", ", written));
                }
            }
            return new Verdict.Accepted(endOfTurn(withState(current, null), me), moves, String.join(", ", written));
        }

        private Illegality.Builder inCheck(Position p, Reason reason) {
            Square king = p.kingSquare(me).orElseThrow();
            Workboard b = p.workboard();
            int attacker = b.checkerOf(p.geometry().index(king), me.opponent());
            return Illegality.of(reason).fact("king", king).fact("attacker", PieceNames.of(p.rules(), b.cell(attacker)))
                    .fact("at", p.geometry().square(attacker)).mark(king, p.geometry().square(attacker));
        }
    }

    /** What the opponent may or must answer at once after this move, from the opponent's side of the board. */
    private static Awaited awaited(Position theirs, Move move, boolean captured, boolean check) {
        if (check) {
            return Awaited.CHECK;
        }
        List<Move> answers = theirs.legalMoves();
        if (captured && answers.stream().anyMatch(m -> m.to().equals(move.to()) && !m.isCastling())) {
            return Awaited.recapture(move.to());
        }
        if (move.kind() == Move.Kind.DOUBLE_STEP) {
            Optional<Move> enPassant = answers.stream().filter(m -> m.kind() == Move.Kind.EN_PASSANT).findFirst();
            if (enPassant.isPresent()) {
                return Awaited.enPassant(enPassant.get().to());
            }
        }
        return Awaited.NONE;
    }

    private static String because(Awaited a, Side opponent) {
        return switch (a.kind()) {
            case CHECK -> opponent.label() + " must get out of check at once";
            case RECAPTURE -> opponent.label() + " may recapture on " + a.square().orElseThrow().name() + " or decline";
            case EN_PASSANT -> opponent.label() + " may take en passant to " + a.square().orElseThrow().name() + " or decline";
            case NONE -> "";
        };
    }

    /** The answer awaited, in a sentence to the side that gives it. */
    static String awaitedSentence(Position p, QuestState state, Side me) {
        Awaited a = state.awaits();
        String owner = state.owner().label();
        return switch (a.kind()) {
            case RECAPTURE -> owner + " captured on " + a.square().orElseThrow().name() + ": you may recapture there at once, or decline.";
            case EN_PASSANT -> owner + "'s pawn stepped two squares: you may take it en passant to "
                    + a.square().orElseThrow().name() + " at once, or decline.";
            case CHECK -> owner + " gave check in the middle of the turn: your king on "
                    + p.kingSquare(me).map(Square::name).orElse("?") + " must get out of check at once.";
            case NONE -> "";
        };
    }

    /** A move played, with an en-passant chance kept only against the pawn that has just stepped two squares. */
    private static Position afterMove(Position before, Move move) {
        Position next = before.play(move);
        return next.keepingEnPassantOf(move.kind() == Move.Kind.DOUBLE_STEP ? before.geometry().index(move.to()) : -1);
    }

    private static Position withState(Position p, QuestState state) {
        return p.withPhysics(p.physics().withNote(NOTE, state == null ? null : state.write()));
    }

    private static Position mated(Position p, Side winner) {
        return p.withOutcome(new Outcome(Outcome.Result.winner(winner), Outcome.Termination.CHECKMATE));
    }

    /**
     * Closes the turn and judges the end of the game. A turn exists whenever one legal move does (a turn
     * may stop after its first move), so a single look at the next player's moves decides mate and
     * stalemate: bounded by the number of moves, never a search over turns.
     */
    static Position endOfTurn(Position current, Side mover) {
        Position p = current.endTurn();
        if (p.legalMoves().isEmpty()) {
            return p.withOutcome(p.workboard().inCheck(p.sideToMove())
                    ? new Outcome(Outcome.Result.winner(mover), Outcome.Termination.CHECKMATE)
                    : new Outcome(Outcome.Result.DRAW, Outcome.Termination.STALEMATE));
        }
        if (p.repetitions() >= 3) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.THREEFOLD_REPETITION));
        }
        if (p.halfmoveClock() >= DRAW_CLOCK) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.FIFTY_MOVES));
        }
        if (Material.isInsufficient(p)) {
            return p.withOutcome(new Outcome(Outcome.Result.DRAW, Outcome.Termination.INSUFFICIENT_MATERIAL));
        }
        return p;
    }

    /** How the turn stands and what is awaited, under every diagram, mail and page. */
    @Override
    public Report describe(Position p) {
        if (p.isOver()) {
            return Report.NONE;
        }
        QuestState s = state(p);
        Side owner = s.owner();
        int allowed = allowance(p, owner);
        List<String> lines = new ArrayList<>();
        lines.add(owner.label() + "'s turn " + p.turnNumber() + ": " + s.played() + " of up to " + allowed + " moves played.");
        if (!s.moved().isEmpty()) {
            lines.add("Moved this turn, not to move again unless to get out of check: "
                    + String.join(", ", s.moved().stream().map(Square::name).toList()) + ".");
        }
        lines.add(switch (s.awaits().kind()) {
            case NONE -> s.played() == 0 ? owner.label() + " plays the turn; it stops for " + owner.opponent().label()
                    + "'s answer after a capture that can be taken back, a check or a double step open to en passant."
                    : p.workboard().inCheck(owner) ? owner.label() + " must get out of check at once; the move counts in the turn."
                    : owner.label() + " goes on with the turn, or passes to end it.";
            case CHECK -> "Awaited: " + owner.opponent().label() + " must get out of check at once.";
            case RECAPTURE -> "Awaited: " + owner.opponent().label() + " may recapture on " + s.awaits().square().orElseThrow().name()
                    + ", or decline.";
            case EN_PASSANT -> "Awaited: " + owner.opponent().label() + " may take en passant to "
                    + s.awaits().square().orElseThrow().name() + ", or decline.";
        });
        return new Report("The turn in progress", lines);
    }

    /** Whether the side to move is to answer inside the other side's turn (a recapture, a check, an en-passant chance). */
    public boolean awaitsAnswer(Position p) {
        return !p.isOver() && !state(p).awaits().isNone();
    }

    @Override
    public Optional<Request> request(Position p) {
        if (p.isOver()) {
            return Optional.empty();
        }
        QuestState s = state(p);
        Side owner = s.owner();
        int allowed = allowance(p, owner);
        if (!s.awaits().isNone()) {
            String how = s.awaits().mayBeDeclined()
                    ? " Reply with that one move, or with decline ([decline] while a draw offer of " + owner.label()
                    + "'s is open); then " + owner.label() + " goes on with the turn."
                    : " Reply with that one move; then " + owner.label() + " goes on with the turn.";
            return Optional.of(new Request(awaitedSentence(p, s, p.sideToMove()) + how,
                    because(s.awaits(), p.sideToMove()) + "; then your turn goes on, and you will get a mail.", 1));
        }
        if (s.played() > 0) {
            int left = allowed - s.played();
            String check = p.workboard().inCheck(owner) ? " Your king is in check: the first move must get it out." : "";
            return Optional.of(new Request("Your turn goes on: " + s.played() + " of " + allowed + " moves played, up to " + left
                    + " more." + check + " Reply with more moves (the turn ends with the last of them unless it stops again for an"
                    + " answer), or with pass to end the turn now.",
                    owner.label() + "'s turn goes on; you will get a mail when it stops for your answer or ends.", left));
        }
        return Optional.of(new Request("Reply with your turn: up to " + allowed + " moves joined by commas, e.g. e4, Nf3, Bc4."
                + " The turn ends with your last move, but stops for " + owner.opponent().label() + "'s answer after a capture that"
                + " can be taken back, a check, or a double step open to en passant; write pass after such a move to end the"
                + " turn with it.", "It is " + owner.label() + "'s turn; you will get a mail when it stops for your answer or ends.", allowed));
    }

    private static Verdict refuse(Illegality why) {
        return new Verdict.Rejected(why);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
