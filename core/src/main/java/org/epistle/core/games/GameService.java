package org.epistle.core.games;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.epistle.core.games.conditional.ConditionalLine;
import org.epistle.core.games.conditional.ConditionalTable;
import org.epistle.core.games.desk.DeskGame;
import org.epistle.core.games.desk.DigestTable;
import org.epistle.core.games.clock.ClockFace;
import org.epistle.core.games.clock.ClockReading;
import org.epistle.core.games.clock.ClockSettings;
import org.epistle.core.games.clock.DueJob;
import org.epistle.core.games.clock.DueJobTable;
import org.epistle.core.games.clock.ExtraTimeTable;
import org.epistle.core.games.clock.GameClock;
import org.epistle.core.games.clock.LeavePolicy;
import org.epistle.core.games.clock.LeaveTable;
import org.epistle.core.games.clock.CalendarCommand;
import org.epistle.core.games.clock.TimeControl;
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
    private final TimeControl defaultControl;
    private final ClockKeeper clocks;
    private final KeptGames kept;
    private final Map<Long, List<SeatTable.StoredSeat>> seatsKept = new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<SeatTable.StoredSeat>> eldest) {
            return size() > 4096;
        }
    };
    private final InboundLedger inbound;
    private final Outbox outbox;
    private final Desks desks;
    private final TournamentService tournaments;
    private final GameLists lists;
    /** Set once at start-up by the server that measures judging; none in tests and on the command line. */
    private volatile JudgingMeter judgingMeter = JudgingMeter.NONE;
    private final Observers observers;
    private final PlayerAddresses addresses;

    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock) {
        this(db, identity, key, clock, DaysPerMove.NONE);
    }

    /** @param perMove the time control of games created without one: that many days a move, or none for 0 */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove) {
        this(db, identity, key, clock, perMove, ClockSettings.DEFAULTS, DEFAULT_DESK_LINK_LIFE);
    }

    /** How long a desk link mailed to a player opens their desk, unless the settings say otherwise. */
    public static final java.time.Duration DEFAULT_DESK_LINK_LIFE = java.time.Duration.ofDays(7);

    /** @param deskLinkLife how long a desk link mailed to a player opens their desk */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove,
                       java.time.Duration deskLinkLife) {
        this(db, identity, key, clock, perMove, ClockSettings.DEFAULTS, deskLinkLife);
    }

    /** @param clockSettings when reminders go, and the rules of leave */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove,
                       ClockSettings clockSettings) {
        this(db, identity, key, clock, perMove, clockSettings, DEFAULT_DESK_LINK_LIFE);
    }

    /**
     * @param perMove       the time control of games created without one: that many days a move, or none for 0
     * @param clockSettings when reminders go, and the rules of leave
     * @param deskLinkLife  how long a desk link mailed to a player opens their desk
     */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove,
                       ClockSettings clockSettings, java.time.Duration deskLinkLife) {
        this(db, identity, key, clock, perMove, clockSettings, deskLinkLife, DEFAULT_OBSERVER_DELAY);
    }

    /** How many turns late observers see a game unless the settings, the game or its tournament say otherwise (ICCF's). */
    public static final int DEFAULT_OBSERVER_DELAY = 5;

    /** @param observerDelay how many turns late observers see the games that set no delay of their own */
    public GameService(Database db, MailIdentity identity, ServerKey key, Clock clock, DaysPerMove perMove,
                       ClockSettings clockSettings, java.time.Duration deskLinkLife, int observerDelay) {
        this.db = db;
        this.identity = identity;
        this.key = key;
        this.replayer = new Replayer(key);
        this.kept = new KeptGames(replayer);
        this.clock = clock;
        this.defaultControl = perMove.days() == 0 ? TimeControl.NONE : new TimeControl.PerMove(perMove.days());
        this.clocks = new ClockKeeper(clockSettings, this::load);
        this.observers = new Observers(db, identity, key, this::now, observerDelay, this::inboundWork, this::load);
        this.post = new Correspondence(identity, key, clocks, observers);
        this.addresses = new PlayerAddresses(db, identity, post, this::now, this::inboundWork);
        this.inbound = new InboundLedger(db);
        this.outbox = new Outbox(db);
        this.desks = new Desks(identity, post, kept, new DeskLinks(key, deskLinkLife));
        this.tournaments = new TournamentService(db, this, clock);
        this.lists = new GameLists(db);
    }

    /** Tells {@code meter} of every turn the referee judges from now on (the server's metrics). */
    public void measureJudgingWith(JudgingMeter meter) {
        this.judgingMeter = java.util.Objects.requireNonNull(meter, "meter");
    }

    /** The people who follow games by mail, and the feeds. */
    public Observers observers() {
        return observers;
    }

    /** A command outside a game (an observer's, an address's): claimed with its inbound mail, like every command. */
    private Result inboundWork(Optional<String> inboundKey, HandleCallback<Result, RuntimeException> work) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        try {
            return retryingConflicts(() -> withInbound(mail, work));
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
    }

    Correspondence post() {
        return post;
    }

    /** The tournaments, whose games this service plays and reports the end of. */
    /** Reads PGN archives back into games: {@code epistle import} and the admin's import page. */
    public GameImport imports() {
        return new GameImport(db, key, post, replayer, this::now);
    }

    public TournamentService tournaments() {
        return tournaments;
    }

    /** A player's further addresses: asked for and confirmed by mail, or added and removed by the admin. */
    public PlayerAddresses addresses() {
        return addresses;
    }

    public MailIdentity identity() {
        return identity;
    }

    /** The day (UTC) the side to move runs out of time, while the game goes on under a time limit. */
    public java.util.Optional<java.time.LocalDate> deadline(GameView game) {
        return clock(game).deadlineAt().map(at -> at.atOffset(java.time.ZoneOffset.UTC).toLocalDate());
    }

    /** A game's clock now, as its page shows it. */
    public ClockView clock(GameView game) {
        return db.jdbi().inTransaction(h -> clock(h, load(h, game.id())));
    }

    /**
     * A game and its clock now, as its page shows them, read in one transaction: the page's one read, so the clock
     * is the clock of the game shown. Empty for an unknown game.
     */
    public Optional<TimedGame> findWithClock(long gameId) {
        return db.jdbi().inTransaction(h -> kept.forPage(h, gameId).map(g -> new TimedGame(g.view(), clock(h, g))));
    }

    /**
     * A game's public page in one transaction and one round trip fewer than {@link #version} then {@link #findWithClock}:
     * the row read with its players gives the version, and only when {@code rendered} has no page for it are the turns
     * and the clock read. The game's position is the one its row keeps, not replayed: fit to be shown, never to judge a
     * turn on. Empty for an unknown game.
     */
    public Optional<PageRead> readForPage(long gameId, java.util.function.Function<GameVersion, Optional<String>> rendered) {
        return db.jdbi().inTransaction(h -> kept.pageRow(h, gameId).map(row -> {
            GameVersion version = new GameVersion(row.id(), row.turnsPlayed(), row.state(), Optional.ofNullable(row.drawOfferedBy()),
                    row.updatedAt());
            Optional<String> page = rendered.apply(version);
            if (page.isPresent()) {
                return new PageRead.Kept(page.get());
            }
            Game g = kept.shown(h, row); // a public page shows the game: no replay of its turns
            return new PageRead.Read(version, new TimedGame(g.view(), clock(h, g)));
        }));
    }

    private ClockView clock(Handle h, Game g) {
        List<ExtraTimeTable.Grant> grants = Tables.attach(h, ExtraTimeTable.class).of(g.id());
        List<String> extra = grants.stream().map(e -> GameClock.words(java.time.Duration.ofSeconds(e.seconds())) + " given to "
                + e.side().label() + " (" + g.player(e.side()).name() + ") on " + ClockFace.deadline(e.grantedAt(), Optional.empty())
                + ": " + e.reason()).toList();
        String control = g.row().control().describe();
        if (!g.row().isActive() || !g.row().control().isLimited()) {
            return new ClockView(control, "", "", Optional.empty(), extra);
        }
        ClockReading reading = clocks.read(h, g, now(), grants); // the grants read above, not read again
        Instant deadline = reading.deadline().orElseThrow();
        return new ClockView(control, ClockFace.forAll(reading, g.white().name(), g.black().name()),
                ClockFace.deadline(deadline, Optional.empty()), Optional.of(deadline), extra);
    }

    /** The outbox the mail sender reads. */
    public Outbox outbox() {
        return outbox;
    }

    /** How the store's writes end: the last one it could not make ({@code /health} says so). */
    public StoreWrites storeWrites() {
        return db.writes();
    }

    /**
     * Creates a game between two players (registered by address, the first name given for an
     * address is kept) and writes the opening mail to both.
     *
     * @throws IllegalArgumentException for an unknown variant or army, or a player address that is the server's own
     */
    public CreatedGame create(NewGame game) {
        return create(game, Optional.empty());
    }

    /**
     * Creates a game as {@link #create(NewGame)} does, with its own observer delay in turns (empty: its tournament's
     * or the server's default), set in the same transaction.
     *
     * @throws IllegalArgumentException also for a delay out of range
     */
    public CreatedGame create(NewGame game, Optional<Integer> observerDelay) {
        observerDelay.ifPresent(Observers::checkDelay);
        Variant variant = variant(game.variantKey());
        Ruleset rules = Ruleset.of(variant, army(game.whiteArmyKey(), Side.WHITE), army(game.blackArmyKey(), Side.BLACK));
        checkNotOwnAddresses(game);
        String start = Fen.write(Position.start(rules));
        long id = retryingConflicts(() -> transaction(h -> {
            long created = create(h, rules, game, start, now());
            observerDelay.ifPresent(turns -> Tables.attach(h, ObserverTable.class).setGameDelay(created, turns));
            return created;
        }));
        return new CreatedGame(id, SeatTokens.derive(key, id, Side.WHITE), SeatTokens.derive(key, id, Side.BLACK));
    }

    /**
     * Creates a game from {@code start} inside the caller's transaction and writes both opening mails:
     * the one way in for {@link #create} and for the games a tournament makes.
     */
    long create(Handle h, Ruleset rules, NewGame game, String start, Instant now) {
        Player w = AddressBook.register(h, game.white(), now);
        Player b = AddressBook.register(h, game.black(), now);
        GameTable games = Tables.attach(h, GameTable.class);
        long gameId = games.insert(rules.variant().key(), rules.army(Side.WHITE).key(), rules.army(Side.BLACK).key(), w.id(), b.id(),
                start, now, game.timeControl().orElse(defaultControl).spec());
        games.setRoot(gameId, post.rootMessageId(gameId));
        if (!start.equals(Fen.write(Position.start(rules)))) {
            games.setStartFen(gameId, start); // a thematic start: the turns are replayed from it, not from the array
        }
        if (game.rated()) {
            tournaments.markRated(h, gameId); // a casual game the admin rates
        }
        for (Side side : Side.values()) {
            Tables.attach(h, SeatTable.class).insert(gameId, side, SeatTokens.hash(SeatTokens.derive(key, gameId, side)));
        }
        Game created = load(h, gameId);
        post.toBoth(h, created, MailKind.GAME_STARTED, MailModel::rules, now);
        clocks.plan(h, created, now);
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

    /**
     * What a seat secret in a mail from this sender proves: the seat, only when the sender is one of the
     * seat's player's addresses. A secret alone is not enough, since mails are forwarded and quoted.
     */
    public SeatClaim claim(Credentials credentials, String senderAddress) {
        Optional<Seat> seat = seat(credentials.gameId(), credentials.token());
        if (seat.isEmpty()) {
            return new SeatClaim.WrongSecret(credentials.gameId());
        }
        String sender = AddressBook.normalize(senderAddress);
        Player player = seat.get().player();
        if (sender.equals(player.email()) || db.jdbi().withHandle(h -> AddressBook.isAddressOf(h, player, sender))) {
            return new SeatClaim.Opened(seat.get());
        }
        return new SeatClaim.OtherSender(seat.get(), clip(sender, 320));
    }

    /**
     * A mail with a seat's secret from somebody else: nothing changes, and only the seat's player is told,
     * at most once an hour for each game, so that a flood of such mails cannot become a flood of warnings.
     */
    public Result otherSender(SeatClaim.OtherSender claim, Optional<String> inboundKey) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        Seat seat = claim.seat();
        try {
            return withInbound(mail, h -> {
                Instant now = now();
                Game game = load(h, seat.gameId());
                Player owner = game.player(seat.side());
                String what = "ignored: the " + seat.side().key() + " secret of game " + seat.gameId() + " came from "
                        + (claim.sender().isEmpty() ? "no address" : claim.sender()) + ", not from its player";
                if (Tables.attach(h, PlayerAddressTable.class).warningsSince(owner.email(), game.id(), now.minus(java.time.Duration.ofHours(1))) > 0) {
                    return new Result(Result.Effect.REFUSED, what + " (the player was told within the hour)");
                }
                String from = claim.sender().isEmpty() ? "a mail without a sender's address" : claim.sender();
                post.to(h, game, seat.side(), MailKind.OTHER_SENDER, m -> m
                        .put("explanation", "A mail carrying your secret for this game came from " + from
                                + ", which is not one of your addresses, so it changed nothing.")
                        .put("hint", "If you sent it, add that address: reply to a mail of this game from "
                                + owner.email() + " with \"address add " + (claim.sender().isEmpty() ? "<address>" : claim.sender())
                                + "\" on the first line, then answer the mail we send to the new address. If you did not, "
                                + "somebody has seen one of your mails of this game; mail from them is never acted on."), now);
                return new Result(Result.Effect.REFUSED, what + "; the player was told");
            });
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
    }

    private static Player player(Handle h, long playerId) {
        return Tables.attach(h, PlayerTable.class).byId(playerId)
                .orElseThrow(() -> new IllegalArgumentException("there is no player " + playerId));
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
        // Plain JDBC: asked on every view of a kept page, and Jdbi's statement machinery costs three times the query.
        return db.jdbi().withHandle(h -> PlainStatements.run(h, VERSION, c -> {
            try (var select = c.prepareStatement(VERSION)) {
                select.setLong(1, gameId);
                try (var rs = select.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<GameVersion>empty();
                    }
                    return Optional.of(new GameVersion(gameId, rs.getInt(1), GameState.valueOf(rs.getString(2)),
                            Optional.ofNullable(rs.getString(3)).map(Side::valueOf),
                            rs.getObject(4, java.time.OffsetDateTime.class).toInstant()));
                }
            }
        }));
    }

    private static final String VERSION = "SELECT turns_played, state, draw_offered_by, updated_at FROM games WHERE id = ?";

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
        return handle(seat, command, rawText, inboundKey, true);
    }

    /**
     * Applies a command sent from the seat's web page: as {@link #handle}, except that a refusal is mailed to nobody
     * and comes back in the result ({@link Result#refusal()}) in words for the page, and board, history and help,
     * which the page shows itself, write no mail either. What the command changes is mailed as ever.
     */
    public Result handleFromPage(Seat seat, Command command, String rawText) {
        return handle(seat, command, rawText, Optional.empty(), false);
    }

    private Result handle(Seat seat, Command command, String rawText, Optional<String> inboundKey, boolean byMail) {
        String text = clip(rawText == null ? "" : rawText, MAX_RAW_TEXT);
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        for (int attempt = 1; ; attempt++) {
            try {
                Arbiter[] used = new Arbiter[1];
                Result result = withInbound(mail, h -> {
                    Result r = command.accept(used[0] = arbiter(h, seat, text, mail, byMail));
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
                    return crossed(seat, command, text, mail, byMail);
                }
            }
        }
    }

    private Result crossed(Seat seat, Command command, String text, Optional<String> mail, boolean byMail) {
        try {
            return withInbound(mail, h -> arbiter(h, seat, text, mail, byMail).crossed(command));
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
    }

    /** An arbiter whose answers to the seat's player refer to the mail the command came in (its key is its Message-ID). */
    private Arbiter arbiter(Handle h, Seat seat, String text, Optional<String> mail, boolean byMail) {
        Game game = kept.forMove(h, seat.gameId()).orElseThrow(() -> new IllegalArgumentException("there is no game " + seat.gameId()));
        return new Arbiter(h, game, seat.side(), text, post.answering(seat.side(), mail), clocks, now(), byMail, judgingMeter);
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
                Optional<Player> player = toAddress == null ? Optional.empty() : AddressBook.owner(h, toAddress);
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

    /**
     * Acts on a player command ({@code games}, {@code digest on|off}) from the registered player with this address
     * (or one of their further addresses), and writes its answer to their registered address only; from an address no player has, nothing is done or mailed. The
     * inbound mail, if any, is marked handled in the same transaction.
     */
    public Result playerCommand(String senderAddress, org.epistle.core.games.desk.PlayerCommand command, Optional<String> inboundKey) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        try {
            return retryingConflicts(() -> withInbound(mail, h -> {
                // any of the player's confirmed addresses is theirs; the answer goes to their registered one
                Optional<Player> player = senderAddress == null ? Optional.empty() : AddressBook.owner(h, senderAddress);
                return player.map(p -> desks.command(h, p, command, now())).orElseGet(() -> new Result(Result.Effect.REFUSED,
                        "refused, a player command from " + senderAddress + ", which is no registered player's address (no mail sent)"));
            }));
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
    }

    /**
     * The digest tick: writes the daily digest of every player whose time of day (UTC) has come and who has
     * not had the day's digest yet, each in its own transaction with the row that marks the day done. Run it
     * as often as you like, from as many instances as you like: a day's digest is written once.
     *
     * @return how many digests were mailed (a day with no game to play marks the day and mails nothing)
     */
    public int sendDigests() {
        Instant now = now();
        java.time.LocalDate day = now.atOffset(java.time.ZoneOffset.UTC).toLocalDate();
        java.time.LocalTime time = now.atOffset(java.time.ZoneOffset.UTC).toLocalTime();
        List<Long> due = db.jdbi().withExtension(DigestTable.class, t -> t.due(day, time.getHour() * 60 + time.getMinute()));
        int mailed = 0;
        for (long player : due) {
            try {
                if (transaction(h -> desks.digest(h, player, day, now))) {
                    mailed++;
                }
            } catch (RuntimeException e) {
                if (!GameChanged.isConflict(e)) {
                    throw e;
                }
                // another tick or instance wrote this day's digest first
            }
        }
        return mailed;
    }

    /**
     * The key that signs the web's move forms, derived from the server key (never the key itself): every instance
     * sharing the server key accepts a form that any of them showed.
     */
    public byte[] formKey() {
        return key.hmac("epistle web form key");
    }

    /** What a desk link's token opens now: a player's desk, an expired link, or a link this server did not make. */
    public DeskLinks.Opened openDesk(String token) {
        return desks.links().open(token, now());
    }

    /** The path of a player's desk page with a new signed token, as the desk mail links it ({@code /desk/…}). */
    public String deskPath(long playerId) {
        return "/desk/" + desks.links().issue(playerId, now());
    }

    /** How long a desk link lasts. */
    public java.time.Duration deskLinkLife() {
        return desks.links().life();
    }

    /** A player's games that go on, most urgent first (their moves first, then the least time left). */
    public List<DeskGame> desk(long playerId) {
        return db.jdbi().inTransaction(h -> Tables.attach(h, PlayerTable.class).byId(playerId)
                .map(p -> desks.games(h, p, now())).orElse(List.of()));
    }

    public Optional<Player> player(long playerId) {
        return db.jdbi().withExtension(PlayerTable.class, t -> t.byId(playerId));
    }

    /** A side's conditional line in a game, empty when none is queued. */
    public ConditionalLine conditionalLine(long gameId, Side side) {
        return db.jdbi().withHandle(h -> ConditionalTable.line(h, gameId, side));
    }

    /** Whether the player takes the daily digest, and when (UTC). */
    public Optional<java.time.LocalTime> digestTime(long playerId) {
        return db.jdbi().withExtension(DigestTable.class, t -> t.minuteOf(playerId))
                .map(minute -> java.time.LocalTime.of(minute / 60, minute % 60));
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

    /** How many due jobs one tick claims at most; the rest wait for the next tick. */
    private static final int JOBS_PER_TICK = 200;

    /**
     * Does the clock's work that has fallen due by now (reminders, timeouts, leave notices): each job is claimed,
     * done and its mails written in one transaction, so a job is done once whatever restarts or other instances
     * there are. The scheduler calls this on every tick; tests call it with a moved clock.
     *
     * @return the jobs claimed (done, postponed or found void)
     */
    public int tick() {
        Instant now = now();
        List<DueJob> due = db.jdbi().withExtension(DueJobTable.class, t -> t.due(now, JOBS_PER_TICK));
        int claimed = 0;
        for (DueJob job : due) {
            try {
                Boolean done = transaction(h -> {
                    if (Tables.attach(h, DueJobTable.class).claim(job.id(), now) != 1) {
                        return false; // another instance, or an earlier tick, has it
                    }
                    Game game = load(h, job.gameId());
                    clocks.run(h, job, game, post, now);
                    tournaments.gameEnded(h, load(h, job.gameId()).row(), now); // a timeout counts in its tournament
                    return true;
                });
                if (done) {
                    claimed++;
                }
            } catch (RuntimeException e) {
                if (!GameChanged.isConflict(e)) {
                    throw e;
                }
                // a turn came in the same moment: the job stays pending and is looked at again next tick
            }
        }
        return claimed;
    }

    /**
     * Gives a player more time in a game (the admin's decision), mails both players and plans the game's
     * reminders and timeout anew, in one transaction.
     *
     * @throws IllegalArgumentException for an unknown game, a game without a time limit, no time or a blank reason
     * @throws IllegalStateException    when the game has ended
     */
    public void grantExtraTime(long gameId, Side side, java.time.Duration amount, String reason) {
        String why = reason == null ? "" : reason.strip().replaceAll("\\s+", " ");
        if (why.isEmpty()) {
            throw new IllegalArgumentException("a reason is required");
        }
        if (amount == null || amount.isNegative() || amount.isZero() || amount.compareTo(java.time.Duration.ofDays(TimeControl.MAX_DAYS)) > 0) {
            throw new IllegalArgumentException("extra time must be more than nothing and at most " + TimeControl.MAX_DAYS + " days");
        }
        String because = clip(why, 1000);
        retryingConflicts(() -> transaction(h -> {
            Instant now = now();
            Game game = load(h, gameId);
            if (!game.row().isActive()) {
                throw new IllegalStateException("game " + gameId + " has already ended");
            }
            if (!game.row().control().isLimited()) {
                throw new IllegalArgumentException("game " + gameId + " has no time limit, so there is no time to add");
            }
            Tables.attach(h, ExtraTimeTable.class).insert(gameId, side, amount.toSeconds(), now, because);
            // touch the row so pages rendered before show the new clock, and a racing turn is told to try again
            GameRow touched = game.row().withDrawOffer(game.row().drawOfferedBy(), now);
            if (Tables.attach(h, GameTable.class).update(game.row(), touched) != 1) {
                throw new GameChanged(gameId);
            }
            Game changed = game.with(touched);
            String notice = "The admin gave " + side.label() + " (" + game.player(side).name() + ") " + GameClock.words(amount)
                    + " more in this game. The admin's reason: " + because;
            post.toBoth(h, changed, MailKind.CLOCK_NOTICE, m -> m.put("explanation", notice), now);
            clocks.plan(h, changed, now);
            return gameId;
        }));
    }

    /**
     * Applies a player command (leave, time zone) sent from a registered player's address, and answers it by
     * mail; a refusal says why and changes nothing. An unknown sender gets no answer.
     */
    public Result handle(String senderAddress, CalendarCommand command, Optional<String> inboundKey) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        try {
            return retryingConflicts(() -> withInbound(mail, h -> {
                // any of the player's confirmed addresses is theirs; the answer goes to their registered one
                Optional<Player> player = senderAddress == null ? Optional.empty() : AddressBook.owner(h, senderAddress);
                if (player.isEmpty()) {
                    return new Result(Result.Effect.REFUSED, "refused, a player command from an address that is no player's (no mail sent)");
                }
                return new CalendarCommands(h, player.get(), post, clocks, now()).apply(command);
            }));
        } catch (AlreadyHandled e) {
            return alreadyHandled(mail);
        }
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
        if (Tables.attach(h, GameTable.class).update(game.row(), next) != 1) {
            throw new GameChanged(gameId);
        }
        Game ended = game.with(next);
        post.toBoth(h, ended, MailKind.GAME_OVER, m -> m.history()
                .put("result", result == null ? "*" : result)
                .put("explanation", because)
                .put("ending", ending), now);
        tournaments.gameEnded(h, next, now);
    }

    /**
     * A player's leave as their desk shows it: the leave booked that has not ended, and the days left this year.
     *
     * @param booked "from 2026-12-20 to 2027-01-03", with "(under way)" for leave taken now
     */
    public record LeaveView(List<String> booked, long daysLeft, int year) {
        public LeaveView {
            booked = List.copyOf(booked);
        }
    }

    public LeaveView leave(long playerId) {
        return db.jdbi().withHandle(h -> {
            Instant now = now();
            Player player = player(h, playerId);
            java.time.ZoneId zone = clocks.zone(h, player).orElse(java.time.ZoneOffset.UTC);
            List<LeaveTable.Leave> all = Tables.attach(h, LeaveTable.class).booked(playerId);
            List<String> open = all.stream().filter(l -> l.endsAt().isAfter(now))
                    .map(l -> LeavePolicy.days(l.period(), zone) + (l.isUnderWay(now) ? " (under way)" : "")).toList();
            int year = now.atZone(zone).getYear();
            return new LeaveView(open, LeavePolicy.daysLeft(year, all.stream().map(LeaveTable.Leave::period).toList(), zone,
                    clocks.settings()), year);
        });
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
            Player player = Tables.attach(h, PlayerTable.class).byId(playerId)
                    .orElseThrow(() -> new IllegalArgumentException("there is no player " + playerId));
            Optional<OutboxMail> last = Tables.attach(h, OutboxTable.class).lastTo(player.email());
            // a copy of a thread's root (the opening mail) refers to the root, so it joins the conversation too
            boolean root = last.isPresent() && last.get().gameId() != 0 && last.get().references().isEmpty()
                    && last.get().kind() == MailKind.GAME_STARTED;
            last.ifPresent(m -> Outbox.put(h, new Letter(m.gameId(), m.kind(), m.toName(), m.toAddress(), m.subject(),
                    post.messageId(), root ? m.messageId() : m.inReplyTo(), root ? List.of(m.messageId()) : m.references(),
                    m.replyTo(), m.model()), now()));
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

    /** Every game, oldest first: reads every game, so it is for tests and tools; pages use {@link #lists()}. */
    public List<GameSummary> games() {
        return lists.all();
    }

    /** The lists pages show, paged, filtered and sorted by the database. */
    public GameLists lists() {
        return lists;
    }

    /** Stores a received mail whole before it is handled; false, and nothing changes, if it is stored already. */
    public boolean storeInbound(String messageKey, byte[] raw, Instant at) {
        return inbound.store(messageKey, InboundCopy.whole(raw), at);
    }

    /** Stores what is kept of a received mail before it is handled; false, and nothing changes, if it is stored already. */
    public boolean storeInbound(String messageKey, InboundCopy copy, Instant at) {
        return inbound.store(messageKey, copy, at);
    }

    /**
     * Stores the mails of one batch (by key) in one transaction before any is handled; for each key whether
     * it was new.
     *
     * @throws RuntimeException when the store failed; then none is stored, and each can be stored alone
     */
    public Map<String, Boolean> storeInbound(Map<String, InboundCopy> mails, Instant at) {
        return inbound.storeAll(mails, at);
    }

    /** Keys of mails stored but not yet handled, oldest first. */
    public List<String> unhandledInbound() {
        return inbound.unhandled();
    }

    public Optional<byte[]> inboundRaw(String messageKey) {
        return inbound.raw(messageKey);
    }

    /** What is kept of a stored mail; empty when none is stored under the key, or its bytes were dropped. */
    public Optional<InboundCopy> inboundCopy(String messageKey) {
        return inbound.copy(messageKey);
    }

    /**
     * Drops the bytes of mail handled longer ago than {@code keep} (all handled mail for zero); the keys and
     * outcomes stay, so a mail delivered again is still recognised. Returns how many mails lost their bytes.
     */
    public int dropHandledInbound(java.time.Duration keep) {
        return inbound.dropBytes(now().minus(keep));
    }

    public boolean isHandled(String messageKey) {
        return inbound.isHandled(messageKey);
    }

    /** What became of a handled mail, in one line. */
    public Optional<String> inboundOutcome(String messageKey) {
        return inbound.outcome(messageKey);
    }

    /** How long after its end a game is still listed to a player's correspondence client, so the client learns the result. */
    public static final java.time.Duration CLIENT_LISTS_ENDED_FOR = java.time.Duration.ofDays(7);

    /**
     * Sets or replaces a player's Xfcc password (their desk page, or the admin's {@code epistle player password}),
     * kept as a salted PBKDF2 hash only.
     *
     * @throws IllegalArgumentException for an unknown player, or a password too short or too long
     */
    public void setClientPassword(long playerId, char[] password) {
        XfccPassword.whyNot(password).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        String hash = XfccPassword.hash(password); // slow on purpose: outside the transaction
        transaction(h -> {
            player(h, playerId);
            Tables.attach(h, XfccPasswordTable.class).put(playerId, hash, now());
            return playerId;
        });
    }

    /** Whether the player has set an Xfcc password. */
    public boolean hasClientPassword(long playerId) {
        return db.jdbi().withExtension(XfccPasswordTable.class, t -> t.hashOf(playerId)).isPresent();
    }

    /** The registered player who has this address (the one the server writes to, or a further one). */
    public Optional<Player> playerByAddress(String address) {
        return db.jdbi().withHandle(h -> AddressBook.owner(h, address));
    }

    /**
     * The player a correspondence client signs in as: any of the player's addresses and their Xfcc password. Empty
     * for an unknown address, a player without a password and a wrong password alike, in about the same time.
     */
    public Optional<Player> signIn(String address, char[] password) {
        Optional<Player> player = address == null || address.isBlank() ? Optional.empty() : playerByAddress(address);
        Optional<String> hash = player.flatMap(p -> db.jdbi().withExtension(XfccPasswordTable.class, t -> t.hashOf(p.id())));
        boolean matches = XfccPassword.matches(password == null ? new char[0] : password, hash.orElse(null));
        return matches ? player : Optional.empty();
    }

    /**
     * The ids of a player's games a client lists: one select a side, each on its side's index (games_white,
     * games_black); H2 answers {@code white_player = :p OR black_player = :p} by reading every game.
     */
    static final String CLIENT_GAMES = """
            SELECT id FROM games WHERE white_player = :p AND (state = 'ACTIVE' OR updated_at >= :since)
            UNION
            SELECT id FROM games WHERE black_player = :p AND (state = 'ACTIVE' OR updated_at >= :since)
            ORDER BY id""";

    /**
     * A player's games as their correspondence client lists them: those that go on and those ended in the last
     * {@link #CLIENT_LISTS_ENDED_FOR}, oldest first, with both sides' time left now.
     */
    public List<ClientGame> clientGames(long playerId) {
        return db.jdbi().inTransaction(h -> {
            Instant now = now();
            List<Long> ids = h.createQuery(CLIENT_GAMES)
                    .bind("p", playerId).bind("since", now.minus(CLIENT_LISTS_ENDED_FOR)).mapTo(Long.class).list();
            List<ClientGame> out = new java.util.ArrayList<>();
            for (long id : ids) {
                Game game = load(h, id);
                // one who plays both sides (a test game, a lesson) sits on the side to move
                Side toMove = game.position().sideToMove();
                Side side = game.player(toMove).id() == playerId ? toMove : toMove.opponent();
                Optional<ClockReading> reading = game.row().isActive() && game.row().control().isLimited()
                        ? Optional.of(clocks.read(h, game, now)) : Optional.empty();
                out.add(new ClientGame(game.view(), side, reading.flatMap(r -> r.left(side)),
                        reading.flatMap(r -> r.left(side.opponent()))));
            }
            return out;
        });
    }

    /**
     * The seat a registered player has in a game, known by their sign-in rather than a seat's secret: the side to move
     * when they sit on both; empty for a game that is not theirs or does not exist.
     */
    public Optional<Seat> seatOf(long gameId, Player player) {
        List<SeatTable.StoredSeat> seats = storedSeats(gameId).stream().filter(s -> s.player().id() == player.id()).toList();
        if (seats.size() > 1) {
            Side toMove = view(gameId).position().sideToMove();
            return Optional.of(new Seat(gameId, toMove, seats.get(0).player()));
        }
        return seats.stream().findFirst().map(s -> new Seat(gameId, s.side(), s.player()));
    }

    /**
     * Applies a command a seat's player sent from a correspondence client (Xfcc): as {@link #handleFromPage} (a refusal
     * comes back in the result, and is mailed to nobody; what the command changes is mailed as ever), except that a
     * player whose leave is under way is refused ({@code on-leave}): a client may send queued turns unattended, and
     * only the player should end their leave, by mail or on their desk.
     */
    public Result handleFromClient(Seat seat, Command command, String rawText) {
        Instant now = now();
        boolean onLeave = db.jdbi().withExtension(LeaveTable.class, t -> t.booked(seat.player().id()))
                .stream().anyMatch(l -> l.isUnderWay(now));
        if (onLeave) {
            Refusal refusal = new Refusal("on-leave", "Your leave is under way, so your client's command was not acted on.",
                    "End your leave first (reply leave cancel, or on your desk), or send the turn by mail, which ends it.");
            return new Result(Result.Effect.REFUSED, "refused from a client, " + refusal.summary(), Optional.of(refusal));
        }
        return handle(seat, command, rawText, Optional.empty(), false);
    }

    private Game load(Handle h, long gameId) {
        return kept.load(h, gameId).orElseThrow(() -> new IllegalArgumentException("there is no game " + gameId));
    }

    /** Runs the work again when it collided with another transaction (two new players with one address at once). */
    private static <T> T retryingConflicts(java.util.function.Supplier<T> work) {
        return GameChanged.retrying(work, ATTEMPTS);
    }

    private <T> T transaction(HandleCallback<T, RuntimeException> work) {
        return db.transaction(work);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
