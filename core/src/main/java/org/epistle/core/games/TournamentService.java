package org.epistle.core.games;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.rating.VariantFamily;
import org.epistle.core.games.tournament.BergerTable;
import org.epistle.core.games.tournament.Crosstable;
import org.epistle.core.games.tournament.GameResult;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.Standings;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.games.tournament.TimeControlSpec;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.transaction.TransactionIsolationLevel;

/**
 * The use cases of a correspondence tournament: create, invite, join and withdraw, start (every game
 * at once, as correspondence play does), count each game as it ends, apply a withdrawal during play,
 * mail the final table, and keep the Glicko-2 ratings of rated games. Every change and the mails it
 * causes are written in one transaction; every answer is a {@link TournamentAnswer}, and a refused
 * request changes nothing.
 */
public final class TournamentService {
    /** {@code join <tournament>} or {@code withdraw <tournament>}, as the first line of a mail. */
    private static final Pattern ENTRY = Pattern.compile("(?i)^\\s*(join|withdraw)\\s+(.+?)\\s*$");
    private static final int MAX_NAME = 100;

    private final Database db;
    private final GameService games;
    private final java.time.Clock clock;
    private final Glicko2 glicko = Glicko2.standard();

    TournamentService(Database db, GameService games, java.time.Clock clock) {
        this.db = db;
        this.games = games;
        this.clock = clock;
    }

    /** A player's entry command read from a mail: join or withdraw, and the tournament's name. */
    public record EntryCommand(boolean join, String tournament) {
        /** The command on the first of the mail's lines, if it is one. */
        public static Optional<EntryCommand> parse(List<String> lines) {
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            Matcher m = ENTRY.matcher(lines.get(0));
            return m.matches() ? Optional.of(new EntryCommand(m.group(1).equalsIgnoreCase("join"), m.group(2)))
                    : Optional.empty();
        }
    }

    // ---- the admin's side

    public TournamentAnswer create(NewTournament t) {
        String name = t.name() == null ? "" : t.name().strip().replaceAll("\\s+", " ");
        if (name.isEmpty() || name.length() > MAX_NAME || name.codePoints().anyMatch(Character::isISOControl)) {
            return refused("A tournament needs a name of 1 to " + MAX_NAME + " characters on one line.");
        }
        if (t.kind() == TournamentKind.KNOCKOUT) {
            return refused("Knockouts are paired and decided by Epistle's tables, but are not yet run by mail;"
                    + " create a round robin.");
        }
        if (t.maxPlayers() < t.kind().minPlayers() || t.maxPlayers() > t.kind().maxPlayers()) {
            return refused("A " + t.kind().label() + " is for " + t.kind().minPlayers() + " to "
                    + t.kind().maxPlayers() + " players, not " + t.maxPlayers() + ".");
        }
        Ruleset rules;
        String timeControl;
        try {
            Variant variant = GameService.variant(t.variantKey());
            rules = Ruleset.of(variant, GameService.army(t.whiteArmyKey(), Side.WHITE),
                    GameService.army(t.blackArmyKey(), Side.BLACK));
            timeControl = TimeControlSpec.validate(t.timeControl());
        } catch (IllegalArgumentException e) {
            return refused(sentence(e.getMessage()));
        }
        String fen = t.startFen() == null || t.startFen().isBlank() ? null : t.startFen().strip();
        if (fen != null) {
            try {
                fen = Fen.write(Fen.read(rules, fen));
            } catch (IllegalArgumentException e) { // FenException among them
                return refused("The thematic position is not a position of " + rules.variant().name() + ": "
                        + e.getMessage());
            }
        }
        NewTournament clean = new NewTournament(name, rules.variant().key(), rules.army(Side.WHITE).key(),
                rules.army(Side.BLACK).key(), timeControl, t.kind(), t.scoring(), t.tieBreaks(), t.tieRule(),
                t.withdrawalRule(), fen, t.maxPlayers(), t.rated());
        return transaction(h -> {
            TournamentStore store = new TournamentStore(h);
            Optional<Tournament> same = store.byName(name);
            if (same.isPresent()) {
                return refused("There is already a tournament called \"" + same.get().name() + "\".");
            }
            long id = store.insert(clean, now());
            return new TournamentAnswer.Done(id, "Tournament " + id + " \"" + name + "\" created: a "
                    + t.kind().label() + " of " + rules.variant().name() + ", entry open.");
        });
    }

    /** Invites a player by address (registering them), and mails them how to join. */
    public TournamentAnswer invite(long tournamentId, Contact contact) {
        if (games.identity().isOwnAddress(contact.email())) {
            return refused(contact.email() + " is the server's own address.");
        }
        return transaction(h -> {
            TournamentStore store = new TournamentStore(h);
            Optional<Tournament> found = store.byId(tournamentId);
            if (found.isEmpty()) {
                return unknown(tournamentId);
            }
            store.lock(tournamentId);
            Tournament t = found.get();
            if (!t.isOpen()) {
                return refused("\"" + t.name() + "\" has started; nobody can be invited any more.");
            }
            Player p = h.attach(PlayerTable.class).register(contact, now());
            if (store.entrants(tournamentId).stream().anyMatch(e -> e.player().id() == p.id())) {
                return refused(p.name() + " <" + p.email() + "> is on the list of \"" + t.name() + "\" already.");
            }
            store.enter(tournamentId, p.id(), Entrant.Status.INVITED, now());
            mail(h, p, t, "Invitation to " + t.name(), List.of(
                    "You are invited to \"" + t.name() + "\", " + description(t) + ".",
                    "To take part, reply with this line: join " + t.name(),
                    "You can withdraw before the start with: withdraw " + t.name()), List.of());
            return new TournamentAnswer.Done(tournamentId, p.name() + " <" + p.email() + "> invited to \""
                    + t.name() + "\".");
        });
    }

    /**
     * Starts an open tournament with the players who joined: draws the pairing numbers (in the
     * order they joined), creates every game of the Berger table at once, and mails each player
     * their games, opponents and colours.
     */
    public TournamentAnswer start(long tournamentId) {
        return retrying(() -> transaction(h -> {
            TournamentStore store = new TournamentStore(h);
            Optional<Tournament> found = store.byId(tournamentId);
            if (found.isEmpty()) {
                return unknown(tournamentId);
            }
            store.lock(tournamentId);
            Tournament t = found.get();
            if (!t.isOpen()) {
                return refused("\"" + t.name() + "\" has started already.");
            }
            List<Entrant> joined = store.entrants(tournamentId).stream().filter(Entrant::hasJoined).toList();
            if (joined.size() < t.kind().minPlayers()) {
                return refused("\"" + t.name() + "\" needs at least " + t.kind().minPlayers() + " players to start; "
                        + joined.size() + " joined.");
            }
            if (!store.changeState(tournamentId, TournamentState.OPEN, TournamentState.PLAYING, now())) {
                return refused("\"" + t.name() + "\" has started already.");
            }
            for (int i = 0; i < joined.size(); i++) {
                store.number(tournamentId, joined.get(i).player().id(), i + 1);
            }
            Ruleset rules = Ruleset.of(GameService.variant(t.variant()), GameService.army(t.whiteArmy(), Side.WHITE),
                    GameService.army(t.blackArmy(), Side.BLACK));
            String start = t.startFen().orElseGet(() -> Fen.write(Position.start(rules)));
            BergerTable table = t.kind().table(joined.size());
            Map<Integer, List<String>> schedule = new LinkedHashMap<>();
            for (BergerTable.Scheduled s : table.games()) {
                Player white = joined.get(s.pairing().white() - 1).player();
                Player black = joined.get(s.pairing().black() - 1).player();
                long gameId = games.create(h, rules, new NewGame(rules.variant().key(), rules.army(Side.WHITE).key(),
                        rules.army(Side.BLACK).key(), new Contact(white.name(), white.email()),
                        new Contact(black.name(), black.email()), Optional.of(TimeControl.parse(t.timeControl()))), start, now());
                store.addGame(tournamentId, gameId, s.round(), s.pairing().white(), s.pairing().black());
                schedule.computeIfAbsent(s.pairing().white(), k -> new ArrayList<>()).add("Round " + s.round()
                        + ": White against " + black.name() + ", game " + gameId + ".");
                schedule.computeIfAbsent(s.pairing().black(), k -> new ArrayList<>()).add("Round " + s.round()
                        + ": Black against " + white.name() + ", game " + gameId + ".");
            }
            for (int n = 1; n <= joined.size(); n++) {
                List<String> lines = new ArrayList<>();
                lines.add("\"" + t.name() + "\" has started: " + description(t) + ", " + joined.size()
                        + " players. You are number " + n + ". All your games start now; each has its own mails.");
                lines.addAll(schedule.getOrDefault(n, List.of()));
                if (table.hasBye()) {
                    lines.add("With an odd number of players, each player has a round without a game (the bye).");
                }
                mail(h, joined.get(n - 1).player(), t, t.name() + " has started", lines, List.of());
            }
            return new TournamentAnswer.Done(tournamentId, "\"" + t.name() + "\" started: " + joined.size()
                    + " players, " + table.games().size() + " games created.");
        }));
    }

    /** The admin withdraws a player: the same as the player's own {@code withdraw}. */
    public TournamentAnswer withdraw(long tournamentId, long playerId) {
        return retrying(() -> transaction(h -> {
            TournamentStore store = new TournamentStore(h);
            Optional<Tournament> t = store.byId(tournamentId);
            Optional<Player> p = h.attach(PlayerTable.class).byId(playerId);
            if (t.isEmpty()) {
                return unknown(tournamentId);
            }
            if (p.isEmpty()) {
                return refused("There is no player " + playerId + ".");
            }
            return withdraw(h, t.get(), p.get(), "The admin withdrew you");
        }));
    }

    // ---- the players' side: entry by mail

    /**
     * A player's {@code join} or {@code withdraw} mail: acted on only from a registered address; the
     * answer is mailed back, and the inbound mail is marked handled in the same transaction.
     */
    public TournamentAnswer byMail(String fromAddress, EntryCommand command, Optional<String> inboundKey) {
        Optional<String> mail = inboundKey.map(InboundKeys::normalize);
        try {
            return retrying(() -> transaction(h -> {
                mail.ifPresent(k -> InboundLedger.claim(h, k, now()));
                TournamentAnswer answer = entry(h, fromAddress, command);
                mail.ifPresent(k -> InboundLedger.record(h, k, (answer.isDone() ? "" : "refused, ") + answer.message()));
                return answer;
            }));
        } catch (AlreadyHandled e) {
            return new TournamentAnswer.Refused("handled before");
        }
    }

    private TournamentAnswer entry(Handle h, String fromAddress, EntryCommand command) {
        String address = fromAddress == null ? "" : fromAddress.strip().toLowerCase(Locale.ROOT);
        Optional<Player> sender = AddressBook.owner(h, address); // any of the player's confirmed addresses
        if (sender.isEmpty()) {
            // Never mail an address nobody registered: the answer would be spam to a stranger.
            return refused("Only a registered player can enter a tournament; " + address + " is not one.");
        }
        Player p = sender.get();
        TournamentStore store = new TournamentStore(h);
        Optional<Tournament> found = store.byName(command.tournament());
        TournamentAnswer answer;
        Optional<Tournament> about = Optional.empty();
        if (found.isEmpty()) {
            answer = refused("There is no tournament called \"" + command.tournament() + "\"."
                    + openTournaments(store));
        } else {
            store.lock(found.get().id());
            about = store.byId(found.get().id());
            answer = command.join() ? join(h, about.get(), p) : withdraw(h, about.get(), p, "You withdrew");
        }
        if (!answer.isDone() || command.join()) {
            // a withdrawal that was done has mailed its own notice
            mailAnswer(h, p, about, answer, (command.join() ? "join " : "withdraw ") + command.tournament());
        }
        return answer;
    }

    private static String openTournaments(TournamentStore store) {
        List<String> open = store.all().stream().filter(Tournament::isOpen).map(Tournament::name).toList();
        return open.isEmpty() ? " No tournament is open for entry now."
                : " Open for entry: " + String.join(", ", open) + ".";
    }

    private TournamentAnswer join(Handle h, Tournament t, Player p) {
        TournamentStore store = new TournamentStore(h);
        if (!t.isOpen()) {
            return refused("\"" + t.name() + "\" has started; entry is closed.");
        }
        List<Entrant> list = store.entrants(t.id());
        Optional<Entrant> mine = list.stream().filter(e -> e.player().id() == p.id()).findFirst();
        if (mine.isPresent() && mine.get().hasJoined()) {
            return refused("You have joined \"" + t.name() + "\" already.");
        }
        long joined = list.stream().filter(Entrant::hasJoined).count();
        if (joined >= t.maxPlayers()) {
            return refused("\"" + t.name() + "\" is full: it takes " + t.maxPlayers() + " players.");
        }
        if (mine.isPresent()) {
            store.setStatus(t.id(), p.id(), Entrant.Status.JOINED, now());
        } else {
            store.enter(t.id(), p.id(), Entrant.Status.JOINED, now());
        }
        return new TournamentAnswer.Done(t.id(), "You have joined \"" + t.name() + "\" (" + (joined + 1) + " of at most "
                + t.maxPlayers() + " players). You will get a mail with your games when it starts.");
    }

    private TournamentAnswer withdraw(Handle h, Tournament t, Player p, String who) {
        TournamentStore store = new TournamentStore(h);
        Optional<Entrant> mine = store.entrants(t.id()).stream()
                .filter(e -> e.player().id() == p.id() && e.status() != Entrant.Status.WITHDRAWN).findFirst();
        if (mine.isEmpty() || (t.isOpen() && !mine.get().hasJoined())) {
            return refused(p.name() + " is not playing in \"" + t.name() + "\", so there is nothing to withdraw from.");
        }
        if (t.state() == TournamentState.FINISHED) {
            return refused("\"" + t.name() + "\" is over; its table stands.");
        }
        if (t.isOpen()) {
            store.withdraw(t.id(), p.id());
            mail(h, p, t, "Withdrawn from " + t.name(), List.of(who + " from \"" + t.name()
                    + "\" before the start. You can join again while entry is open: join " + t.name()), List.of());
            return new TournamentAnswer.Done(t.id(), p.name() + " withdrew from \"" + t.name() + "\" before the start.");
        }
        return withdrawDuringPlay(h, t, mine.get(), who);
    }

    /**
     * The tournament's withdrawal rule decides what becomes of the player's games; games it forfeits or
     * annuls that are still going are ended, and both players told why.
     */
    private TournamentAnswer withdrawDuringPlay(Handle h, Tournament t, Entrant leaving, String who) {
        TournamentStore store = new TournamentStore(h);
        store.withdraw(t.id(), leaving.player().id());
        List<TournamentGame> before = store.games(t.id());
        List<GameResult> after = t.withdrawalRule().apply(before.stream().map(TournamentGame::result).toList(),
                leaving.number());
        int forfeited = 0;
        int annulled = 0;
        for (int i = 0; i < before.size(); i++) {
            TournamentGame g = before.get(i);
            Outcome next = after.get(i).outcome();
            if (next == g.outcome()) {
                continue;
            }
            store.setOutcome(g.gameId(), g.outcome(), next);
            boolean running = g.outcome() == Outcome.UNFINISHED;
            String because = leaving.player().name() + " withdrew from the tournament";
            if (next == Outcome.ANNULLED) {
                annulled++;
                if (running) {
                    games.end(h, g.gameId(), GameState.ABORTED, null, "annulled", because,
                            "The game is annulled: it does not count in \"" + t.name() + "\".", now());
                }
            } else {
                forfeited++;
                String result = next == Outcome.WHITE_WINS_BY_FORFEIT ? "1-0" : "0-1";
                games.end(h, g.gameId(), GameState.FINISHED, result, "forfeit", because,
                        (result.equals("1-0") ? "White" : "Black") + " wins by forfeit.", now());
            }
        }
        String what = annulled > 0 ? "all " + annulled + " of their games are annulled (fewer than half were played)"
                : forfeited + " unfinished game" + (forfeited == 1 ? " is" : "s are") + " lost by forfeit";
        List<Entrant> everyone = store.entrants(t.id());
        Tournament now = store.byId(t.id()).orElseThrow();
        for (Entrant e : everyone) {
            if (e.number() > 0) {
                mail(h, e.player(), now, leaving.player().name() + " withdrew from " + t.name(),
                        List.of((e.player().id() == leaving.player().id() ? who : leaving.player().name() + " withdrew")
                                + " from \"" + t.name() + "\": " + what + ".", "The table now:"),
                        crosstable(h, now).text());
            }
        }
        finishIfDone(h, now);
        return new TournamentAnswer.Done(t.id(), leaving.player().name() + " withdrew from \"" + t.name() + "\"; " + what + ".");
    }

    // ---- the hook: a game ended

    /**
     * Counts a tournament game that has just ended, inside the transaction that ended it: its outcome,
     * the players' ratings if the tournament is rated, and the final table when it was the last game.
     * Does nothing for a game still going, a game of no tournament, or one counted already.
     */
    void gameEnded(Handle h, GameRow row, Instant at) {
        if (row.isActive()) {
            return;
        }
        TournamentStore store = new TournamentStore(h);
        Optional<TournamentGame> game = store.game(row.id());
        if (game.isEmpty() || game.get().outcome() != Outcome.UNFINISHED) {
            return;
        }
        Outcome outcome = switch (row.result() == null ? "" : row.result()) {
            case "1-0" -> Outcome.WHITE_WINS;
            case "0-1" -> Outcome.BLACK_WINS;
            case "1/2-1/2" -> Outcome.DRAW;
            default -> Outcome.ANNULLED; // stopped without a result
        };
        long tournamentId = store.tournamentOf(row.id()).orElseThrow();
        // Two games of one tournament ending at once must not both see the other still unfinished and leave
        // the tournament unfinished for ever: the last game's transaction waits here for the one before it.
        store.lock(tournamentId);
        store.setOutcome(row.id(), Outcome.UNFINISHED, outcome);
        Tournament t = store.byId(tournamentId).orElseThrow();
        if (t.rated() && outcome.isPlayed()) {
            rate(h, row, outcome, at);
        }
        finishIfDone(h, t);
    }

    /** One game, one Glicko-2 rating period for each player, from both ratings before the game. */
    private void rate(Handle h, GameRow row, Outcome outcome, Instant at) {
        TournamentStore store = new TournamentStore(h);
        String family = VariantFamily.of(row.variant()).key();
        Rating white = store.rating(row.whitePlayer(), family).orElse(Rating.NEW);
        Rating black = store.rating(row.blackPlayer(), family).orElse(Rating.NEW);
        double whiteScore = outcome.whiteShare();
        Rating whiteAfter = glicko.rate(white, List.of(new Encounter(black, whiteScore)));
        Rating blackAfter = glicko.rate(black, List.of(new Encounter(white, 1 - whiteScore)));
        if (store.rateGame(row.id(), family, row.whitePlayer(), row.blackPlayer(), white, whiteAfter, black,
                blackAfter, at)) {
            store.putRating(row.whitePlayer(), family, whiteAfter, at);
            store.putRating(row.blackPlayer(), family, blackAfter, at);
        }
    }

    private void finishIfDone(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        if (t.state() != TournamentState.PLAYING
                || store.games(t.id()).stream().anyMatch(g -> g.outcome() == Outcome.UNFINISHED)) {
            return;
        }
        if (!store.changeState(t.id(), TournamentState.PLAYING, TournamentState.FINISHED, now())) {
            return;
        }
        Tournament over = store.byId(t.id()).orElseThrow();
        Crosstable table = crosstable(h, over);
        String winners = table.rows().stream().filter(r -> r.place().equals("1") || r.place().startsWith("1-"))
                .map(Crosstable.Row::name).reduce((a, b) -> a + ", " + b).orElse("");
        for (Entrant e : store.entrants(t.id())) {
            if (e.number() > 0) {
                mail(h, e.player(), over, t.name() + ": the final table", List.of("\"" + t.name()
                        + "\" is over: the last game has ended. First place: " + winners + ".", "The final table:"),
                        table.text());
            }
        }
    }

    // ---- what pages and the command line show

    public List<Tournament> list() {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).all());
    }

    public Optional<TournamentView> view(long tournamentId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).byId(tournamentId).map(t -> view(h, t)));
    }

    public Optional<TournamentView> view(String name) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).byName(name).map(t -> view(h, t)));
    }

    /** What the tournament's page depends on: equal versions, equal pages. Empty for an unknown tournament. */
    public Optional<String> version(long tournamentId) {
        return db.jdbi().withHandle(h -> new TournamentStore(h).version(tournamentId));
    }

    /** A player's ratings, one per family of variants they have rated games in. */
    public List<FamilyRating> ratings(long playerId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).ratings(playerId));
    }

    /** The rated games behind a player's rating in a family, newest first. */
    public List<RatedGame> ratedGames(long playerId, String family) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).ratedGames(playerId, family));
    }

    private TournamentView view(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        List<Entrant> entrants = store.entrants(t.id());
        List<TournamentGame> played = store.games(t.id());
        return new TournamentView(t, entrants, played, t.state() == TournamentState.OPEN ? Optional.empty()
                : Optional.of(crosstable(t, entrants, played)));
    }

    private Crosstable crosstable(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        return crosstable(t, store.entrants(t.id()), store.games(t.id()));
    }

    static Crosstable crosstable(Tournament t, List<Entrant> entrants, List<TournamentGame> played) {
        List<Entrant> numbered = entrants.stream().filter(e -> e.number() > 0).toList();
        List<String> names = new ArrayList<>();
        for (Entrant e : numbered) {
            names.add(e.player().name() + (e.status() == Entrant.Status.WITHDRAWN ? " (withdrew)" : ""));
        }
        List<GameResult> results = played.stream().map(TournamentGame::result).toList();
        Standings standings = Standings.of(numbered.size(), results, t.scoring(), t.tieBreaks());
        return Crosstable.of(names, results, played.stream().map(TournamentGame::gameId).toList(), standings);
    }

    // ---- mail

    private void mailAnswer(Handle h, Player p, Optional<Tournament> about, TournamentAnswer answer, String asked) {
        Map<String, Object> model = model(p, about.map(Tournament::name).orElse(""), answer.isDone() ? "Done" : "Not done",
                List.of("You wrote: " + asked, answer.message()), List.of());
        put(h, p, (answer.isDone() ? "" : "Not done: ") + asked, model);
    }

    private void mail(Handle h, Player p, Tournament t, String heading, List<String> paragraphs, List<String> table) {
        put(h, p, heading, model(p, t.name(), heading, paragraphs, table));
    }

    private void put(Handle h, Player p, String heading, Map<String, Object> model) {
        Correspondence post = games.post();
        Outbox.put(h, new Letter(0, MailKind.TOURNAMENT, p.name(), p.email(), "[Epistle] " + heading,
                post.messageId(), null, List.of(), games.identity().serverAddress(), model), now());
    }

    private static Map<String, Object> model(Player p, String tournament, String heading, List<String> paragraphs,
                                             List<String> table) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", MailKind.TOURNAMENT.template());
        m.put("recipientName", p.name());
        m.put("tournamentName", tournament);
        m.put("heading", heading);
        m.put("paragraphs", List.copyOf(paragraphs));
        m.put("crosstable", List.copyOf(table));
        return m;
    }

    private static String description(Tournament t) {
        String variant = GameService.variant(t.variant()).name();
        return "a " + t.kind().label() + " of " + variant + ", scored " + t.scoring().label()
                + (t.timeControl().equals("none") ? "" : ", time control " + t.timeControl())
                + (t.rated() ? ", rated" : "");
    }

    // ---- plumbing

    private static TournamentAnswer refused(String why) {
        return new TournamentAnswer.Refused(why);
    }

    private static TournamentAnswer unknown(long id) {
        return refused("There is no tournament " + id + ".");
    }

    private static String sentence(String s) {
        String t = s.strip();
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.endsWith(".") ? t : t + ".";
    }

    private <T> T transaction(org.jdbi.v3.core.HandleCallback<T, RuntimeException> work) {
        return db.jdbi().inTransaction(TransactionIsolationLevel.READ_COMMITTED, work);
    }

    private static <T> T retrying(java.util.function.Supplier<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (RuntimeException e) {
                if (!GameChanged.isConflict(e) || attempt >= 3) {
                    throw e;
                }
            }
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }
}
