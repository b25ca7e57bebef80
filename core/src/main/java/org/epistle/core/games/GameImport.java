package org.epistle.core.games;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.archive.PgnArchive;
import org.epistle.core.games.archive.PgnTermination;
import org.epistle.core.games.archive.PgnTimeControl;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.jdbi.v3.core.Handle;

/**
 * Reads a PGN archive back into games. Every game of the file is judged turn by turn by the referee, as
 * {@code epistle replay} does, and stored only when every turn is accepted: a stored game must replay under
 * the rules, so a record with a refused turn, or one marking a slip the players left on the board, is refused
 * with the reason. A finished record becomes a finished game with its result; a record that stops before the end
 * becomes an archived game that cannot be played on. Nothing is mailed and no rating changes.
 *
 * <p>Players are found by name: the one registered player of that name, else a player of the archive's own,
 * whose address lies in the reserved {@code .invalid} domain, so no mail can ever reach it.
 */
public final class GameImport {
    /** The domain of imported players' addresses: reserved by RFC 2606, never delivered. */
    public static final String IMPORTED_DOMAIN = "imported.invalid";
    /** At most this many games a file, so one upload cannot hold the server for long. */
    public static final int MAX_GAMES = 2_000;

    /** What became of one game of the archive; {@code index} counts from 1 and {@code line} is where it starts. */
    public sealed interface Outcome permits Imported, Refused {
        int index();

        int line();
    }

    public record Imported(int index, int line, long gameId, String white, String black, String variant, int turns,
                           String result) implements Outcome {
    }

    public record Refused(int index, int line, String reason) implements Outcome {
    }

    private static final DateTimeFormatter PGN_DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd");
    private static final Pattern CLOSING_COMMENT = Pattern.compile("\\{([^{}]*)}\\s*(1-0|0-1|1/2-1/2|\\*)?\\s*$");
    private static final Pattern DRAWN_BY = Pattern.compile("(?i)^drawn by (.+?)\\.?$");
    private static final Pattern RESIGNED = Pattern.compile("(?i)^(white|black) resigned\\b.*");
    private static final Pattern WINS_BY = Pattern.compile("(?i)^(white|black) wins by (.+?)\\.?$");
    private static final Pattern STOPPED = Pattern.compile("(?i)^the game was stopped(?:: (.+?))?\\.?$");

    private final Database db;
    private final ServerKey key;
    private final Correspondence post;
    private final Replayer replayer;
    private final Supplier<Instant> now;

    GameImport(Database db, ServerKey key, Correspondence post, Replayer replayer, Supplier<Instant> now) {
        this.db = db;
        this.key = key;
        this.post = post;
        this.replayer = replayer;
        this.now = now;
    }

    /** Imports every game of the file, each in a transaction of its own, and says what became of each. */
    public List<Outcome> importArchive(String file) {
        List<PgnArchive.Entry> entries = PgnArchive.games(file == null ? "" : file);
        List<Outcome> outcomes = new ArrayList<>();
        if (entries.isEmpty()) {
            outcomes.add(new Refused(1, 1, "The file holds no game: a PGN game is its tags, then its moves."));
            return outcomes;
        }
        if (entries.size() > MAX_GAMES) {
            outcomes.add(new Refused(1, 1, "The file holds " + entries.size() + " games; at most " + MAX_GAMES
                    + " are imported at once. Split it and import the parts."));
            return outcomes;
        }
        for (int i = 0; i < entries.size(); i++) {
            outcomes.add(importGame(i + 1, entries.get(i)));
        }
        return outcomes;
    }

    private Outcome importGame(int index, PgnArchive.Entry entry) {
        try {
            Judged judged = judge(entry.text());
            long id = db.jdbi().inTransaction(h -> store(h, judged));
            return new Imported(index, entry.line(), id, judged.white(), judged.black(), judged.rules().variant().key(),
                    judged.turns().size(), judged.result() == null ? "*" : judged.result());
        } catch (NotImportable e) {
            return new Refused(index, entry.line(), e.getMessage());
        }
    }

    /** A record the referee accepted whole, with everything needed to store it. */
    private record Judged(Ruleset rules, Optional<String> startFen, Position start, List<StoredTurn> turns, Position last,
                          GameState state, String result, String termination, String white, String black, Instant date,
                          TimeControl control) {
    }

    private record StoredTurn(int number, Side side, String written, String notation, String fenAfter) {
    }

    private static final class NotImportable extends RuntimeException {
        NotImportable(String message) {
            super(message, null, false, false);
        }
    }

    private Judged judge(String text) {
        GameRecord record = GameRecord.read(text);
        Variant variant = found(() -> GameService.variant(record.header("Variant").orElse("chess")));
        Army white = found(() -> GameService.army(record.header("WhiteArmy").orElse(NewGame.DEFAULT_ARMY), Side.WHITE));
        Army black = found(() -> GameService.army(record.header("BlackArmy").orElse(NewGame.DEFAULT_ARMY), Side.BLACK));
        Ruleset rules = Ruleset.of(variant, white, black);
        for (Rule r : variant.physics()) {
            if (r instanceof Seeded) {
                throw new NotImportable(variant.name() + " draws at random from each game's secret seed, so a record of it"
                        + " cannot be judged again here; its games can only be played on this server.");
            }
        }
        Optional<String> fen = record.header("FEN").map(String::strip).filter(f -> !f.isEmpty());
        Position start;
        try {
            start = fen.isPresent() ? Fen.read(rules, fen.get()) : Position.start(rules);
        } catch (FenException e) {
            throw new NotImportable("The FEN tag is not a position of " + variant.name() + ": " + e.getMessage());
        }
        // a FEN tag that only repeats the variant's own array is no thematic start
        Optional<String> startFen = fen.filter(f -> !Fen.write(start).equals(Fen.write(Position.start(rules))));
        if (record.turns().isEmpty() && record.result().isEmpty()) {
            throw new NotImportable("The game has no moves and no result.");
        }
        Replay.Report report = Replay.run(start, record.turns(), false);
        List<StoredTurn> turns = new ArrayList<>();
        for (Replay.TurnReport t : report.turns()) {
            GameRecord.Turn turn = t.turn();
            String label = turn.number() + (turn.side() == Side.WHITE ? ". " : "... ") + turn.text();
            if (t.verdict() instanceof Verdict.Rejected r) {
                throw new NotImportable("Turn " + label + " is refused: " + r.why().fullText());
            }
            if (!turn.slips().isEmpty()) {
                throw new NotImportable("The record marks a slip after turn " + label + " (" + turn.slips()
                        + "): the players went on from a position the rules do not reach, and a stored game always replays under the rules.");
            }
            turns.add(new StoredTurn(turn.number(), turn.side(), turn.text(), ((Verdict.Accepted) t.verdict()).notation(),
                    Fen.write(t.after())));
        }
        if (report.stoppedBecause().isPresent()) {
            throw new NotImportable("The record cannot be followed to its end: " + report.stoppedBecause().get() + ".");
        }
        Position last = report.last();
        Optional<String> ending = record.result().map(GameImport::standardResult);
        Optional<String> tagged = record.header("Result").map(GameImport::standardResult);
        if (ending.isPresent() && tagged.isPresent() && !ending.get().equals(tagged.get())) {
            throw new NotImportable("The Result tag says " + tagged.get() + " but the moves end with " + ending.get() + ".");
        }
        String recorded = ending.or(() -> tagged).orElse("*");
        if (!List.of("1-0", "0-1", "1/2-1/2", "*").contains(recorded)) {
            throw new NotImportable("The result \"" + recorded + "\" is not one of 1-0, 0-1, 1/2-1/2 or *.");
        }
        Optional<PgnTermination> tag = record.header("Termination").flatMap(PgnTermination::read);
        Optional<String> comment = closingComment(text);
        GameState state;
        String result;
        String termination;
        if (last.outcome().isPresent()) {
            String ruled = last.outcome().get().result().notation();
            if (!recorded.equals("*") && !recorded.equals(ruled)) {
                throw new NotImportable("The record gives " + recorded + ", but the final position is " + ruled + " by "
                        + last.outcome().get().termination().text() + ".");
            }
            state = GameState.FINISHED;
            result = ruled;
            termination = last.outcome().get().termination().text();
        } else if (recorded.equals("*")) {
            boolean abandoned = tag.filter(t -> t == PgnTermination.ABANDONED).isPresent();
            state = GameState.ABORTED;
            result = null;
            termination = abandoned ? stoppedReason(comment).orElse(PgnTermination.ABORTED_TEXT) : PgnTermination.UNFINISHED_TEXT;
        } else {
            state = GameState.FINISHED;
            result = recorded;
            termination = termination(recorded, tag, comment);
        }
        return new Judged(rules, startFen, start, turns, last, state, result, termination,
                name(record.header("White"), "White"), name(record.header("Black"), "Black"), date(record.header("Date")),
                record.header("TimeControl").flatMap(PgnTimeControl::read).orElse(TimeControl.NONE));
    }

    private static String standardResult(String r) {
        String s = r.strip();
        return s.equals("½-½") ? "1/2-1/2" : s;
    }

    /** How a finished game without a ruled end ended: the tag's word when it is exact, else the closing comment's. */
    private static String termination(String result, Optional<PgnTermination> tag, Optional<String> comment) {
        if (tag.isPresent()) {
            switch (tag.get()) {
                case TIME_FORFEIT -> {
                    return PgnTermination.TIME_FORFEIT_TEXT;
                }
                case ADJUDICATION -> {
                    return PgnTermination.ADJUDICATION_TEXT;
                }
                case RULES_INFRACTION -> {
                    return PgnTermination.FORFEIT_TEXT;
                }
                default -> {
                }
            }
        }
        if (comment.isPresent()) {
            String c = comment.get().strip();
            Matcher m = DRAWN_BY.matcher(c);
            if (m.matches() && result.equals("1/2-1/2")) {
                return m.group(1);
            }
            if (RESIGNED.matcher(c).matches() && !result.equals("1/2-1/2")) {
                return Ending.RESIGNATION;
            }
            m = WINS_BY.matcher(c);
            if (m.matches() && !result.equals("1/2-1/2")) {
                return m.group(2);
            }
        }
        return result.equals("1/2-1/2") ? Ending.AGREEMENT : Ending.RESIGNATION;
    }

    private static Optional<String> stoppedReason(Optional<String> comment) {
        return comment.map(String::strip).map(STOPPED::matcher).filter(Matcher::matches).map(m -> m.group(1));
    }

    private static Optional<String> closingComment(String text) {
        Matcher m = CLOSING_COMMENT.matcher(text.strip());
        return m.find() ? Optional.of(m.group(1).replaceAll("\\s+", " ").strip()) : Optional.empty();
    }

    private static String name(Optional<String> tag, String side) {
        String n = tag.map(String::strip).filter(s -> !s.isEmpty() && !s.equals("?")).orElse(side + " (unknown)");
        n = n.replaceAll("\\p{Cntrl}", " ").strip();
        if (n.length() > Contact.MAX_NAME) {
            throw new NotImportable(side + "'s name has more than " + Contact.MAX_NAME + " characters.");
        }
        return n;
    }

    /** The Date tag when whole ("2026.11.25"); else today, since a game needs a date. */
    private Instant date(Optional<String> tag) {
        try {
            return tag.map(d -> LocalDate.parse(d.strip(), PGN_DATE).atStartOfDay().toInstant(ZoneOffset.UTC)).orElseGet(now);
        } catch (DateTimeParseException e) {
            return now.get(); // "2026.??.??" and the like: the standard lets a date be partly unknown
        }
    }

    private long store(Handle h, Judged g) {
        Player white = player(h, g.white(), g.date());
        Player black = player(h, g.black(), g.date());
        GameTable games = Tables.attach(h, GameTable.class);
        String startFen = Fen.write(g.start());
        long id = games.insert(g.rules().variant().key(), g.rules().army(Side.WHITE).key(), g.rules().army(Side.BLACK).key(),
                white.id(), black.id(), startFen, g.date(), g.control().spec());
        games.setRoot(id, post.rootMessageId(id));
        g.startFen().ifPresent(f -> games.setStartFen(id, f));
        for (Side side : Side.values()) {
            Tables.attach(h, SeatTable.class).insert(id, side, SeatTokens.hash(SeatTokens.derive(key, id, side)));
        }
        TurnTable turns = Tables.attach(h, TurnTable.class);
        int seq = 0;
        for (StoredTurn t : g.turns()) {
            seq++;
            turns.insert(id, new TurnRecord(seq, t.number(), t.side(), t.written(), t.notation(), t.fenAfter(), g.date()));
        }
        String fen = g.turns().isEmpty() ? startFen : g.turns().get(g.turns().size() - 1).fenAfter();
        if (games.archived(id, g.state(), g.result(), g.termination(), fen, g.turns().size(), g.date()) != 1) {
            throw new IllegalStateException("imported game " + id + " changed while it was written");
        }
        // the proof that it stands: the game as the server will load it replays from what was stored
        Game.load(h, id, replayer).orElseThrow();
        return id;
    }

    /** The one registered player of that name, else the archive's own player of that name. */
    private static Player player(Handle h, String name, Instant at) {
        List<Player> named = Tables.attach(h, PlayerTable.class).byName(name);
        if (named.size() == 1) {
            return named.get(0);
        }
        String own = "imported-" + fingerprint(name) + "@" + IMPORTED_DOMAIN;
        return AddressBook.register(h, new Contact(name, own), at);
    }

    private static String fingerprint(String name) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(name.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T found(Supplier<T> lookup) {
        try {
            return lookup.get();
        } catch (IllegalArgumentException e) {
            throw new NotImportable(e.getMessage());
        }
    }
}
