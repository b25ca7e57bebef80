package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.epistle.core.games.conditional.ConditionalLine;
import org.epistle.core.games.conditional.ConditionalTable;
import org.epistle.core.games.conditional.Conditionals;
import org.epistle.core.games.conditional.LineText;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.jdbi.v3.core.Handle;

/**
 * Applies one player's command to a game inside the caller's transaction: judges turns, records
 * resignations and draw offers, and writes the mails each causes. Every change of the game row is
 * conditional on the row being as it was read ({@link GameChanged} otherwise).
 */
final class Arbiter implements Command.Cases<Result> {
    private final Handle h;
    private final Side side;
    private final String rawText;
    private final Correspondence post;
    private final ClockKeeper clocks;
    private final Instant now;
    /** Whether the player wrote by mail; the web form's refusals are shown on the page and mailed to nobody. */
    private final boolean byMail;
    private final JudgingMeter meter;
    private Game game;

    Arbiter(Handle h, Game game, Side side, String rawText, Correspondence post, ClockKeeper clocks, Instant now,
            boolean byMail, JudgingMeter meter) {
        this.h = h;
        this.game = game;
        this.side = side;
        this.rawText = rawText;
        this.post = post;
        this.clocks = clocks;
        this.now = now;
        this.byMail = byMail;
        this.meter = meter;
    }

    /** The game as this arbiter left it: what its transaction wrote, once that is committed. */
    Game game() {
        return game;
    }

    @Override
    public Result move(Command.Move move) {
        if (clocks.isFlagged(h, game, now)) {
            // the deadline passed before the scheduler's tick saw it: the game was lost on time, whoever writes now
            Side flagged = game.position().sideToMove();
            game = clocks.forfeit(h, game, post, now);
            return new Result(Result.Effect.TIME_FORFEIT, flagged.label() + " ran out of time before this mail was handled; "
                    + Ending.sentence(game.row().result(), game.row().termination()));
        }
        Optional<Refusal> refusal = Refusal.ofTurn(game, side, move.turnNumber(), byMail);
        if (refusal.isPresent()) {
            return rejectTurn(refusal.get());
        }
        Position before = game.position();
        long judging = System.nanoTime(); // a duration, not a time of day: the injected clock is not for this
        Verdict verdict = Referee.judge(before, move.text());
        meter.judged(game.row().variant(), verdict.isAccepted(), java.time.Duration.ofNanos(System.nanoTime() - judging));
        if (verdict instanceof Verdict.Rejected rejected) {
            return rejectTurn(Refusal.of(rejected.why()));
        }
        Verdict.Accepted accepted = (Verdict.Accepted) verdict;
        TurnRecord turn = new TurnRecord(game.row().turnsPlayed() + 1, before.turnNumber(), side, rawText,
                accepted.notation(), Fen.write(accepted.position()), now);
        GameRow next = game.row().played(turn.fenAfter(), side, now);
        Optional<Outcome> end = accepted.position().outcome();
        if (end.isPresent()) {
            next = next.finished(end.get().result().notation(), end.get().termination().text(), now);
        } else if (move.offersDraw()) {
            next = next.withDrawOffer(side, now); // stands from this turn on, as a draw offered alone would
        }
        boolean drawWithTurn = end.isEmpty() && move.offersDraw();
        MoveFacts facts = MoveRows.facts(h, game, side, now); // leave, digests, observers, the opponent's line: one read
        change(next);
        MoveRows.insertTurn(h, game.id(), turn);
        game = game.after(next, accepted, turn);
        clocks.afterTurn(h, game, side, now, facts.moverOnLeave());
        if (end.isPresent()) {
            if (facts.opponentHasLine()) {
                ConditionalTable.store(h, game.id(), side.opponent(), ConditionalLine.NONE, now); // nothing left to answer
            }
            post.toBoth(h, game, MailKind.GAME_OVER, m -> m.playedTurn(turn).notices(side, accepted.notices()).history(), now,
                    facts);
            return new Result(Result.Effect.TURN_PLAYED, "turn " + turn.line() + " played; "
                    + Ending.sentence(next.result(), next.termination()));
        }
        post.toBoth(h, game, MailKind.TURN_ACCEPTED, m -> m.playedTurn(turn).notices(side, accepted.notices())
                .put("drawWithTurn", drawWithTurn), now, facts);
        Result played = new Result(Result.Effect.TURN_PLAYED, "turn " + turn.line() + " played"
                + (drawWithTurn ? "; " + side.label() + " offered a draw with it" : ""));
        return facts.opponentHasLine() ? answerFromLine(turn, played) : played;
    }

    /**
     * The opponent's conditional line meets the turn just played: the expected turn is answered at once with the
     * queued reply, through the same {@link #move} a mail takes and in this transaction; any other turn cancels the
     * line, and its owner is told.
     */
    private Result answerFromLine(TurnRecord turn, Result played) {
        Side owner = side.opponent();
        ConditionalLine waiting = ConditionalTable.line(h, game.id(), owner);
        ConditionalLine.Step step = waiting.meet(turn.notation());
        if (step instanceof ConditionalLine.Step.Depart depart) {
            ConditionalTable.store(h, game.id(), owner, ConditionalLine.NONE, now);
            post.to(h, game, owner, MailKind.CONDITIONAL_LINE, m -> m.line(List.of(), game.player(side).name() + " played "
                    + turn.notation() + ", not " + depart.expected() + " as your line expected, so your conditional line was"
                    + " cancelled: " + depart.cancelled().text() + "."), now);
            return new Result(played.effect(), played.outcome() + "; " + owner.label() + "'s conditional line cancelled");
        }
        if (step instanceof ConditionalLine.Step.Follow follow) {
            ConditionalTable.store(h, game.id(), owner, follow.rest(), now);
            Arbiter reply = new Arbiter(h, game, owner, waiting.pairs().get(0).text(), post, clocks, now, true, meter);
            Result answered = reply.move(new Command.Move(follow.reply()));
            game = reply.game();
            if (answered.effect() != Result.Effect.TURN_PLAYED) {
                ConditionalTable.store(h, game.id(), owner, ConditionalLine.NONE, now); // refused and told: the rest is void
            }
            return new Result(played.effect(), played.outcome() + "; from " + owner.label() + "'s conditional line: "
                    + answered.outcome());
        }
        return played;
    }

    /** Queues, replaces or clears this side's conditional line, judged in the positions it would lead to. */
    @Override
    public Result conditional(Command.Conditional line) {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        LineText.Reading reading = LineText.read(line.text());
        if (reading instanceof LineText.Reading.Unreadable unreadable) {
            return refuse(new Refusal("conditional-unreadable", unreadable.explanation(),
                    "Write each pair as if <their turn> then <your reply>, e.g. if " + Instructions.example(game.variant())
                            + " then ...; put several pairs one after another, or one a line. To clear your line: if cancel."));
        }
        if (reading instanceof LineText.Reading.Cancel) {
            boolean had = !ConditionalTable.line(h, game.id(), side).isEmpty();
            ConditionalTable.store(h, game.id(), side, ConditionalLine.NONE, now);
            post.to(h, game, side, MailKind.CONDITIONAL_LINE, m -> m.line(List.of(),
                    had ? "Your conditional line is cleared." : "You had no conditional line queued; nothing changed."), now);
            return new Result(Result.Effect.LINE_CHANGED, side.label() + "'s conditional line cleared");
        }
        List<ConditionalLine.Pair> written = ((LineText.Reading.Written) reading).pairs();
        Conditionals.Judgement judged = Conditionals.judge(game.position(), side, written);
        if (judged instanceof Conditionals.Judgement.Refused refused) {
            return refuse(new Refusal(refused.reason(), refused.explanation(), refused.hint(), refused.notAccepted(), List.of()));
        }
        ConditionalLine queued = ((Conditionals.Judgement.Queued) judged).line();
        ConditionalTable.store(h, game.id(), side, queued, now);
        post.to(h, game, side, MailKind.CONDITIONAL_LINE, m -> m.line(queued.lines(),
                "Your conditional line is queued. When " + game.player(side.opponent()).name() + " plays the turn you expect,"
                        + " your reply is played at once; any other turn cancels the rest of the line."), now);
        return new Result(Result.Effect.LINE_CHANGED, side.label() + " queued " + queued.text());
    }

    @Override
    public Result resign() {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        String result = side == Side.WHITE ? "0-1" : "1-0";
        end(game.row().finished(result, Ending.RESIGNATION, now));
        return new Result(Result.Effect.RESIGNED, side.label() + " resigned");
    }

    @Override
    public Result offerDraw() {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        Side standing = game.row().drawOfferedBy();
        if (standing == side) {
            return refuse(Refusal.drawAlreadyOffered(side));
        }
        if (standing == side.opponent()) {
            return acceptDraw();
        }
        changeAndTellBoth(game.row().withDrawOffer(side, now), MailKind.DRAW_OFFERED, m -> m);
        return new Result(Result.Effect.DRAW_OFFERED, side.label() + " offered a draw");
    }

    @Override
    public Result acceptDraw() {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        if (game.row().drawOfferedBy() != side.opponent()) {
            return refuse(Refusal.noDrawOffer(side, "accept", byMail));
        }
        end(game.row().finished(Ending.DRAW, Ending.AGREEMENT, now));
        return new Result(Result.Effect.DRAW_AGREED, side.label() + " accepted the draw");
    }

    @Override
    public Result declineDraw() {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        if (game.row().drawOfferedBy() != side.opponent()) {
            if (side == game.position().sideToMove() && Referee.judge(game.position(), "decline").isAccepted()) {
                // no draw offer to decline, but the rules take decline as this player's turn (Quest-Chess: let a capture stand)
                return move(new Command.Move("decline"));
            }
            return refuse(Refusal.noDrawOffer(side, "decline", byMail));
        }
        String decliner = game.player(side).name();
        changeAndTellBoth(game.row().withDrawOffer(null, now), MailKind.DRAW_DECLINED, m -> m.headline(side,
                "You declined the draw offer", decliner + " declined your draw offer"));
        return new Result(Result.Effect.DRAW_DECLINED, side.label() + " declined the draw");
    }

    @Override
    public Result claimDraw() {
        if (!game.row().isActive()) {
            return refuse(Refusal.gameOver(game, byMail));
        }
        Optional<String> refused = Referee.drawClaimRefused(game.position());
        if (refused.isPresent()) {
            return refuse(Refusal.noDrawToClaim(refused.get()));
        }
        end(game.row().finished(Ending.DRAW, Outcome.Termination.QUIET_TURNS_CLAIMED.text(), now));
        return new Result(Result.Effect.DRAW_CLAIMED, side.label() + " claimed a draw");
    }

    @Override
    public Result showBoard() {
        return show(MailKind.BOARD, m -> m, "board");
    }

    @Override
    public Result showHistory() {
        return show(MailKind.HISTORY, MailModel::history, "history");
    }

    @Override
    public Result help() {
        return show(MailKind.HELP, MailModel::rules, "help");
    }

    /** A turn that was not played, or a refused command, after another submission changed the game. */
    Result crossed(Command command) {
        Refusal refusal = Refusal.crossed(game, side, byMail);
        return command instanceof Command.Move ? rejectTurn(refusal) : refuse(refusal);
    }

    private Result show(MailKind kind, UnaryOperator<MailModel> fill, String what) {
        if (!byMail) {
            return new Result(Result.Effect.SHOWN, what + " shown on " + side.label() + "'s page");
        }
        post.to(h, game, side, kind, fill, now);
        return new Result(Result.Effect.SHOWN, what + " sent to " + side.label());
    }

    private Result rejectTurn(Refusal refusal) {
        if (!byMail) {
            return new Result(Result.Effect.TURN_REFUSED, "turn refused on the page, " + refusal.summary(), Optional.of(refusal));
        }
        post.to(h, game, side, MailKind.TURN_REJECTED, m -> m.refusal(refusal, rawText), now);
        return new Result(Result.Effect.TURN_REFUSED, "turn refused, " + refusal.summary(), Optional.of(refusal));
    }

    private Result refuse(Refusal refusal) {
        if (!byMail) {
            return new Result(Result.Effect.REFUSED, "refused on the page, " + refusal.summary(), Optional.of(refusal));
        }
        post.to(h, game, side, MailKind.REFUSAL, m -> m.refusal(refusal, rawText), now);
        return new Result(Result.Effect.REFUSED, "refused, " + refusal.summary(), Optional.of(refusal));
    }

    private void end(GameRow finished) {
        changeAndTellBoth(finished, MailKind.GAME_OVER, MailModel::history);
    }

    private void changeAndTellBoth(GameRow next, MailKind kind, UnaryOperator<MailModel> fill) {
        change(next);
        game = game.with(next);
        post.toBoth(h, game, kind, fill, now);
    }

    private void change(GameRow next) {
        if (MoveRows.update(h, game.row(), next) != 1) {
            throw new GameChanged(game.id());
        }
    }
}
