package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.epistle.core.games.desk.DigestTable;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;

/**
 * Writes the server's mails about a game into the outbox: who gets them, their subjects and
 * threading headers, and the reply address that carries each seat's token.
 */
final class Correspondence {
    private final MailIdentity identity;
    private final ServerKey key;
    private final ClockKeeper clocks;

    Correspondence(MailIdentity identity, ServerKey key, ClockKeeper clocks) {
        this.identity = identity;
        this.key = key;
        this.clocks = clocks;
    }

    /** The same kind of mail to both players, each with their own reply address, filled by {@code fill}. */
    void toBoth(Handle h, Game game, MailKind kind, UnaryOperator<MailModel> fill, Instant at) {
        for (Side side : Side.values()) {
            to(h, game, side, kind, fill, at);
        }
    }

    void to(Handle h, Game game, Side side, MailKind kind, UnaryOperator<MailModel> fill, Instant at) {
        if (kind == MailKind.TURN_ACCEPTED && h.attach(DigestTable.class).minuteOf(game.player(side).id()).isPresent()) {
            return; // the player takes the daily digest instead of a mail per turn
        }
        Credentials seat = credentials(game.id(), side);
        String replyAddress = identity.replyAddress(seat);
        MailModel model = fill.apply(clocks.show(h, game, side, MailModel.about(game, kind, side, replyAddress,
                identity.gameUrl(game.id()), identity.playUrl(seat)), at));
        Player player = game.player(side);
        String root = game.row().rootMessageId();
        Outbox.put(h, new Letter(game.id(), kind, player.name(), player.email(), subject(game, seat), messageId(), root,
                List.of(root), replyAddress, model.build()), at);
    }

    /** A refusal of a mail that named no game we could trust, to a registered player only. */
    void refusal(Handle h, Player player, Refusal refusal, Instant at) {
        Outbox.put(h, new Letter(0, MailKind.REFUSAL, player.name(), player.email(),
                "[Epistle] Your mail could not be used", messageId(), null, List.of(), identity.serverAddress(),
                MailModel.aboutNoGame(player.name(), refusal, identity.serverAddress())), at);
    }

    /**
     * A mail about the player rather than one game (their desk, their digest, the answer to leave or a time zone);
     * replies go to the server's address, which the model names too.
     */
    void toPlayer(Handle h, Player player, MailKind kind, String subject, java.util.Map<String, Object> model, Instant at) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>(model);
        m.put("replyAddress", identity.serverAddress());
        Outbox.put(h, new Letter(0, kind, player.name(), player.email(), subject, messageId(), null, List.of(),
                identity.serverAddress(), m), at);
    }

    /** A mail about no game to a player's address, or to an address being confirmed. */
    void notice(Handle h, MailKind kind, String toName, String toAddress, String subject, String replyTo, Refusal text,
                Instant at) {
        Outbox.put(h, new Letter(0, kind, toName, toAddress, subject, messageId(), null, List.of(), replyTo,
                MailModel.aboutNoGame(kind, toName, text, replyTo)), at);
    }

    /** Where the reply to an address confirmation goes. */
    String confirmationReplyAddress(AddressCode code) {
        return identity.replyAddress(code.tag());
    }

    String serverAddress() {
        return identity.serverAddress();
    }

    Credentials credentials(long gameId, Side side) {
        return new Credentials(gameId, SeatTokens.derive(key, gameId, side));
    }

    /** {@code [Epistle] Game 12 · Marseillais Chess · Black to move (turn 7) [g12.<token>]} */
    static String subject(Game game, Credentials seat) {
        String state = game.row().isActive()
                ? game.position().sideToMove().label() + " to move (turn " + game.position().turnNumber() + ")"
                : "Game over, " + game.row().result();
        return "[Epistle] Game " + game.id() + " · " + game.variant().name() + " · " + state + " " + seat.subjectTag();
    }

    /** The Message-ID every mail of the game refers to, fixed when the game is created. */
    String rootMessageId(long gameId) {
        return "<game-" + gameId + "." + Secrets.base32(Secrets.random(10)) + "@" + identity.domain() + ">";
    }

    String messageId() {
        return "<" + UUID.randomUUID() + "@" + identity.domain() + ">";
    }
}
