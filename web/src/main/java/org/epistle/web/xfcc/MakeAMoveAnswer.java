package org.epistle.web.xfcc;

import java.util.Optional;
import java.util.OptionalInt;
import org.epistle.core.games.Command;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameView;
import org.epistle.core.games.Player;
import org.epistle.core.games.Refusal;
import org.epistle.core.games.Result;
import org.epistle.core.games.Seat;
import org.epistle.core.games.clock.TimeForfeit;
import org.epistle.core.rules.board.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code MakeAMove} and {@code MakeAMove2}: the signed-in player's command goes through the game service's one
 * command path ({@link GameService#handleFromClient}), as a mail or the web form's would, and what became of it is
 * told in XfccBasic's result codes. The opponent is mailed as for any turn.
 */
final class MakeAMoveAnswer {
    private static final Logger LOG = LoggerFactory.getLogger(MakeAMoveAnswer.class);

    private final GameService service;
    private final Runnable afterCommit;

    MakeAMoveAnswer(GameService service, Runnable afterCommit) {
        this.service = service;
        this.afterCommit = afterCommit;
    }

    MoveResult make(XfccService.Gate gate, MakeAMove call) {
        try {
            return act(gate, call);
        } catch (RuntimeException e) {
            // one line, without the password: the client is told ServerError and may send again
            LOG.warn("xfcc MakeAMove on game {} failed: {}", call.gameId, e.toString());
            return MoveResult.SERVER_ERROR;
        }
    }

    private MoveResult act(XfccService.Gate gate, MakeAMove call) {
        Optional<Player> player = gate.signIn(call.username, call.password);
        if (player.isEmpty()) {
            return MoveResult.AUTHENTICATION_FAILED;
        }
        if (call.gameId <= 0 || service.find(call.gameId).isEmpty()) {
            return MoveResult.INVALID_GAME_ID;
        }
        Optional<Seat> seat = service.seatOf(call.gameId, player.get());
        if (seat.isEmpty()) {
            return MoveResult.NOT_YOUR_GAME;
        }
        String move = call.myMove == null ? "" : call.myMove.strip();
        Optional<Command> command = command(call, move);
        if (command.isEmpty()) {
            return MoveResult.INVALID_MOVE; // nothing asked: no move, no resignation, no draw
        }
        MoveResult result = run(seat.get(), command.get(), move);
        if (result == MoveResult.SUCCESS && call.claimDraw && !move.isEmpty()) {
            result = run(seat.get(), new Command.ClaimDraw(), "claim"); // the claim after the move that makes it good
        }
        return result;
    }

    /** The command the call asks for: a resignation or a draw accepted before anything else, then the turn, then a draw. */
    private static Optional<Command> command(MakeAMove call, String move) {
        if (call.resign) {
            return Optional.of(new Command.Resign());
        }
        if (call.acceptDraw) {
            return Optional.of(new Command.AcceptDraw());
        }
        if (!move.isEmpty()) {
            Command.Move turn = new Command.Move(move, OptionalInt.of(call.movecount));
            return Optional.of(call.offerDraw ? turn.offeringDraw() : turn);
        }
        if (call.claimDraw) {
            return Optional.of(new Command.ClaimDraw());
        }
        if (call.offerDraw) {
            return Optional.of(new Command.OfferDraw());
        }
        return Optional.empty();
    }

    private MoveResult run(Seat seat, Command command, String text) {
        Result result = service.handleFromClient(seat, command, text);
        if (result.changedGame()) {
            afterCommit.run();
        }
        if (result.effect() == Result.Effect.TIME_FORFEIT) {
            return lostOnTime(seat) ? MoveResult.LOST_ON_TIME : MoveResult.NOT_YOUR_TURN;
        }
        if (result.changedGame()) {
            return MoveResult.SUCCESS;
        }
        return result.refusal().map(r -> refused(seat, r)).orElse(MoveResult.SERVER_ERROR);
    }

    private MoveResult refused(Seat seat, Refusal refusal) {
        return switch (refusal.reason()) {
            case "ambiguous" -> MoveResult.MOVE_IS_AMBIGUOUS;
            case "not-your-turn" -> MoveResult.NOT_YOUR_TURN;
            case "stale-turn-number", "crossed" -> isToMove(seat) ? MoveResult.INVALID_MOVE_NUMBER : MoveResult.NOT_YOUR_TURN;
            case "no-draw-offer" -> MoveResult.NO_DRAW_WAS_OFFERED;
            case "on-leave" -> MoveResult.YOU_ARE_ON_LEAVE;
            case "game-over" -> lostOnTime(seat) ? MoveResult.LOST_ON_TIME : MoveResult.NOT_YOUR_TURN;
            case "draw-already-offered" -> MoveResult.SUCCESS; // the offer stands, as asked
            default -> MoveResult.INVALID_MOVE; // the referee's reasons, and a draw claim the rules do not allow
        };
    }

    private boolean isToMove(Seat seat) {
        GameView game = service.view(seat.gameId());
        return game.isActive() && game.position().sideToMove() == seat.side();
    }

    /** Whether the game ended with this seat's player out of time. */
    private boolean lostOnTime(Seat seat) {
        GameView game = service.view(seat.gameId());
        String lost = seat.side() == Side.WHITE ? "0-1" : "1-0";
        return game.termination().filter(TimeForfeit.TERMINATION::equals).isPresent()
                && game.result().filter(lost::equals).isPresent();
    }
}
