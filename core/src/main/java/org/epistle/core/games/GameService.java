package org.epistle.core.games;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.transaction.TransactionIsolationLevel;

/**
 * The use cases of play by mail: create a game, check a seat's token, apply a player's command,
 * refuse or ignore a mail, show games; and the ledger of inbound mail. Each change of a game and
 * the mails it causes are written in one transaction, together with marking the inbound mail
 * that asked for it handled.
 */
public final class GameService {
    private static final int ATTEMPTS = 3;
    private static final int MAX_RAW_TEXT = 20_000;

    private final Database db;
    private final MailIdentity identity;
    private final ServerKey key;
    private final Clock clock;
    private final Correspondence post;
    private final Replayer replayer;
    private final DaysPerMove perMove;
    private final KeptGames kept;
    private final Map<Long, List<SeatTable.StoredSeat>> seatsKept = new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<SeatTable.StoredSeat>> eldest) {
            return size() > 4096;
        }
    };
    private final InboundLedger inbound;
    private final Outbox outbox;
    private final TournamentService tournaments;

    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock) {
        this(db, identity, key, clock, DaysPerMove.NONE);
    }

    /** @param perMove how long a player has for a turn, which mails show as a date */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove) {
        this.db = db;
        this.identity = identity;
        this.key = key;
        this.replayer = new Replayer(key);
        this.kept = new KeptGames(replayer);
        this.clock = clock;
        this.perMove = perMove;
        this.post = new Correspondence(identity, key, perMove);
        this.inbound = new InboundLedger(db);
        this.outbox = new Outbox(db);
        this.tournaments = new TournamentService(db, this, clock);
    }

    Correspondence post() {
        return post;
    }

    /** The tournaments, whose games this service plays and reports the end of. */
    public TournamentService tournaments() {
        return tournaments;
    }

    public MailIdentity identity() {
        return identity;
    }

    /** The day by which the side to move should have played, if this server sets deadlines and the game goes on. */
    public java.util.Optional<java.time.LocalDate> deadline(GameView game) {
        return perMove.deadline(game);
    }

    /** The outbox the mail sender reads. */
    public Outbox outbox() {
        return outbox;
    }

    /**
     * Creates a game between two players (registered by address, the first name given for an
     * address is kept) and writes the opening mail to both.
     *
     * @throws IllegalArgumentException for an unknown variant or army, or a player address that is the server's own
     */
    public CreatedGame create(NewGame game) {
        Variant variant = variant(game.variantKey());
        Ruleset rules = Ruleset.of(variant, army(game.whiteArmyKey(), Side.WHITE), army(game.blackArmyKey(), Side.BLACK));
        checkNotOwnAddresses(game);
        String start = Fen.write(Position.start(rules));
        long id = retryingConflicts(() -> transaction(h -> create(h, rules, game, start, now())));
        return new CreatedGame(id, SeatTokens.derive(key, id, Side.WHITE), SeatTokens.derive(key, id, Side.BLACK));
    }

    /**
     * Creates a game from {@code start} inside the caller's transaction and writes both opening mails:
     * the one way in for {@link #create} and for the games a tournament makes.
     */
    long create(Handle h, Ruleset rules, NewGame game, String start, Instant now) {
        PlayerTable players = h.attach(PlayerTable.class);
        Player w = players.register(game.white(), now);
        Player b = players.register(game.black(), now);
        GameTable games = h.attach(GameTable.class);
        long gameId = games.insert(rules.variant().key(), rules.army(Side.WHITE).key(), rules.army(Side.BLACK).key(), w.id(), b.id(),
                start, now);
        games.setRoot(gameId, post.rootMessageId(gameId));
        for (Side side : Side.values()) {
            h.attach(SeatTable.class).insert(gameId, side, SeatTokens.hash(SeatTokens.derive(key, gameId, side)));
        }
        post.toBoth(h, load(h, gameId), MailKind.GAME_STARTED, MailModel::rules, now);
        return gameId;
    }

    static Variant variant(String key) {
        return VariantCatalog.find(key).orElseThrow(() -> new IllegalArgumentException(
                "There is no variant \"" + key + "\"; the variants are " + VariantCatalog.keys() + "."));
    }

    void checkNotOwnAddresses(NewGame game) {
        for (Contact c : List.of(game.white(), game.black())) {
            if (identity.isOwnAddress(c.email())) {
                throw new IllegalArgumentException(c.name() + "'s address " + c.email() + " is the server's own address");
            }
        }
    }

    static Army army(String name, Side side) {
        String wanted = name == null || name.isBlank() ? NewGame.DEFAULT_ARMY : name;
        return Armies.byKey(wanted).or(() -> Armies.byName(wanted)).orElseThrow(() -> new IllegalArgumentException(
                "There is no army \"" + name + "\" for " + side.label() + "; the armies are " + Armies.keys() + "."));
    }

    /**
     * The seat a token opens, or empty for a wrong token, another game's token or an unknown game.
     * The token is compared with both seats' stored hashes in constant time, without stopping early.
     */
    public Optional<Seat> seat(long gameId, String token) {
        String candidate = token == null ? "" : token.strip().toLowerCase(java.util.Locale.ROOT);
        List<SeatTable.StoredSeat> seats = storedSeats(gameId);
        Seat found = null;
        for (Side side : Side.values()) { // both compared, whatever the first gave, and a missing one against zeros
            SeatTable.StoredSeat stored = seats.stream().filter(s -> s.side() == side).findFirst().orElse(null);
            if (Secrets.hashMatches(candidate, stored == null ? null : stored.tokenHash())) {
                found = new Seat(gameId, side, stored.player());
            }
        }
        return Optional.ofNullable(found);
    }

    /** A game's seats, from the database the first time: they never change once the game is created. */
    private List<SeatTable.StoredSeat> storedSeats(long gameId) {
        synchronized (seatsKept) {
            List<SeatTable.StoredSeat> known = seatsKept.get(gameId);
            if (known != null) {
                return known;
            }
        }
        List<SeatTable.StoredSeat> seats = db.jdbi().withHandle(h -> SeatTable.seats(h, gameId));
        if (seats.size() == Side.values().length) { // an unknown game may yet be created: only a whole game is kept
            synchronized (seatsKept) {
                seatsKept.put(gameId, List.copyOf(seats));
            }
        }
        return seats;
    }

    /**
     * What a page of the game depends on, in one cheap query: a page rendered for the same version is
     * the same page. Empty for an unknown game.
     */
    public Optional<GameVersion> version(long gameId) {
        // Plain JDBC: asked on every view of a page, and Jdbi's statement machinery costs three times the query.
        return db.jdbi().withHandle(h -> {
            try (var select = h.getConnection().prepareStatement(
                    "SELECT turns_played, state, draw_offered_by, updated_at FROM games WHERE id = ?")) {
                select.setLong(1, gameId);
                try (var rs = select.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<GameVersion>empty();
                    }
                    return Optional.of(new GameVersion(gameId, rs.getInt(1), GameState.valueOf(rs.getString(2)),
                            Optional.ofNullable(rs.getString(3)).map(Side::valueOf),
                            rs.getObject(4, java.time.OffsetDateTime.class).toInstant()));
                }
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException("reading the version of game " + gameId + " failed", e);
            }
        });
    }

    /**
     * Applies a seat's command and writes the mails it causes, in one transaction; when the
     * command came by mail, that mail is marked handled in the same transaction (and if it was
     * handled before, nothing is done: {@link Result.Effect#ALREADY_HANDLED}). A turn that loses
     * a race with another submission for the same game is refused as stale, never judged again
     * against the new position.
     *
     * @param rawText    what the player wrote, kept with the turn and quoted in a rejection
     * @param inboundKey the stored inbound mail the command came in, if it came by mail
     */
    public Result handle(Seat seat, Command command, String rawText, Optional<String> inboundKey) {
        String text = clip(rawText == null ? "" : rawText, MAX_RAW_TEXT);
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        for (int attempt = 1; ; attempt++) {
            try {
                Arbiter[] used = new Arbiter[1];
                Result result = withInbound(mail, h -> {
                    Result r = command.accept(used[0] = arbiter(h, seat, text));
                    tournaments.gameEnded(h, used[0].game().row(), now()); // a tournament game is counted as it ends
                    return r;
                });
                kept.keep(used[0].game()); // committed: the next command on this game starts from it
                return result;
            } catch (AlreadyHandled e) {
                return alreadyHandled(mail);
            } catch (RuntimeException e) {
                if (!GameChanged.isConflict(e)) {
                    throw e;
                }
                if (command instanceof Command.Move || attempt >= ATTEMPTS) {
                    return crossed(seat, command, text, mail);
                }
            }
        }
    }

    private Result crossed(Seat seat, Command command, String text, Optional<String> mail) {
        try {
            return withInbound(mail, h -> arbiter(h, seat, text).crossed(command));
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
    }

    private Arbiter arbiter(Handle h, Seat seat, String text) {
        return new Arbiter(h, load(h, seat.gameId()), seat.side(), text, post, now());
    }

    private Result alreadyHandled(Optional<String> mail) {
        return new Result(Result.Effect.ALREADY_HANDLED,
                "handled before: " + mail.flatMap(inbound::outcome).orElse("(no outcome recorded)"));
    }

    /** Runs the work in a transaction that also claims the inbound mail, if any, and records what became of it. */
    private Result withInbound(Optional<String> mail, HandleCallback<Result, RuntimeException> work) {
        return transaction(h -> {
            mail.ifPresent(k -> InboundLedger.claim(h, k, now()));
            Result result = work.withHandle(h);
            mail.ifPresent(k -> InboundLedger.record(h, k, result.outcome()));
            return result;
        });
    }

    /**
     * Refuses a mail that cannot be acted on (bad credentials, no command). The refusal is mailed
     * only when {@code toAddress} is a registered player's address, never to an unknown sender.
     */
    public void refuse(String toAddress, String reason, Optional<String> inboundKey) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        try {
            withInbound(mail, h -> {
                Optional<Player> player = toAddress == null ? Optional.empty()
                        : h.attach(PlayerTable.class).byEmail(toAddress.strip().toLowerCase(java.util.Locale.ROOT));
                Refusal refusal = new Refusal("refused", reason, "");
                player.ifPresent(p -> post.refusal(h, p, refusal, now()));
                return new Result(Result.Effect.REFUSED, "refused, " + reason
                        + (player.isPresent() ? "" : " (no mail sent: not a registered player's address)"));
            });
        } catch (AlreadyHandled e) {
            // handled before: the refusal was written then
        }
    }

    /** Marks an inbound mail handled without acting on it (an auto-reply, a bounce, our own mail). */
    public void ignore(String inboundKey, String why) {
        try {
            withInbound(Optional.of(InboundKeys.normalize(inboundKey)), h -> new Result(Result.Effect.REFUSED, "ignored, " + why));
        } catch (AlreadyHandled e) {
            // nothing to do
        }
    }

    /** The results an admin may decide a game with; {@link #ABORTED} stops it without one. */
    public static final List<String> ADMIN_RESULTS = List.of("1-0", "0-1", "1/2-1/2", "aborted");
    public static final String ABORTED = "aborted";

    /**
     * Ends an active game by the admin's decision: a result ({@code 1-0}, {@code 0-1},
     * {@code 1/2-1/2}; termination "adjudication") or {@code aborted} (stopped, no result), and
     * mails both players the game-over mail with the admin's reason, in one transaction.
     *
     * @throws IllegalArgumentException for an unknown game or result, or a blank reason
     * @throws IllegalStateException    when the game has already ended
     */
    public void adjudicate(long gameId, String result, String reason) {
        if (!ADMIN_RESULTS.contains(result)) {
            throw new IllegalArgumentException("the result must be one of " + ADMIN_RESULTS);
        }
        String why = reason == null ? "" : reason.strip().replaceAll("\\s+", " ");
        if (why.isEmpty()) {
            throw new IllegalArgumentException("a reason is required");
        }
        String because = clip(why, 1000);
        boolean aborted = result.equals(ABORTED);
        retryingConflicts(() -> transaction(h -> {
            Instant now = now();
            if (!load(h, gameId).row().isActive()) {
                throw new IllegalStateException("game " + gameId + " has already ended");
            }
            end(h, gameId, aborted ? GameState.ABORTED : GameState.FINISHED, aborted ? null : result,
                    aborted ? "aborted by the admin" : "adjudication", because,
                    (aborted ? "The game was stopped by the admin." : Ending.sentence(result, "adjudication"))
                            + " The admin's reason: " + because, now);
            return gameId;
        }));
    }

    /**
     * Ends an active game by a decision from outside the board (the admin's, a tournament's forfeit) inside
     * the caller's transaction, and mails both players the game-over mail with the reason.
     *
     * @param result null when the game is stopped without one
     * @param ending the sentence that tells how it ended, with the reason
     */
    void end(Handle h, long gameId, GameState state, String result, String termination, String because,
             String ending, Instant now) {
        Game game = load(h, gameId);
        GameRow next = game.row().ended(state, result, termination, because, now);
        if (h.attach(GameTable.class).update(game.row(), next) != 1) {
            throw new GameChanged(gameId);
        }
        Game ended = game.with(next);
        post.toBoth(h, ended, MailKind.GAME_OVER, m -> m.history()
                .put("result", result == null ? "*" : result)
                .put("explanation", because)
                .put("ending", ending), now);
        tournaments.gameEnded(h, next, now);
    }

    /** Every registered player, in the order they registered. */
    public List<Player> players() {
        return db.jdbi().withExtension(PlayerTable.class, PlayerTable::all);
    }

    /**
     * Puts a copy of the last mail written to a player in the outbox again: the same content and
     * threading headers (In-Reply-To, References), a new Message-ID.
     *
     * @return the game the resent mail is about (0 for a mail about no game), or empty when the player has no mail
     * @throws IllegalArgumentException for an unknown player
     */
    public Optional<Long> resendLast(long playerId) {
        return transaction(h -> {
            Player player = h.attach(PlayerTable.class).byId(playerId)
                    .orElseThrow(() -> new IllegalArgumentException("there is no player " + playerId));
            Optional<OutboxMail> last = h.attach(OutboxTable.class).lastTo(player.email());
            last.ifPresent(m -> Outbox.put(h, new Letter(m.gameId(), m.kind(), m.toName(), m.toAddress(), m.subject(),
                    post.messageId(), m.inReplyTo(), m.references(), m.replyTo(), m.model()), now()));
            return last.map(OutboxMail::gameId);
        });
    }

    /** @throws NoSuchElementException when there is no such game */
    public GameView view(long gameId) {
        return find(gameId).orElseThrow(() -> new NoSuchElementException("there is no game " + gameId));
    }

    public Optional<GameView> find(long gameId) {
        return db.jdbi().inTransaction(h -> kept.load(h, gameId).map(Game::view));
    }

    /** Every game, oldest first. */
    public List<GameSummary> games() {
        return db.jdbi().inTransaction(h -> {
            PlayerTable players = h.attach(PlayerTable.class);
            Map<Long, String> names = new HashMap<>();
            List<GameSummary> out = new ArrayList<>();
            // Only asked when there are deadlines to show: one grouped scan of the turns' primary key.
            Map<Long, Instant> lastPlayed = perMove.days() == 0 ? Map.of() : lastPlayed(h);
            for (GameRow row : h.attach(GameTable.class).all()) {
                String[] fen = row.fen().split(" ");
                String variantName = VariantCatalog.find(row.variant()).map(Variant::name).orElse(row.variant());
                out.add(new GameSummary(row.id(), row.variant(), variantName,
                        names.computeIfAbsent(row.whitePlayer(), id -> players.get(id).name()),
                        names.computeIfAbsent(row.blackPlayer(), id -> players.get(id).name()),
                        row.state(), fen[1].equals("w") ? Side.WHITE : Side.BLACK, Integer.parseInt(fen[5]),
                        row.turnsPlayed(), Optional.ofNullable(row.result()), row.updatedAt(),
                        perMove.deadline(row.isActive(), row.createdAt(), Optional.ofNullable(lastPlayed.get(row.id())))));
            }
            return out;
        });
    }

    /** When each game's latest turn was played (games without a turn are absent). */
    private static Map<Long, Instant> lastPlayed(org.jdbi.v3.core.Handle h) {
        Map<Long, Instant> out = new HashMap<>();
        h.createQuery("SELECT game_id, MAX(played_at) AS last FROM turns GROUP BY game_id")
                .map((rs, ctx) -> Map.entry(rs.getLong("game_id"), rs.getObject("last", java.time.OffsetDateTime.class).toInstant()))
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** Stores a received mail before it is handled; false, and nothing changes, if it is stored already. */
    public boolean storeInbound(String messageKey, byte[] raw, Instant at) {
        return inbound.store(messageKey, raw, at);
    }

    /**
     * Stores the mails of one batch (by key) in one transaction before any is handled; for each key whether
     * it was new.
     *
     * @throws RuntimeException when the store failed; then none is stored, and each can be stored alone
     */
    public Map<String, Boolean> storeInbound(Map<String, byte[]> mails, Instant at) {
        return inbound.storeAll(mails, at);
    }

    /** Keys of mails stored but not yet handled, oldest first. */
    public List<String> unhandledInbound() {
        return inbound.unhandled();
    }

    public Optional<byte[]> inboundRaw(String messageKey) {
        return inbound.raw(messageKey);
    }

    public boolean isHandled(String messageKey) {
        return inbound.isHandled(messageKey);
    }

    /** What became of a handled mail, in one line. */
    public Optional<String> inboundOutcome(String messageKey) {
        return inbound.outcome(messageKey);
    }

    private Game load(Handle h, long gameId) {
        return kept.load(h, gameId).orElseThrow(() -> new IllegalArgumentException("there is no game " + gameId));
    }

    /** Runs the work again when it collided with another transaction (two new players with one address at once). */
    private static <T> T retryingConflicts(java.util.function.Supplier<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (RuntimeException e) {
                if (!GameChanged.isConflict(e) || attempt >= ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private <T> T transaction(HandleCallback<T, RuntimeException> work) {
        return db.jdbi().inTransaction(TransactionIsolationLevel.READ_COMMITTED, work);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
