package org.epistle.core.games;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.jdbi.v3.core.Handle;

/**
 * People who follow a game by mail without playing in it. Anyone may ask ({@code subscribe <game>}); the
 * address must answer a mail with a code before anything else is sent to it. A confirmed observer gets each
 * turn {@linkplain #delay some turns late} (ICCF's custom: spectators must not be able to help a player), and
 * at the game's end everything left at once, since nobody can be helped any more and waiting for turns that
 * never come would keep the end from them. Every observer mail can be unsubscribed from: a line in the body,
 * {@code List-Unsubscribe} (mailto: and a signed one-click URL) and {@code List-Unsubscribe-Post}.
 *
 * <p>Against abuse (somebody subscribing a stranger's address): at most {@link #MAX_WAITING} codes wait per
 * address, at most one confirmation mail goes to an address per {@link #QUIET}, a code lapses after
 * {@link #CODE_LIFETIME}, and an address that does not confirm gets nothing more. Requests beyond that are
 * logged in the inbound ledger and not answered.
 *
 * <p>Observer mails are written into the outbox in the transaction of the turn that makes them due, and each
 * observer's {@code shown_through} moves on in the same transaction, so each turn reaches them exactly once.
 * They carry no seat's secret: they reply to the server's own address and show only the public record.
 */
public final class Observers {
    /** How long a confirmation code waits for its reply. */
    static final Duration CODE_LIFETIME = Duration.ofDays(2);
    /** Codes that may wait for one address at once. */
    static final int MAX_WAITING = 3;
    /** After a confirmation mail to an address, the time during which it gets no other. */
    static final Duration QUIET = Duration.ofHours(1);
    /** The largest delay the admin may set. */
    public static final int MAX_DELAY = 100;
    /** How many entries a feed lists at most, the newest. */
    static final int FEED_ENTRIES = 50;
    /** How many of a player's games their feed looks at, the latest changed. */
    static final int PLAYER_FEED_GAMES = 30;

    private final Database db;
    private final MailIdentity identity;
    private final UnsubscribeLinks links;
    private final Supplier<Instant> clock;
    private final int defaultDelay;
    private final InboundWork inbound;
    private final Loader loader;

    Observers(Database db, MailIdentity identity, ServerKey key, Supplier<Instant> clock, int defaultDelay,
              InboundWork inbound, Loader loader) {
        if (defaultDelay < 0 || defaultDelay > MAX_DELAY) {
            throw new IllegalArgumentException("the observer delay must be 0 to " + MAX_DELAY + " turns, not " + defaultDelay);
        }
        this.db = db;
        this.identity = identity;
        this.links = new UnsubscribeLinks(key);
        this.clock = clock;
        this.defaultDelay = defaultDelay;
        this.inbound = inbound;
        this.loader = loader;
    }

    /** The server's default delay, for games and tournaments that set none. */
    public int defaultDelay() {
        return defaultDelay;
    }

    // ---- the delay ----

    /** A game's delay in turns: its own, else its tournament's, else the server's default. */
    public int delay(long gameId) {
        return db.jdbi().withHandle(h -> delay(h, gameId));
    }

    int delay(Handle h, long gameId) {
        ObserverTable t = Tables.attach(h, ObserverTable.class);
        return t.gameDelay(gameId).or(() -> t.tournamentDelayOfGame(gameId)).orElse(defaultDelay);
    }

    /**
     * Sets a game's own delay (empty: back to its tournament's or the default). A lower delay shows the turns it
     * uncovers with the next turn played; a turn once mailed is never taken back.
     *
     * @throws IllegalArgumentException for an unknown game or a delay out of range
     */
    public void setGameDelay(long gameId, Optional<Integer> turns) {
        turns.ifPresent(Observers::checkDelay);
        db.jdbi().useTransaction(h -> {
            if (Tables.attach(h, GameTable.class).byId(gameId).isEmpty()) {
                throw new IllegalArgumentException("there is no game " + gameId);
            }
            ObserverTable t = Tables.attach(h, ObserverTable.class);
            t.clearGameDelay(gameId);
            turns.ifPresent(n -> t.setGameDelay(gameId, n));
        });
    }

    /** Sets a tournament's delay, for its games that set none of their own (empty: the server's default). */
    public void setTournamentDelay(long tournamentId, Optional<Integer> turns) {
        turns.ifPresent(Observers::checkDelay);
        db.jdbi().useTransaction(h -> {
            ObserverTable t = Tables.attach(h, ObserverTable.class);
            t.clearTournamentDelay(tournamentId);
            turns.ifPresent(n -> t.setTournamentDelay(tournamentId, n));
        });
    }

    /** A game's own delay, if the admin set one (else it takes its tournament's or the default). */
    public Optional<Integer> gameDelay(long gameId) {
        return db.jdbi().withExtension(ObserverTable.class, t -> t.gameDelay(gameId));
    }

    /** The delay of the tournament a game belongs to, if that tournament set one. */
    public Optional<Integer> tournamentDelayOfGame(long gameId) {
        return db.jdbi().withExtension(ObserverTable.class, t -> t.tournamentDelayOfGame(gameId));
    }

    /** The addresses that follow a game, in the order they confirmed: for the admin's eyes only. */
    public List<String> followers(long gameId) {
        return db.jdbi().withExtension(ObserverTable.class, t -> t.of(gameId)).stream()
                .map(ObserverTable.Observer::email).toList();
    }

    /** A tournament's own delay, if it set one. */
    public Optional<Integer> tournamentDelay(long tournamentId) {
        return db.jdbi().withExtension(ObserverTable.class, t -> t.tournamentDelay(tournamentId));
    }

    /** @throws IllegalArgumentException with a sentence for the admin */
    public static int checkDelay(int turns) {
        if (turns < 0 || turns > MAX_DELAY) {
            throw new IllegalArgumentException("the observer delay must be a whole number of turns from 0 to " + MAX_DELAY);
        }
        return turns;
    }

    /** How many of the game's turns the public may see: all once it is over, else all but the last {@code delay}. */
    static int visible(int turnsPlayed, int delay, boolean over) {
        return over ? turnsPlayed : Math.max(0, turnsPlayed - delay);
    }

    // ---- subscribing, confirming, unsubscribing ----

    /** {@code subscribe <game>} or {@code unsubscribe <game>} in a mail from {@code sender}. */
    public Result handle(ObserverCommand command, String sender, Optional<String> inboundKey) {
        return command.follow() ? subscribe(command.gameId(), sender, inboundKey) : unsubscribe(command.gameId(), sender, inboundKey);
    }

    private Result subscribe(long gameId, String sender, Optional<String> inboundKey) {
        String address = AddressBook.normalize(sender);
        return inbound.run(inboundKey, h -> {
            Instant now = clock.get();
            Optional<String> ignored = whyNoConfirmation(h, gameId, address, now);
            if (ignored.isPresent()) {
                return new Result(Result.Effect.REFUSED, "subscribe " + gameId + " from " + clip(address) + " ignored ("
                        + ignored.get() + "); no mail sent");
            }
            ObserverTable t = Tables.attach(h, ObserverTable.class);
            t.forgetLapsed(now);
            FollowCode code = FollowCode.fresh();
            t.request(code.hash(), gameId, address, now, now.plus(CODE_LIFETIME));
            Game game = game(h, gameId);
            String replyTo = identity.replyAddress(code.tag());
            Map<String, Object> model = MailModel.aboutNoGame(MailKind.OBSERVER_CONFIRMATION, "", new Refusal("follow-confirmation",
                    "Somebody, perhaps you, asked that this address (" + address + ") follow game " + gameId + ", "
                            + players(game) + ", on Epistle, the correspondence chess server.",
                    "To follow it, reply to this mail and keep its subject. If you did not ask for this, ignore it: "
                            + "nothing is sent to you unless you reply, and the request lapses in 2 days."), replyTo);
            model.put("gameUrl", identity.gameUrl(gameId));
            Outbox.put(h, new Letter(gameId, MailKind.OBSERVER_CONFIRMATION, "", address,
                    "[Epistle] Follow game " + gameId + "? [" + code.tag() + "]", messageId(), null, List.of(), replyTo, model), now);
            return new Result(Result.Effect.SHOWN, "asked " + address + " to confirm following game " + gameId);
        });
    }

    /** Why a request must not be answered, or empty when a confirmation mail may go. */
    private Optional<String> whyNoConfirmation(Handle h, long gameId, String address, Instant now) {
        if (address.isEmpty() || identity.isOwnAddress(address)) {
            return Optional.of("no sender, or the server's own address");
        }
        Optional<GameRow> row = Tables.attach(h, GameTable.class).byId(gameId);
        if (row.isEmpty()) {
            return Optional.of("no game " + gameId);
        }
        if (!row.get().isActive()) {
            return Optional.of("game " + gameId + " is over");
        }
        ObserverTable t = Tables.attach(h, ObserverTable.class);
        if (t.find(gameId, address).isPresent()) {
            return Optional.of("already following it");
        }
        if (t.waiting(address, now) >= MAX_WAITING) {
            return Optional.of(MAX_WAITING + " confirmations wait for this address already");
        }
        Optional<Instant> last = t.lastRequest(address);
        if (last.isPresent() && last.get().plus(QUIET).isAfter(now)) {
            return Optional.of("a confirmation went to this address less than " + QUIET.toMinutes() + " minutes ago");
        }
        return Optional.empty();
    }

    /**
     * A mail carrying a follow code: the sender follows the game when the mail comes from the address the code
     * was sent to, before it lapsed. Anything else changes nothing and is not answered.
     */
    public Result confirm(FollowCode code, String sender, Optional<String> inboundKey) {
        String address = AddressBook.normalize(sender);
        return inbound.run(inboundKey, h -> {
            Instant now = clock.get();
            ObserverTable t = Tables.attach(h, ObserverTable.class);
            Optional<Long> gameId = t.requestedGame(code.hash(), address, now);
            if (gameId.isEmpty()) {
                return new Result(Result.Effect.REFUSED, "ignored: no waiting follow request matches this code from " + clip(address));
            }
            t.forgetRequest(code.hash());
            Game game = game(h, gameId.get());
            if (t.find(game.id(), address).isPresent()) {
                return new Result(Result.Effect.REFUSED, address + " follows game " + game.id() + " already; no mail sent");
            }
            if (!game.row().isActive()) {
                return new Result(Result.Effect.REFUSED, "game " + game.id() + " ended before " + address + " confirmed; no mail sent");
            }
            int delay = delay(h, game.id());
            int seen = visible(game.row().turnsPlayed(), delay, false);
            t.add(game.id(), address, now, seen);
            ObserverTable.Observer observer = t.find(game.id(), address).orElseThrow();
            Map<String, Object> model = MailModel.aboutNoGame(MailKind.OBSERVER_NOTICE, "", new Refusal("following",
                    "You now follow game " + game.id() + ", " + players(game) + ". " + delayWords(delay),
                    stopLine(observer)), identity.serverAddress());
            model.put("gameUrl", identity.gameUrl(game.id()));
            model.put("headline", "You now follow game " + game.id());
            model.put("listUnsubscribe", listUnsubscribe(observer));
            Outbox.put(h, new Letter(game.id(), MailKind.OBSERVER_NOTICE, "", address, subject(game), messageId(), null,
                    List.of(), identity.serverAddress(), model), now);
            return new Result(Result.Effect.SHOWN, address + " follows game " + game.id());
        });
    }

    private Result unsubscribe(long gameId, String sender, Optional<String> inboundKey) {
        String address = AddressBook.normalize(sender);
        return inbound.run(inboundKey, h -> {
            Optional<ObserverTable.Observer> observer = Tables.attach(h, ObserverTable.class).find(gameId, address);
            if (observer.isEmpty()) {
                return new Result(Result.Effect.REFUSED, clip(address) + " does not follow game " + gameId + "; no mail sent");
            }
            stop(h, observer.get(), "by mail");
            return new Result(Result.Effect.SHOWN, address + " stopped following game " + gameId + " by mail");
        });
    }

    /** What a one-click link did: which game it stopped, or nothing (an altered link, or one already used). */
    public record Unsubscribed(Optional<Long> gameId) {
    }

    /**
     * The one-click unsubscribe (RFC 8058): the signed token alone stops the subscription it names, with no login.
     * A token that is altered, or whose subscription has ended, changes nothing.
     */
    public Unsubscribed unsubscribe(String token) {
        Optional<Long> id = UnsubscribeLinks.observer(token);
        if (id.isEmpty()) {
            return new Unsubscribed(Optional.empty());
        }
        return db.jdbi().inTransaction(h -> {
            Optional<ObserverTable.Observer> observer = Tables.attach(h, ObserverTable.class).byId(id.get())
                    .filter(o -> links.isGenuine(token, o.id(), o.email()));
            if (observer.isEmpty()) {
                return new Unsubscribed(Optional.empty());
            }
            stop(h, observer.get(), "by the link in a mail");
            return new Unsubscribed(Optional.of(observer.get().gameId()));
        });
    }

    /** Whether the token names a subscription that still runs (for the page that asks before the POST). */
    public Optional<Long> subscribedGame(String token) {
        Optional<Long> id = UnsubscribeLinks.observer(token);
        return id.flatMap(i -> db.jdbi().withExtension(ObserverTable.class, t -> t.byId(i)))
                .filter(o -> links.isGenuine(token, o.id(), o.email())).map(ObserverTable.Observer::gameId);
    }

    /** Ends a subscription, and says so to the address, which has asked for it (mails to it had been confirmed). */
    private void stop(Handle h, ObserverTable.Observer observer, String how) {
        Instant now = clock.get();
        Tables.attach(h, ObserverTable.class).remove(observer.id());
        Game game = game(h, observer.gameId());
        Map<String, Object> model = MailModel.aboutNoGame(MailKind.OBSERVER_NOTICE, "", new Refusal("unfollowed",
                "You no longer follow game " + game.id() + ", " + players(game) + " (stopped " + how + ").",
                "Nothing more about it will be sent to you. To follow it again, send \"subscribe " + game.id()
                        + "\" to " + identity.serverAddress() + "."), identity.serverAddress());
        model.put("gameUrl", identity.gameUrl(game.id()));
        model.put("headline", "You no longer follow game " + game.id());
        Outbox.put(h, new Letter(game.id(), MailKind.OBSERVER_NOTICE, "", observer.email(), subject(game), messageId(), null,
                List.of(), identity.serverAddress(), model), now);
    }

    // ---- the turns, late ----

    /**
     * Mails each observer of the game the turns that have become visible since their last mail, one mail a turn;
     * once the game is over, one last mail with what is left and the result, and the subscriptions end. Runs in
     * the transaction that changed the game, so it is done exactly once with it.
     */
    void gameMoved(Handle h, Game game, Instant at) {
        // Asked on every turn, and most games have no observer: a plain query, since attaching the observers' table
        // (two dozen statements) cost a move more than the query itself.
        List<ObserverTable.Observer> observers = h.createQuery(
                        "SELECT id, game_id, email, shown_through FROM observers WHERE game_id = :game ORDER BY id")
                .bind("game", game.id())
                .map((rs, ctx) -> new ObserverTable.Observer(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getInt(4))).list();
        if (observers.isEmpty()) {
            return;
        }
        ObserverTable t = Tables.attach(h, ObserverTable.class);
        boolean over = !game.row().isActive();
        int visible = visible(game.turns().size(), delay(h, game.id()), over);
        for (ObserverTable.Observer o : observers) {
            if (over) {
                if (t.remove(o.id()) == 1) {
                    List<TurnRecord> left = game.turns().subList(Math.min(o.shownThrough(), visible), visible);
                    send(h, game, o, left, visible, true, at);
                }
                continue;
            }
            for (int seq = o.shownThrough() + 1; seq <= visible; seq++) {
                if (t.shown(o.id(), seq - 1, seq) != 1) {
                    break; // another writer has mailed it; the game row's lock makes that a conflict anyway
                }
                send(h, game, o, List.of(game.turns().get(seq - 1)), seq, false, at);
            }
        }
    }

    private void send(Handle h, Game game, ObserverTable.Observer o, List<TurnRecord> turns, int through, boolean over,
                      Instant at) {
        int delay = delay(h, game.id());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", MailKind.OBSERVER_TURN.template());
        m.put("gameId", game.id());
        m.put("variantName", game.variant().name());
        m.put("whiteName", game.white().name());
        m.put("blackName", game.black().name());
        m.put("recipientName", "");
        m.put("headline", over ? "Game over: " + players(game) + ", " + ending(game.row())
                : game.player(turns.get(0).side()).name() + " played " + turns.get(0).line()
                        + (delay == 0 ? "" : " (shown " + delay + (delay == 1 ? " turn" : " turns") + " late)"));
        m.put("shownTurns", turns.stream().map(TurnRecord::line).toList());
        m.put("diagram", diagram(game, through, over));
        m.put("delayTurns", delay);
        m.put("delayNote", over ? "The game is over, so the turns still held back are all shown." : delayWords(delay));
        m.put("gameOver", over);
        m.put("ending", over ? ending(game.row()) : "");
        m.put("gameUrl", identity.gameUrl(game.id()));
        m.put("replyAddress", identity.serverAddress());
        m.put("stopLine", over ? "This is the last mail about this game; you follow it no longer." : stopLine(o));
        if (!over) {
            m.put("listUnsubscribe", listUnsubscribe(o));
        }
        Outbox.put(h, new Letter(game.id(), MailKind.OBSERVER_TURN, "", o.email(), subject(game), messageId(), null,
                List.of(), identity.serverAddress(), m), at);
    }

    /** The text diagram after {@code through} turns: the cached position after that turn, else the game's start. */
    private static List<String> diagram(Game game, int through, boolean over) {
        Position p;
        if (over || through == game.turns().size()) {
            p = game.position();
        } else {
            try {
                // the random Magnetic field's seed is in no FEN; without it the field under the diagram would be wrong
                p = Seeded.withSecretsOf(game.position(), Fen.read(Ruleset.of(game.variant(), game.whiteArmy(), game.blackArmy()),
                        game.turns().get(through - 1).fenAfter()));
            } catch (FenException e) {
                return List.of("(no diagram: the position after turn " + through + " could not be read)");
            }
        }
        return TextDiagram.render(p).lines().toList();
    }

    // ---- feeds ----

    /** One entry of an Atom feed: a turn the public may see, or a game's end. */
    public record FeedEntry(String id, String title, Instant updated, String link, String summary) {
    }

    /** An Atom feed's content; {@code updated} is its newest entry's, or when its subject began. */
    public record Feed(String id, String title, Instant updated, String link, List<FeedEntry> entries) {
        public Feed {
            entries = List.copyOf(entries);
        }
    }

    /** A game's feed: its visible turns, newest first, and its end; empty for an unknown game. */
    public Optional<Feed> gameFeed(long gameId) {
        return db.jdbi().withHandle(h -> Tables.attach(h, GameTable.class).byId(gameId).map(row -> {
            List<FeedEntry> entries = entries(h, row);
            return feed(identity.gameUrl(gameId) + "/feed.atom", "Epistle: game " + gameId + ", " + players(h, row),
                    identity.gameUrl(gameId), entries, row.createdAt());
        }));
    }

    /** A player's feed: the visible turns and ends of their latest games; empty for an unknown player. */
    public Optional<Feed> playerFeed(long playerId) {
        return db.jdbi().withHandle(h -> Tables.attach(h, PlayerTable.class).byId(playerId).map(player -> {
            List<FeedEntry> entries = new ArrayList<>();
            Instant since = Instant.EPOCH;
            for (long id : Tables.attach(h, ObserverTable.class).gamesOfPlayer(playerId, PLAYER_FEED_GAMES)) {
                GameRow row = Tables.attach(h, GameTable.class).byId(id).orElseThrow();
                entries.addAll(entries(h, row));
                since = row.createdAt().isAfter(since) ? row.createdAt() : since;
            }
            String page = identity.baseUrl() + "/players/" + playerId;
            return feed(page + "/feed.atom", "Epistle: the games of " + player.name(), page, entries, since);
        }));
    }

    /** A tournament's feed: the visible turns and ends of its games. */
    public Feed tournamentFeed(long tournamentId, String name, Instant createdAt) {
        return db.jdbi().withHandle(h -> {
            List<FeedEntry> entries = new ArrayList<>();
            for (long id : Tables.attach(h, ObserverTable.class).gamesOfTournament(tournamentId)) {
                entries.addAll(entries(h, Tables.attach(h, GameTable.class).byId(id).orElseThrow()));
            }
            String page = identity.baseUrl() + "/tournaments/" + tournamentId;
            return feed(page + "/feed.atom", "Epistle: " + name, page, entries, createdAt);
        });
    }

    private Feed feed(String self, String title, String page, List<FeedEntry> entries, Instant since) {
        // entries come in each game's order; reversed, a stable sort keeps the later of two at one instant first
        List<FeedEntry> reversed = new ArrayList<>(entries);
        java.util.Collections.reverse(reversed);
        List<FeedEntry> newest = reversed.stream().sorted(Comparator.comparing(FeedEntry::updated).reversed())
                .limit(FEED_ENTRIES).toList();
        Instant updated = newest.isEmpty() ? since : newest.get(0).updated();
        return new Feed(self, title, updated, page, newest);
    }

    /**
     * A game's entries as the public may see them: a turn appears when the turn {@code delay} later is played (so
     * its time is that turn's), or when the game ends; the end is an entry of its own.
     */
    private List<FeedEntry> entries(Handle h, GameRow row) {
        List<TurnRecord> turns = Tables.attach(h, TurnTable.class).of(row.id());
        boolean over = !row.isActive();
        int delay = delay(h, row.id());
        int visible = visible(turns.size(), delay, over);
        String players = players(h, row);
        String page = identity.gameUrl(row.id());
        PlayerTable playerTable = Tables.attach(h, PlayerTable.class);
        String white = playerTable.get(row.whitePlayer()).name();
        String black = playerTable.get(row.blackPlayer()).name();
        List<FeedEntry> entries = new ArrayList<>();
        for (int seq = 1; seq <= visible; seq++) {
            TurnRecord turn = turns.get(seq - 1);
            int uncoveredBy = seq + delay;
            Instant when = uncoveredBy <= turns.size() ? turns.get(uncoveredBy - 1).playedAt() : row.updatedAt();
            String by = turn.side() == org.epistle.core.rules.board.Side.WHITE ? white : black;
            entries.add(new FeedEntry(page + "#turn-" + seq, "Game " + row.id() + ": " + by + " played " + turn.line(),
                    when, page, players + ", game " + row.id() + ": " + turn.line()
                            + (delay == 0 || over ? "" : " (shown " + delay + " turns late)")));
        }
        if (over) {
            entries.add(new FeedEntry(page + "#end", "Game " + row.id() + " over: " + ending(row), row.updatedAt(), page,
                    players + ": " + ending(row)));
        }
        return entries;
    }

    // ---- words and headers ----

    private static String ending(GameRow row) {
        return row.result() == null ? "stopped (" + row.termination() + ")" : row.result() + " (" + row.termination() + ")";
    }

    private static String delayWords(int delay) {
        return delay == 0 ? "Each turn is mailed to you as it is played."
                : "Each turn is mailed to you " + delay + (delay == 1 ? " turn" : " turns") + " after it was played, "
                        + "so that nobody watching can help a player; the end of the game comes at once.";
    }

    private String stopLine(ObserverTable.Observer o) {
        return "To stop following this game, reply with \"unsubscribe " + o.gameId() + "\" on the first line, or open "
                + unsubscribeUrl(o);
    }

    String unsubscribeUrl(ObserverTable.Observer o) {
        return identity.baseUrl() + "/unsubscribe/" + links.issue(o.id(), o.email());
    }

    /** RFC 2369: the mailto: (whose subject is the command) and the one-click URL (RFC 8058). */
    private String listUnsubscribe(ObserverTable.Observer o) {
        return "<mailto:" + identity.serverAddress() + "?subject=unsubscribe%20" + o.gameId() + ">, <" + unsubscribeUrl(o) + ">";
    }

    /** The same subject for every observer mail of a game, so that clients keep them in one conversation. */
    private static String subject(Game game) {
        return "[Epistle] Following game " + game.id() + " · " + game.white().name() + " v " + game.black().name();
    }

    private static String players(Game game) {
        return game.white().name() + " v " + game.black().name() + " (" + game.variant().name() + ")";
    }

    private static String players(Handle h, GameRow row) {
        PlayerTable t = Tables.attach(h, PlayerTable.class);
        return t.get(row.whitePlayer()).name() + " v " + t.get(row.blackPlayer()).name();
    }

    private Game game(Handle h, long gameId) {
        return loader.load(h, gameId);
    }

    /** Reads a game with the service's replayer. */
    interface Loader {
        Game load(Handle h, long gameId);
    }

    private String messageId() {
        return "<" + UUID.randomUUID() + "@" + identity.domain() + ">";
    }

    private static String clip(String s) {
        return s.length() > 320 ? s.substring(0, 320) : s;
    }
}
