package org.epistle.core.games;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.rating.VariantFamily;
import org.epistle.core.games.tournament.BergerTable;
import org.epistle.core.games.tournament.Crosstable;
import org.epistle.core.games.tournament.GameResult;
import org.epistle.core.games.tournament.KnockoutBracket;
import org.epistle.core.games.tournament.KnockoutMatch;
import org.epistle.core.games.tournament.Pairing;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.Standings;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.games.tournament.TimeControlSpec;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.jdbi.v3.core.Handle;

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
        if (t.kind() == TournamentKind.KNOCKOUT && t.entry().roundByRound()) {
            return refused("A knockout always starts round by round; the setting is for round robins.");
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
        if (fen != null && t.entry().armyChoice()) {
            return refused("A thematic position fixes the pieces, so players cannot pick their armies; choose one.");
        }
        if (t.entry().until().isPresent() && t.entry().until().get().isBefore(today())) {
            return refused("The last day of entry, " + t.entry().until().get() + ", has passed already.");
        }
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
                t.withdrawalRule(), fen, t.maxPlayers(), t.rated(), t.entry());
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
            Player p = Tables.attach(h, PlayerTable.class).register(contact, now());
            if (store.entrants(tournamentId).stream().anyMatch(e -> e.player().id() == p.id())) {
                return refused(p.name() + " <" + p.email() + "> is on the list of \"" + t.name() + "\" already.");
            }
            store.enter(tournamentId, p.id(), Entrant.Status.INVITED, now());
            List<String> lines = new ArrayList<>();
            lines.add("You are invited to \"" + t.name() + "\", " + description(t) + ".");
            if (t.entry().armyChoice()) {
                lines.add("To take part, reply with this line, naming the army you will play: join " + t.name()
                        + " ARMY (one of " + Armies.keys() + ")");
            } else {
                lines.add("To take part, reply with this line: join " + t.name());
            }
            t.entry().until().ifPresent(d -> lines.add("Entry closes at the end of " + d + " (UTC)."));
            lines.add("You can withdraw before the start with: withdraw " + t.name());
            mail(h, p, t, "Invitation to " + t.name(), lines, List.of());
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
            if (t.isKnockout()) {
                return startKnockout(h, t, joined);
            }
            for (int i = 0; i < joined.size(); i++) {
                store.number(tournamentId, joined.get(i).player().id(), i + 1);
            }
            Map<Integer, Entrant> byNumber = numbered(store.entrants(tournamentId));
            BergerTable table = t.kind().table(joined.size());
            int firstRound = t.entry().roundByRound() ? 1 : Integer.MAX_VALUE;
            Map<Integer, List<String>> schedule = new LinkedHashMap<>();
            int created = 0;
            for (BergerTable.Scheduled s : table.games()) {
                if (s.round() > firstRound) {
                    continue;
                }
                long gameId = newGame(h, t, byNumber, s.round(), s.pairing().white(), s.pairing().black());
                created++;
                schedule.computeIfAbsent(s.pairing().white(), k -> new ArrayList<>()).add(scheduleLine(s.round(),
                        "White", byNumber.get(s.pairing().black()), gameId));
                schedule.computeIfAbsent(s.pairing().black(), k -> new ArrayList<>()).add(scheduleLine(s.round(),
                        "Black", byNumber.get(s.pairing().white()), gameId));
            }
            for (int n = 1; n <= joined.size(); n++) {
                List<String> lines = new ArrayList<>();
                lines.add("\"" + t.name() + "\" has started: " + description(t) + ", " + joined.size()
                        + " players. You are number " + n + ". " + (t.entry().roundByRound()
                        ? "The games start round by round: a round's games are made when the round before is complete;"
                        + " each has its own mails." : "All your games start now; each has its own mails."));
                List<String> mine = schedule.getOrDefault(n, List.of());
                lines.addAll(mine.isEmpty() ? List.of("Round 1: you have the bye.") : mine);
                if (table.hasBye()) {
                    lines.add("With an odd number of players, each player has a round without a game (the bye).");
                }
                mail(h, byNumber.get(n).player(), t, t.name() + " has started", lines, List.of());
            }
            return new TournamentAnswer.Done(tournamentId, "\"" + t.name() + "\" started: " + joined.size()
                    + " players, " + created + " games created" + (t.entry().roundByRound() ? " (round 1 of "
                    + table.rounds().size() + ")" : "") + ".");
        }));
    }

    private static String scheduleLine(int round, String colour, Entrant opponent, long gameId) {
        return "Round " + round + ": " + colour + " against " + opponent.player().name() + ", game " + gameId + ".";
    }

    private static Map<Integer, Entrant> numbered(List<Entrant> entrants) {
        Map<Integer, Entrant> byNumber = new LinkedHashMap<>();
        for (Entrant e : entrants) {
            if (e.number() > 0) {
                byNumber.put(e.number(), e);
            }
        }
        return byNumber;
    }

    /**
     * Creates one game of the tournament between two numbered entrants, each with the army they chose
     * where the tournament lets them choose, and records its round and pairing numbers.
     */
    private long newGame(Handle h, Tournament t, Map<Integer, Entrant> byNumber, int round, int white, int black) {
        Player w = byNumber.get(white).player();
        Player b = byNumber.get(black).player();
        Ruleset rules = Ruleset.of(GameService.variant(t.variant()),
                GameService.army(armyOf(t, byNumber.get(white), Side.WHITE), Side.WHITE),
                GameService.army(armyOf(t, byNumber.get(black), Side.BLACK), Side.BLACK));
        String start = t.startFen().orElseGet(() -> Fen.write(Position.start(rules)));
        long gameId = games.create(h, rules, new NewGame(rules.variant().key(), rules.army(Side.WHITE).key(),
                rules.army(Side.BLACK).key(), new Contact(w.name(), w.email()), new Contact(b.name(), b.email()),
                Optional.of(TimeControl.parse(t.timeControl()))), start, now());
        new TournamentStore(h).addGame(t.id(), gameId, round, white, black);
        return gameId;
    }

    private static String armyOf(Tournament t, Entrant e, Side side) {
        String fixed = side == Side.WHITE ? t.whiteArmy() : t.blackArmy();
        return t.entry().armyChoice() ? e.army().orElse(fixed) : fixed;
    }

    // ---- knockouts

    /**
     * Seeds a knockout by rating in the variant's family (the order of joining among equals), draws the
     * bracket, gives the byes to the top seeds, creates the first round's two games of every match, and
     * mails every player their match (or bye) and the bracket.
     */
    private TournamentAnswer startKnockout(Handle h, Tournament t, List<Entrant> joined) {
        TournamentStore store = new TournamentStore(h);
        String family = VariantFamily.of(t.variant()).key();
        List<Entrant> seeded = new ArrayList<>(joined); // a stable sort: equal ratings keep the order of joining
        seeded.sort(java.util.Comparator.comparingDouble(
                (Entrant e) -> -store.rating(e.player().id(), family).orElse(Rating.NEW).rating()));
        for (int i = 0; i < seeded.size(); i++) {
            store.number(t.id(), seeded.get(i).player().id(), i + 1);
        }
        Map<Integer, Entrant> bySeed = numbered(store.entrants(t.id()));
        KnockoutBracket bracket = KnockoutBracket.of(seeded.size());
        Map<Integer, List<String>> news = new LinkedHashMap<>();
        int created = 0;
        for (KnockoutBracket.Tie tie : bracket.firstRound()) {
            store.addMatch(t.id(), tie);
            if (tie.isBye()) {
                news.put(tie.higher(), List.of("Round 1: you have a bye, as a top seed: you go through to round 2"
                        + " without playing."));
            } else {
                created += startMatch(h, t, bySeed, tie, news);
            }
        }
        List<String> board = bracket(h, t);
        for (Map.Entry<Integer, Entrant> e : bySeed.entrySet()) {
            List<String> lines = new ArrayList<>();
            lines.add("\"" + t.name() + "\" has started: " + description(t) + ", " + seeded.size() + " players in "
                    + bracket.rounds() + " rounds. You are seed " + e.getKey() + ". Each match is two games with"
                    + " colours swapped; a level match goes to two more games, then " + tieRuleWords(t) + ".");
            lines.addAll(news.getOrDefault(e.getKey(), List.of()));
            lines.add("The bracket:");
            mail(h, e.getValue().player(), t, t.name() + " has started", lines, board);
        }
        return new TournamentAnswer.Done(t.id(), "\"" + t.name() + "\" started: a knockout of " + seeded.size()
                + " players, " + bracket.rounds() + " rounds, " + created + " games created.");
    }

    private static String tieRuleWords(Tournament t) {
        return switch (t.tieRule()) {
            case LOTS -> "to a lot drawn from the tournament and the match (it can be drawn again and checked)";
            case BETTER_RATED -> "to the better-rated player";
        };
    }

    /** Creates games 1 and 2 of a match and notes them for both players' mails; returns how many games. */
    private int startMatch(Handle h, Tournament t, Map<Integer, Entrant> bySeed, KnockoutBracket.Tie tie,
                           Map<Integer, List<String>> news) {
        KnockoutMatch match = new KnockoutMatch(t.id(), tie);
        return addMatchGames(h, t, bySeed, match, 1, KnockoutMatch.GAMES, news);
    }

    private int addMatchGames(Handle h, Tournament t, Map<Integer, Entrant> bySeed, KnockoutMatch match, int from,
                              int to, Map<Integer, List<String>> news) {
        KnockoutBracket.Tie tie = match.tie();
        for (int n = from; n <= to; n++) {
            Pairing p = match.game(n);
            long gameId = newGame(h, t, bySeed, tie.round(), p.white(), p.black());
            for (int seed : List.of(p.white(), p.black())) {
                Entrant opponent = bySeed.get(seed == p.white() ? p.black() : p.white());
                news.computeIfAbsent(seed, k -> new ArrayList<>()).add("Round " + tie.round() + ", game " + n
                        + " of your match: " + (seed == p.white() ? "White" : "Black") + " against "
                        + opponent.player().name() + ", game " + gameId + ".");
            }
        }
        return to - from + 1;
    }

    /** The bracket as text, for mails and the command line. */
    private static List<String> bracket(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        return KnockoutBoard.text(store.entrants(t.id()), store.matches(t.id()), store.games(t.id()));
    }

    /**
     * A knockout game ended (or was forfeited): looks at its match, adds the two extra games of a level
     * match, or records the winner, and when the round is complete draws the next round or ends the
     * tournament.
     */
    private void knockoutGameEnded(Handle h, Tournament t, TournamentGame game) {
        TournamentStore store = new TournamentStore(h);
        store.matches(t.id()).stream()
                .filter(m -> !m.isDecided() && m.tie().round() == game.round()
                        && Set.of(m.tie().higher(), m.tie().lower()).equals(Set.of(game.white(), game.black())))
                .findFirst().ifPresent(m -> settle(h, t, m, game.outcome() == Outcome.ANNULLED));
    }

    private void settle(Handle h, Tournament t, KnockoutMatchRow row, boolean aborted) {
        TournamentStore store = new TournamentStore(h);
        Map<Integer, Entrant> bySeed = numbered(store.entrants(t.id()));
        KnockoutMatch match = new KnockoutMatch(t.id(), row.tie());
        List<KnockoutMatch.Game> made = KnockoutBoard.of(store.games(t.id()), row.tie()).stream()
                .map(g -> new KnockoutMatch.Game(g.white(), g.outcome())).toList();
        String family = VariantFamily.of(t.variant()).key();
        double higher = store.rating(bySeed.get(row.tie().higher()).player().id(), family).orElse(Rating.NEW).rating();
        double lower = store.rating(bySeed.get(row.tie().lower()).player().id(), family).orElse(Rating.NEW).rating();
        KnockoutMatch.State state = match.stateOf(made, t.tieRule(), higher, lower);
        if (state instanceof KnockoutMatch.Playing playing) {
            List<Integer> missing = match.toMake(made, playing.games());
            // Extra games wait for the first two to end; a replay of an aborted game is made at once.
            boolean allOver = made.stream().allMatch(g -> g.outcome() != Outcome.UNFINISHED);
            if (missing.isEmpty() || !aborted && !allOver) {
                return;
            }
            Map<Integer, List<String>> news = new LinkedHashMap<>();
            for (int n : missing) {
                addMatchGames(h, t, bySeed, match, n, n, news);
            }
            long decided = made.stream().filter(g -> g.outcome().isDecided()).count();
            for (Map.Entry<Integer, List<String>> e : news.entrySet()) {
                List<String> lines = new ArrayList<>();
                lines.add(aborted
                        ? "A game of your match in round " + row.tie().round() + " of \"" + t.name() + "\" was aborted"
                                + " by the admin. It does not count: it is played again as a new game, with the same colours."
                        : "Your match in round " + row.tie().round() + " of \"" + t.name() + "\" is level after "
                                + decided + " games: it goes to two more games, colours again swapped.");
                lines.addAll(e.getValue());
                mail(h, bySeed.get(e.getKey()).player(), t, t.name() + (aborted ? ": a game played again" : ": two more games"),
                        lines, List.of());
            }
            return;
        }
        KnockoutMatch.Won won = (KnockoutMatch.Won) state;
        decide(h, t, row.tie(), won.winner(), won.by().name());
    }

    /** Records a match's winner, tells both players, and moves the knockout on when the round is complete. */
    private void decide(Handle h, Tournament t, KnockoutBracket.Tie tie, int winner, String by) {
        TournamentStore store = new TournamentStore(h);
        if (!store.decideMatch(t.id(), tie.round(), tie.slot(), winner, by)) {
            return;
        }
        Map<Integer, Entrant> bySeed = numbered(store.entrants(t.id()));
        String line = store.matches(t.id()).stream().filter(m -> m.tie().equals(tie)).findFirst()
                .map(m -> KnockoutBoard.text(store.entrants(t.id()), List.of(m), store.games(t.id())).get(0))
                .orElseThrow();
        for (int seed : List.of(tie.higher(), tie.lower())) {
            mail(h, bySeed.get(seed).player(), t, t.name() + ": round " + tie.round() + " match decided",
                    List.of(seed == winner ? "You go through to the next round." : "You are out of \"" + t.name()
                            + "\"; thank you for playing.", line), List.of());
        }
        advance(h, t, tie.round());
    }

    /**
     * When every match of the round is decided: the final's winner ends the tournament and everyone gets
     * the bracket; otherwise the next round is drawn from the winners in bracket order, and its matches
     * start (a withdrawn player's match goes to the opponent without games).
     */
    private void advance(Handle h, Tournament t, int round) {
        TournamentStore store = new TournamentStore(h);
        List<KnockoutMatchRow> thisRound = store.matches(t.id()).stream().filter(m -> m.tie().round() == round).toList();
        if (thisRound.stream().anyMatch(m -> !m.isDecided())) {
            return;
        }
        Map<Integer, Entrant> bySeed = numbered(store.entrants(t.id()));
        if (thisRound.size() == 1) {
            if (!store.changeState(t.id(), TournamentState.PLAYING, TournamentState.FINISHED, now())) {
                return;
            }
            Tournament over = store.byId(t.id()).orElseThrow();
            String champion = bySeed.get(thisRound.get(0).winner()).player().name();
            for (Entrant e : bySeed.values()) {
                mail(h, e.player(), over, t.name() + ": the final bracket", List.of("\"" + t.name()
                        + "\" is over: " + champion + " won the final.", "The bracket:"), bracket(h, over));
            }
            return;
        }
        List<KnockoutBracket.Tie> next = KnockoutBracket.nextRound(round, thisRound.stream()
                .map(KnockoutMatchRow::winner).toList());
        Map<Integer, List<String>> news = new LinkedHashMap<>();
        List<KnockoutBracket.Tie> walkovers = new ArrayList<>();
        for (KnockoutBracket.Tie tie : next) {
            store.addMatch(t.id(), tie);
            if (withdrawn(bySeed, tie.higher()) || withdrawn(bySeed, tie.lower())) {
                walkovers.add(tie);
            } else {
                startMatch(h, t, bySeed, tie, news);
            }
        }
        List<String> board = bracket(h, t);
        for (Map.Entry<Integer, List<String>> e : news.entrySet()) {
            List<String> lines = new ArrayList<>();
            lines.add("Round " + (round + 1) + " of \"" + t.name() + "\" starts now.");
            lines.addAll(e.getValue());
            lines.add("The bracket:");
            mail(h, bySeed.get(e.getKey()).player(), t, t.name() + ": round " + (round + 1), lines, board);
        }
        for (KnockoutBracket.Tie tie : walkovers) {
            decide(h, t, tie, withdrawn(bySeed, tie.higher()) ? tie.lower() : tie.higher(), "WITHDRAWAL");
        }
    }

    private static boolean withdrawn(Map<Integer, Entrant> bySeed, int seed) {
        return bySeed.get(seed).status() == Entrant.Status.WITHDRAWN;
    }

    /** The admin withdraws a player: the same as the player's own {@code withdraw}. */
    public TournamentAnswer withdraw(long tournamentId, long playerId) {
        return retrying(() -> transaction(h -> {
            TournamentStore store = new TournamentStore(h);
            Optional<Tournament> t = store.byId(tournamentId);
            Optional<Player> p = Tables.attach(h, PlayerTable.class).byId(playerId);
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
        Optional<String> army = Optional.empty();
        // join <tournament> <army>: both may have spaces ("join Winter Cup Nutty Knights"), so the longest
        // leading words that name a tournament are the tournament, and the rest is the army.
        String words = command.tournament();
        for (int cut = words.lastIndexOf(' '); found.isEmpty() && command.join() && cut > 0;
                cut = words.lastIndexOf(' ', cut - 1)) {
            found = store.byName(words.substring(0, cut).strip());
            if (found.isPresent()) {
                army = Optional.of(words.substring(cut + 1).strip());
            }
        }
        TournamentAnswer answer;
        Optional<Tournament> about = Optional.empty();
        if (found.isEmpty()) {
            answer = refused("There is no tournament called \"" + command.tournament() + "\"."
                    + openTournaments(store));
        } else {
            store.lock(found.get().id());
            about = store.byId(found.get().id());
            answer = command.join() ? join(h, about.get(), p, army) : withdraw(h, about.get(), p, "You withdrew");
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

    private TournamentAnswer join(Handle h, Tournament t, Player p, Optional<String> army) {
        TournamentStore store = new TournamentStore(h);
        if (!t.isOpen()) {
            return refused("\"" + t.name() + "\" has started; entry is closed.");
        }
        Optional<java.time.LocalDate> until = t.entry().until();
        if (until.isPresent() && today().isAfter(until.get())) {
            return refused("Entry to \"" + t.name() + "\" closed at the end of " + until.get() + " (UTC).");
        }
        String chosen = null;
        if (t.entry().armyChoice()) {
            if (army.isEmpty()) {
                return refused("In \"" + t.name() + "\" each player picks an army: write join " + t.name()
                        + " ARMY, with ARMY one of " + Armies.choices() + ".");
            }
            Optional<Army> known = Armies.byName(army.get()); // the name as the catalog writes it, or the key
            if (known.isEmpty()) {
                return refused("There is no army \"" + army.get() + "\"; choose one of " + Armies.choices() + ".");
            }
            try { // the variant must take that army on either side
                Ruleset.of(GameService.variant(t.variant()), known.get(), known.get());
            } catch (IllegalArgumentException e) {
                return refused(sentence(e.getMessage()));
            }
            chosen = known.get().key();
        } else if (army.isPresent()) {
            return refused("\"" + t.name() + "\" is played with the same armies for everyone (" + t.whiteArmy() + " v "
                    + t.blackArmy() + "); write join " + t.name() + " alone.");
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
        store.chooseArmy(t.id(), p.id(), chosen);
        return new TournamentAnswer.Done(t.id(), "You have joined \"" + t.name() + "\"" + (chosen == null ? "" : " with "
                + Armies.byKey(chosen).orElseThrow().name()) + " (" + (joined + 1) + " of at most "
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
            store.chooseArmy(t.id(), p.id(), null);
            mail(h, p, t, "Withdrawn from " + t.name(), List.of(who + " from \"" + t.name()
                    + "\" before the start. You can join again while entry is open: join " + t.name()), List.of());
            return new TournamentAnswer.Done(t.id(), p.name() + " withdrew from \"" + t.name() + "\" before the start.");
        }
        return t.isKnockout() ? withdrawFromKnockout(h, t, mine.get(), who) : withdrawDuringPlay(h, t, mine.get(), who);
    }

    /**
     * A knockout player withdraws: the unfinished games of their match are lost by forfeit and the match
     * goes to the opponent; one waiting for the next round's draw is passed over there. A player already
     * knocked out has nothing to withdraw from.
     */
    private TournamentAnswer withdrawFromKnockout(Handle h, Tournament t, Entrant leaving, String who) {
        TournamentStore store = new TournamentStore(h);
        int seed = leaving.number();
        String name = leaving.player().name();
        List<KnockoutMatchRow> matches = store.matches(t.id());
        if (matches.stream().anyMatch(m -> m.isDecided() && m.winner() != seed
                && (m.tie().higher() == seed || m.tie().lower() == seed))) {
            return refused(name + " is out of \"" + t.name() + "\" already, so there is nothing to withdraw from.");
        }
        store.withdraw(t.id(), leaving.player().id());
        Optional<KnockoutMatchRow> current = matches.stream().filter(m -> !m.isDecided()
                && (m.tie().higher() == seed || m.tie().lower() == seed)).findFirst();
        String what;
        if (current.isPresent()) {
            KnockoutBracket.Tie tie = current.get().tie();
            int opponent = tie.higher() == seed ? tie.lower() : tie.higher();
            for (TournamentGame g : KnockoutBoard.of(store.games(t.id()), tie)) {
                if (g.outcome() == Outcome.UNFINISHED) {
                    Outcome forfeit = Outcome.forfeitAgainst(g.white() == seed);
                    store.setOutcome(g.gameId(), Outcome.UNFINISHED, forfeit);
                    String result = forfeit == Outcome.WHITE_WINS_BY_FORFEIT ? "1-0" : "0-1";
                    games.end(h, g.gameId(), GameState.FINISHED, result, "forfeit", name + " withdrew from the tournament",
                            (result.equals("1-0") ? "White" : "Black") + " wins by forfeit.", now());
                }
            }
            what = "the match goes to " + numbered(store.entrants(t.id())).get(opponent).player().name();
            mail(h, leaving.player(), t, "Withdrawn from " + t.name(), List.of(who + " from \"" + t.name() + "\": "
                    + what + "."), List.of());
            decide(h, t, tie, opponent, "WITHDRAWAL");
        } else {
            what = "whoever they would meet in the next round goes through";
            mail(h, leaving.player(), t, "Withdrawn from " + t.name(), List.of(who + " from \"" + t.name() + "\": "
                    + what + "."), List.of());
        }
        return new TournamentAnswer.Done(t.id(), name + " withdrew from \"" + t.name() + "\"; " + what + ".");
    }

    /**
     * The tournament's withdrawal rule decides what becomes of the player's games; games it forfeits or
     * annuls that are still going are ended, and both players told why.
     */
    private TournamentAnswer withdrawDuringPlay(Handle h, Tournament t, Entrant leaving, String who) {
        TournamentStore store = new TournamentStore(h);
        store.withdraw(t.id(), leaving.player().id());
        List<TournamentGame> before = store.games(t.id());
        List<GameResult> known = new ArrayList<>(before.stream().map(TournamentGame::result).toList());
        if (t.entry().roundByRound()) { // the rule looks at the whole schedule, the rounds not yet made too
            int made = before.stream().mapToInt(TournamentGame::round).max().orElse(0);
            for (BergerTable.Scheduled s : t.kind().table(numbered(store.entrants(t.id())).size()).games()) {
                if (s.round() > made) {
                    known.add(GameResult.of(s.round(), s.pairing().white(), s.pairing().black(), Outcome.UNFINISHED));
                }
            }
        }
        List<GameResult> after = t.withdrawalRule().apply(known, leaving.number());
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
     * A casual game the admin marked as rated updates the ratings only. Does nothing for a game still
     * going, another game of no tournament, or one counted already.
     */
    void gameEnded(Handle h, GameRow row, Instant at) {
        if (row.isActive()) {
            return;
        }
        TournamentStore store = new TournamentStore(h);
        Optional<TournamentGame> game = store.game(row.id());
        Outcome outcome = switch (row.result() == null ? "" : row.result()) {
            case "1-0" -> Outcome.WHITE_WINS;
            case "0-1" -> Outcome.BLACK_WINS;
            case "1/2-1/2" -> Outcome.DRAW;
            default -> Outcome.ANNULLED; // stopped without a result
        };
        if (game.isEmpty()) {
            if (outcome.isPlayed() && store.isRatedCasual(row.id())) {
                rate(h, row, outcome, at); // records the game once, however often it is reported
            }
            return;
        }
        if (game.get().outcome() != Outcome.UNFINISHED) {
            return;
        }
        long tournamentId = store.tournamentOf(row.id()).orElseThrow();
        // Two games of one tournament ending at once must not both see the other still unfinished and leave
        // the tournament unfinished for ever: the last game's transaction waits here for the one before it.
        store.lock(tournamentId);
        store.setOutcome(row.id(), Outcome.UNFINISHED, outcome);
        Tournament t = store.byId(tournamentId).orElseThrow();
        if (t.rated() && outcome.isPlayed()) {
            rate(h, row, outcome, at);
        }
        if (t.isKnockout()) {
            knockoutGameEnded(h, t, store.game(row.id()).orElseThrow());
            return;
        }
        nextRoundIfComplete(h, t);
        finishIfDone(h, t);
    }

    /**
     * Round by round: when every game made so far has ended and rounds remain, the next round's games are
     * made and each player mailed their new game. A game against a player who withdrew is made and at once
     * forfeited (or annulled, when their games were), so the table counts it as the rule says.
     */
    private void nextRoundIfComplete(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        while (t.entry().roundByRound() && t.state() == TournamentState.PLAYING) {
            List<TournamentGame> made = store.games(t.id());
            if (made.stream().anyMatch(g -> g.outcome() == Outcome.UNFINISHED)) {
                return;
            }
            Map<Integer, Entrant> byNumber = numbered(store.entrants(t.id()));
            BergerTable table = t.kind().table(byNumber.size());
            int next = made.stream().mapToInt(TournamentGame::round).max().orElse(0) + 1;
            if (next > table.rounds().size()) {
                return;
            }
            Map<Integer, List<String>> schedule = new LinkedHashMap<>();
            for (BergerTable.Scheduled s : table.games()) {
                if (s.round() != next) {
                    continue;
                }
                int white = s.pairing().white();
                int black = s.pairing().black();
                long gameId = newGame(h, t, byNumber, next, white, black);
                Optional<Integer> gone = withdrawn(byNumber, white) ? Optional.of(white)
                        : withdrawn(byNumber, black) ? Optional.of(black) : Optional.empty();
                if (gone.isPresent()) {
                    boolean annulled = made.stream().anyMatch(g -> (g.white() == gone.get() || g.black() == gone.get())
                            && g.outcome() == Outcome.ANNULLED);
                    Outcome o = annulled ? Outcome.ANNULLED : Outcome.forfeitAgainst(gone.get() == white);
                    store.setOutcome(gameId, Outcome.UNFINISHED, o);
                    String because = byNumber.get(gone.get()).player().name() + " withdrew from the tournament";
                    if (annulled) {
                        games.end(h, gameId, GameState.ABORTED, null, "annulled", because,
                                "The game is annulled: it does not count in \"" + t.name() + "\".", now());
                    } else {
                        String result = o == Outcome.WHITE_WINS_BY_FORFEIT ? "1-0" : "0-1";
                        games.end(h, gameId, GameState.FINISHED, result, "forfeit", because,
                                (result.equals("1-0") ? "White" : "Black") + " wins by forfeit.", now());
                    }
                    continue;
                }
                schedule.computeIfAbsent(white, k -> new ArrayList<>()).add(scheduleLine(next, "White", byNumber.get(black), gameId));
                schedule.computeIfAbsent(black, k -> new ArrayList<>()).add(scheduleLine(next, "Black", byNumber.get(white), gameId));
            }
            for (Map.Entry<Integer, List<String>> e : schedule.entrySet()) {
                List<String> lines = new ArrayList<>();
                lines.add("Round " + (next - 1) + " of \"" + t.name() + "\" is complete; round " + next + " starts now.");
                lines.addAll(e.getValue());
                lines.add("The table now:");
                mail(h, byNumber.get(e.getKey()).player(), t, t.name() + ": round " + next, lines, crosstable(h, t).text());
            }
        }
    }

    /** Marks a casual game as rated, in the transaction that creates it. */
    void markRated(Handle h, long gameId) {
        new TournamentStore(h).markRated(gameId);
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
        List<TournamentGame> made = store.games(t.id());
        if (t.state() != TournamentState.PLAYING || made.stream().anyMatch(g -> g.outcome() == Outcome.UNFINISHED)) {
            return;
        }
        if (t.entry().roundByRound()
                && made.stream().mapToInt(TournamentGame::round).max().orElse(0) < t.kind().table(numbered(store.entrants(t.id())).size()).rounds().size()) {
            return; // rounds remain to be made
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

    /** The public list: each tournament and its count of entered players, read in one query. */
    public List<TournamentListing> listing() {
        return db.jdbi().withHandle(h -> new TournamentStore(h).listing());
    }

    public Optional<TournamentView> view(long tournamentId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).byId(tournamentId).map(t -> view(h, t)));
    }

    public Optional<TournamentView> view(String name) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).byName(name).map(t -> view(h, t)));
    }

    /** A knockout's bracket as text, one line per match (empty for a round robin or an unknown tournament). */
    public List<String> bracket(long tournamentId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).byId(tournamentId)
                .filter(Tournament::isKnockout).map(t -> bracket(h, t)).orElse(List.of()));
    }

    /** What the tournament's page depends on: equal versions, equal pages. Empty for an unknown tournament. */
    public Optional<String> version(long tournamentId) {
        return db.jdbi().withHandle(h -> new TournamentStore(h).version(tournamentId));
    }

    /** A player's ratings, one per family of variants they have rated games in. */
    public List<FamilyRating> ratings(long playerId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).ratings(playerId));
    }

    /** Every game of a player, oldest first, with the tournament and round of each tournament game. */
    public List<PlayerGame> gamesOf(long playerId) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).gamesOf(playerId));
    }

    /** The rated games behind a player's rating in a family, newest first. */
    public List<RatedGame> ratedGames(long playerId, String family) {
        return db.jdbi().inTransaction(h -> new TournamentStore(h).ratedGames(playerId, family));
    }

    private TournamentView view(Handle h, Tournament t) {
        TournamentStore store = new TournamentStore(h);
        List<Entrant> entrants = store.entrants(t.id());
        List<TournamentGame> played = store.games(t.id());
        return new TournamentView(t, entrants, played, t.state() == TournamentState.OPEN || t.isKnockout() ? Optional.empty()
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
                + (t.rated() ? ", rated" : "") + (t.entry().armyChoice() ? ", each player with the army they pick" : "")
                + (t.entry().roundByRound() ? ", round by round" : "");
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
        return db.transaction(work);
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

    private java.time.LocalDate today() {
        return java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC);
    }

    private Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }
}
