package org.epistle.core.games;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.epistle.core.games.clock.ClockReading;
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
    /** Told of every turn and end, to mail the observers what has become visible. */
    private final Observers observers;
    /** The player's own mail that the mails written now answer, for that player's mails only. */
    private final Optional<Answered> answered;

    Correspondence(MailIdentity identity, ServerKey key, ClockKeeper clocks, Observers observers) {
        this(identity, key, clocks, observers, Optional.empty());
    }

    private Correspondence(MailIdentity identity, ServerKey key, ClockKeeper clocks, Observers observers,
                           Optional<Answered> answered) {
        this.identity = identity;
        this.key = key;
        this.clocks = clocks;
        this.observers = observers;
        this.answered = answered;
    }

    /** A mail of a seat's player that the mails to that seat now answer (In-Reply-To and References name it). */
    private record Answered(Side side, String messageId) {
    }

    /**
     * The same correspondence, whose mails to {@code side} answer that player's mail with this Message-ID. An id
     * that is not one well-formed Message-ID (a mail without one, a hostile header) is not referred to.
     */
    Correspondence answering(Side side, Optional<String> messageId) {
        Optional<Answered> mail = messageId.flatMap(MessageIds::checked).map(id -> new Answered(side, id));
        return mail.isEmpty() && answered.isEmpty() ? this : new Correspondence(identity, key, clocks, observers, mail);
    }

    /**
     * The same kind of mail to both players, each with their own reply address, filled by {@code fill}: who takes the
     * digest asked once for both, and both mails put in the outbox in one batch (White's first).
     */
    void toBoth(Handle h, Game game, MailKind kind, UnaryOperator<MailModel> fill, Instant at) {
        // a plain query: attaching the digest table cost more than asking
        List<Long> digest = kind != MailKind.TURN_ACCEPTED ? List.of()
                : h.createQuery("SELECT player_id FROM digest_subscriptions WHERE player_id IN (:white, :black)")
                        .bind("white", game.white().id()).bind("black", game.black().id()).mapTo(Long.class).list();
        toBoth(h, game, kind, fill, at, side -> digest.contains(game.player(side).id()), true);
    }

    /**
     * A turn's mails to both players, knowing from the turn's one read of facts who takes the digest and whether anyone
     * observes the game: a turn that nobody observes reads nothing here.
     */
    void toBoth(Handle h, Game game, MailKind kind, UnaryOperator<MailModel> fill, Instant at, MoveFacts facts) {
        toBoth(h, game, kind, fill, at, side -> kind == MailKind.TURN_ACCEPTED && facts.takesDigest(side), facts.hasObservers());
    }

    private void toBoth(Handle h, Game game, MailKind kind, UnaryOperator<MailModel> fill, Instant at,
                        java.util.function.Predicate<Side> takesDigest, boolean mayHaveObservers) {
        List<Letter> letters = new java.util.ArrayList<>(2);
        Map<String, Object> board = MailModel.board(game); // one diagram for both mails
        for (Side side : Side.values()) {
            if (!takesDigest.test(side)) { // a player who takes the daily digest gets no mail per turn
                letters.add(letter(h, game, side, kind, fill, at, board, Optional.empty()));
            }
        }
        Outbox.putAll(h, letters, at);
        if (mayHaveObservers && (kind == MailKind.TURN_ACCEPTED || kind == MailKind.GAME_OVER)) {
            observers.gameMoved(h, game, at); // every turn and every end is told to both players through here
        }
    }

    void to(Handle h, Game game, Side side, MailKind kind, UnaryOperator<MailModel> fill, Instant at) {
        if (kind == MailKind.TURN_ACCEPTED && Tables.attach(h, DigestTable.class).minuteOf(game.player(side).id()).isPresent()) {
            return; // the player takes the daily digest instead of a mail per turn
        }
        Outbox.put(h, letter(h, game, side, kind, fill, at, MailModel.board(game), Optional.empty()), at);
    }

    /**
     * A mail to one side whose clock the caller read already at {@code at} (a clock job): the mail shows that
     * reading rather than reading extra time and leave again. Never a turn's mail, so no digest is asked.
     */
    void to(Handle h, Game game, Side side, MailKind kind, UnaryOperator<MailModel> fill, Instant at, ClockReading clock) {
        Outbox.put(h, letter(h, game, side, kind, fill, at, MailModel.board(game), Optional.of(clock)), at);
    }

    /**
     * The mail of this kind to one side's player, its model filled by {@code fill}, with its threading headers;
     * {@code board} is the position's part of the model ({@link MailModel#board}); {@code known} the clock as read
     * already, if the caller read it.
     */
    private Letter letter(Handle h, Game game, Side side, MailKind kind, UnaryOperator<MailModel> fill, Instant at,
                          Map<String, Object> board, Optional<ClockReading> known) {
        Credentials seat = credentials(game.id(), side);
        String replyAddress = identity.replyAddress(seat);
        MailModel about = MailModel.about(game, kind, side, replyAddress, identity.gameUrl(game.id()), identity.playUrl(seat), board);
        MailModel model = fill.apply(known.isPresent() ? clocks.show(h, game, side, about, known.get())
                : clocks.show(h, game, side, about, at));
        Map<String, Object> values = new LinkedHashMap<>(model.build());
        values.put("headline", Headline.of(kind, game, side, values));
        Player player = game.player(side);
        // Each seat's conversation hangs from the opening mail to it: that mail is the root the others refer to.
        String root = MessageIds.seatRoot(game.row().rootMessageId(), side);
        if (kind == MailKind.GAME_STARTED) {
            return new Letter(game.id(), kind, player.name(), player.email(), subject(game, seat), root, null,
                    List.of(), replyAddress, values);
        }
        Optional<String> asked = answered.filter(a -> a.side() == side).map(Answered::messageId);
        List<String> references = asked.map(id -> List.of(root, id)).orElse(List.of(root));
        return new Letter(game.id(), kind, player.name(), player.email(), subject(game, seat), messageId(),
                asked.orElse(root), references, replyAddress, values);
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
        m.putIfAbsent("headline", "");
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

    /**
     * {@code [Epistle] Game 12 · Marseillais · Alice v Bob [g12.<token>]}: the same for every mail of the game to a
     * seat, since clients (Gmail above all) split a conversation whose subject changes. What happened is the first
     * line of the body.
     */
    static String subject(Game game, Credentials seat) {
        return "[Epistle] Game " + game.id() + " · " + shortName(game.variant().name()) + " · " + game.white().name()
                + " v " + game.black().name() + " " + seat.subjectTag();
    }

    /** "Marseillais" for "Marseillais Chess": the subject is read on small screens; "Chess" itself stays. */
    private static String shortName(String variantName) {
        String cut = variantName.replaceFirst(" Chess$", "");
        return cut.isBlank() ? variantName : cut;
    }

    /** The game's root Message-ID, fixed when the game is created; each seat's thread root is made from it. */
    String rootMessageId(long gameId) {
        return "<game-" + gameId + "." + Secrets.base32(Secrets.random(10)) + "@" + identity.domain() + ">";
    }

    String messageId() {
        return "<" + UUID.randomUUID() + "@" + identity.domain() + ">";
    }
}
