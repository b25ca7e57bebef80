package org.epistle.core.games;

import org.epistle.core.rules.board.Side;

/** A game just created, with both seats' tokens (they are also in the opening mails). */
public record CreatedGame(long gameId, String whiteToken, String blackToken) {

    public String token(Side side) {
        return side == Side.WHITE ? whiteToken : blackToken;
    }

    public Credentials credentials(Side side) {
        return new Credentials(gameId, token(side));
    }

    @Override
    public String toString() {
        return "CreatedGame[" + gameId + ", tokens hidden]";
    }
}
