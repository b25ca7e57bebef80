package org.epistle.core.games;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.tournament.KnockoutBracket;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.jdbi.v3.core.Handle;

/** The tournament and rating tables (V6), read and written inside the caller's transaction. */
final class TournamentStore {
    private static final String TOURNAMENT = """
            SELECT id, name, variant, white_army, black_army, time_control, kind, scoring, tie_breaks, tie_rule,
                   withdrawal_rule, start_fen, max_players, rated, state, created_at, army_choice, entry_until,
                   round_by_round
            FROM tournaments""";

    private final Handle h;

    TournamentStore(Handle h) {
        this.h = h;
    }

    long insert(NewTournament t, Instant at) {
        return h.createUpdate("""
                        INSERT INTO tournaments (name, variant, white_army, black_army, time_control, kind, scoring,
                            tie_breaks, tie_rule, withdrawal_rule, start_fen, max_players, rated, state, created_at,
                            army_choice, entry_until, round_by_round)
                        VALUES (:name, :variant, :white, :black, :tc, :kind, :scoring, :tb, :tieRule, :wr, :fen,
                            :max, :rated, 'OPEN', :at, :armyChoice, :until, :roundByRound)""")
                .bind("name", t.name()).bind("variant", t.variantKey()).bind("white", t.whiteArmyKey())
                .bind("black", t.blackArmyKey()).bind("tc", t.timeControl()).bind("kind", t.kind().name())
                .bind("scoring", t.scoring().name()).bind("tb", TieBreak.codes(t.tieBreaks()))
                .bind("tieRule", t.tieRule().name()).bind("wr", t.withdrawalRule().name()).bind("fen", t.startFen())
                .bind("max", t.maxPlayers()).bind("rated", t.rated()).bind("at", at)
                .bind("armyChoice", t.entry().armyChoice()).bind("until", t.entry().until().orElse(null))
                .bind("roundByRound", t.entry().roundByRound())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    Optional<Tournament> byId(long id) {
        return h.createQuery(TOURNAMENT + " WHERE id = :id").bind("id", id).map((rs, ctx) -> tournament(rs)).findOne();
    }

    /** By name, ignoring case, as players write it after {@code join}. */
    Optional<Tournament> byName(String name) {
        return h.createQuery(TOURNAMENT + " WHERE LOWER(name) = LOWER(:name)").bind("name", name.strip())
                .map((rs, ctx) -> tournament(rs)).findOne();
    }

    List<Tournament> all() {
        return h.createQuery(TOURNAMENT + " ORDER BY id").map((rs, ctx) -> tournament(rs)).list();
    }

    /** Every tournament with its count of players who joined or withdrew (not those only invited), in one query. */
    List<TournamentListing> listing() {
        return h.createQuery("""
                        SELECT t.*, (SELECT COUNT(*) FROM tournament_entrants e
                                     WHERE e.tournament_id = t.id AND e.status <> 'INVITED') AS entered
                        FROM tournaments t ORDER BY t.id""")
                .map((rs, ctx) -> new TournamentListing(tournament(rs), rs.getLong("entered"))).list();
    }

    /** Moves the tournament from one state to the next; false when it was not in {@code from} (someone was first). */
    boolean changeState(long id, TournamentState from, TournamentState to, Instant at) {
        String stamp = to == TournamentState.PLAYING ? ", started_at = :at" : to == TournamentState.FINISHED ? ", finished_at = :at" : "";
        return h.createUpdate("UPDATE tournaments SET state = :to" + stamp + " WHERE id = :id AND state = :from")
                .bind("id", id).bind("from", from.name()).bind("to", to.name()).bind("at", at).execute() == 1;
    }

    /** Locks the tournament's row for the rest of the transaction, so entries and the start take turns. */
    void lock(long id) {
        h.createQuery("SELECT id FROM tournaments WHERE id = :id FOR UPDATE").bind("id", id).mapTo(Long.class).findOne();
    }

    private static Tournament tournament(ResultSet rs) throws SQLException {
        return new Tournament(rs.getLong("id"), rs.getString("name"), rs.getString("variant"),
                rs.getString("white_army"), rs.getString("black_army"), rs.getString("time_control"),
                TournamentKind.valueOf(rs.getString("kind")), Scoring.valueOf(rs.getString("scoring")),
                TieBreak.parseOrder(rs.getString("tie_breaks")), TieRule.valueOf(rs.getString("tie_rule")),
                WithdrawalRule.valueOf(rs.getString("withdrawal_rule")), Optional.ofNullable(rs.getString("start_fen")),
                rs.getInt("max_players"), rs.getBoolean("rated"), TournamentState.valueOf(rs.getString("state")),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                new Tournament.Entry(rs.getBoolean("army_choice"),
                        Optional.ofNullable(rs.getObject("entry_until", java.time.LocalDate.class)),
                        rs.getBoolean("round_by_round")));
    }

    /**
     * What a tournament's page depends on, in one query that reads each table once: its state; how many games
     * it has, how many are decided, annulled and forfeited; and its list (joined, withdrawn, the latest entry).
     * Every change the service makes moves one of these figures (a game is added, or goes from unfinished to
     * counted or annulled; an entry comes, goes or withdraws), so equal versions mean equal pages. Asked on
     * every view of the page, so it must stay cheap: the games are counted by one pass over the tournament's
     * rows of its index, not one pass per figure.
     */
    Optional<String> version(long id) {
        return h.createQuery("""
                        SELECT t.state, g.total, g.decided, g.annulled, g.forfeited, e.joined, e.withdrawn, e.latest
                        FROM tournaments t
                        CROSS JOIN (SELECT COUNT(*) AS total,
                                SUM(CASE WHEN outcome <> 'UNFINISHED' THEN 1 ELSE 0 END) AS decided,
                                SUM(CASE WHEN outcome = 'ANNULLED' THEN 1 ELSE 0 END) AS annulled,
                                SUM(CASE WHEN outcome IN ('WHITE_WINS_BY_FORFEIT', 'BLACK_WINS_BY_FORFEIT') THEN 1 ELSE 0 END)
                                    AS forfeited
                            FROM tournament_games WHERE tournament_id = :id) g
                        CROSS JOIN (SELECT SUM(CASE WHEN status = 'JOINED' THEN 1 ELSE 0 END) AS joined,
                                SUM(CASE WHEN status = 'WITHDRAWN' THEN 1 ELSE 0 END) AS withdrawn,
                                MAX(entered_at) AS latest
                            FROM tournament_entrants WHERE tournament_id = :id) e
                        WHERE t.id = :id""")
                .bind("id", id)
                .map((rs, ctx) -> rs.getString(1) + "/" + rs.getLong(2) + "/" + rs.getLong(3) + "/" + rs.getLong(4)
                        + "/" + rs.getLong(5) + "/" + rs.getLong(6) + "/" + rs.getLong(7) + "/" + rs.getString(8))
                .findOne();
    }

    // entrants

    List<Entrant> entrants(long tournamentId) {
        return h.createQuery("""
                        SELECT p.id, p.name, p.email, e.status, e.pairing_number, e.army
                        FROM tournament_entrants e JOIN players p ON p.id = e.player_id
                        WHERE e.tournament_id = :t
                        ORDER BY COALESCE(e.pairing_number, 0), e.entered_at, p.id""")
                .bind("t", tournamentId)
                .map((rs, ctx) -> new Entrant(new Player(rs.getLong("id"), rs.getString("name"), rs.getString("email")),
                        Entrant.Status.valueOf(rs.getString("status")), rs.getInt("pairing_number"),
                        Optional.ofNullable(rs.getString("army"))))
                .list();
    }

    /** The army the entrant chose on joining; null for the tournament's. */
    void chooseArmy(long tournamentId, long playerId, String army) {
        h.createUpdate("UPDATE tournament_entrants SET army = :a WHERE tournament_id = :t AND player_id = :p")
                .bind("t", tournamentId).bind("p", playerId).bind("a", army).execute();
    }

    void enter(long tournamentId, long playerId, Entrant.Status status, Instant at) {
        h.createUpdate("""
                        INSERT INTO tournament_entrants (tournament_id, player_id, status, entered_at)
                        VALUES (:t, :p, :s, :at)""")
                .bind("t", tournamentId).bind("p", playerId).bind("s", status.name()).bind("at", at).execute();
    }

    void setStatus(long tournamentId, long playerId, Entrant.Status status, Instant at) {
        h.createUpdate("UPDATE tournament_entrants SET status = :s, entered_at = :at WHERE tournament_id = :t AND player_id = :p")
                .bind("t", tournamentId).bind("p", playerId).bind("s", status.name()).bind("at", at).execute();
    }

    /** Withdrawal during play keeps the entered time: it is the pairing order. */
    void withdraw(long tournamentId, long playerId) {
        h.createUpdate("UPDATE tournament_entrants SET status = 'WITHDRAWN' WHERE tournament_id = :t AND player_id = :p")
                .bind("t", tournamentId).bind("p", playerId).execute();
    }

    void number(long tournamentId, long playerId, int number) {
        h.createUpdate("UPDATE tournament_entrants SET pairing_number = :n WHERE tournament_id = :t AND player_id = :p")
                .bind("t", tournamentId).bind("p", playerId).bind("n", number).execute();
    }

    // games

    void addGame(long tournamentId, long gameId, int round, int white, int black) {
        h.createUpdate("""
                        INSERT INTO tournament_games (game_id, tournament_id, round, white_number, black_number, outcome)
                        VALUES (:g, :t, :r, :w, :b, 'UNFINISHED')""")
                .bind("g", gameId).bind("t", tournamentId).bind("r", round).bind("w", white).bind("b", black).execute();
    }

    List<TournamentGame> games(long tournamentId) {
        return h.createQuery("""
                        SELECT game_id, round, white_number, black_number, outcome FROM tournament_games
                        WHERE tournament_id = :t ORDER BY round, game_id""")
                .bind("t", tournamentId).map((rs, ctx) -> game(rs)).list();
    }

    /** The tournament a game belongs to, and the game as the tournament counts it. */
    Optional<Long> tournamentOf(long gameId) {
        return h.createQuery("SELECT tournament_id FROM tournament_games WHERE game_id = :g")
                .bind("g", gameId).mapTo(Long.class).findOne();
    }

    Optional<TournamentGame> game(long gameId) {
        return h.createQuery("SELECT game_id, round, white_number, black_number, outcome FROM tournament_games WHERE game_id = :g")
                .bind("g", gameId).map((rs, ctx) -> game(rs)).findOne();
    }

    /** Sets how a game counts; only from {@code from}, so a game is recorded once. */
    boolean setOutcome(long gameId, Outcome from, Outcome to) {
        return h.createUpdate("UPDATE tournament_games SET outcome = :to WHERE game_id = :g AND outcome = :from")
                .bind("g", gameId).bind("from", from.name()).bind("to", to.name()).execute() == 1;
    }

    private static TournamentGame game(ResultSet rs) throws SQLException {
        return new TournamentGame(rs.getLong("game_id"), rs.getInt("round"), rs.getInt("white_number"),
                rs.getInt("black_number"), Outcome.valueOf(rs.getString("outcome")));
    }

    // knockout matches

    void addMatch(long tournamentId, KnockoutBracket.Tie tie) {
        h.createUpdate("""
                        INSERT INTO knockout_matches (tournament_id, round, slot, higher_seed, lower_seed, winner, decided_by)
                        VALUES (:t, :r, :s, :h, :l, :w, :by)""")
                .bind("t", tournamentId).bind("r", tie.round()).bind("s", tie.slot()).bind("h", tie.higher())
                .bind("l", tie.lower()).bind("w", tie.isBye() ? Integer.valueOf(tie.higher()) : null)
                .bind("by", tie.isBye() ? "BYE" : null).execute();
    }

    /** Records the winner once; false when the match was decided before. */
    boolean decideMatch(long tournamentId, int round, int slot, int winner, String by) {
        return h.createUpdate("""
                        UPDATE knockout_matches SET winner = :w, decided_by = :by
                        WHERE tournament_id = :t AND round = :r AND slot = :s AND winner IS NULL""")
                .bind("t", tournamentId).bind("r", round).bind("s", slot).bind("w", winner).bind("by", by)
                .execute() == 1;
    }

    List<KnockoutMatchRow> matches(long tournamentId) {
        return h.createQuery("""
                        SELECT round, slot, higher_seed, lower_seed, winner, decided_by FROM knockout_matches
                        WHERE tournament_id = :t ORDER BY round, slot""")
                .bind("t", tournamentId)
                .map((rs, ctx) -> new KnockoutMatchRow(new KnockoutBracket.Tie(rs.getInt("round"), rs.getInt("slot"),
                        rs.getInt("higher_seed"), rs.getInt("lower_seed")),
                        rs.getObject("winner") == null ? 0 : rs.getInt("winner"), rs.getString("decided_by")))
                .list();
    }

    /**
     * A player's games with their tournaments: the player's games by one select a side, each on its side's index
     * (games_white, games_black); H2 answers {@code white_player = :p OR black_player = :p} by reading every game.
     */
    static final String GAMES_OF = """
            SELECT g.id, t.name, tg.round FROM (SELECT id FROM games WHERE white_player = :p
                                                UNION
                                                SELECT id FROM games WHERE black_player = :p) g
                LEFT JOIN tournament_games tg ON tg.game_id = g.id
                LEFT JOIN tournaments t ON t.id = tg.tournament_id
            ORDER BY g.id""";

    /** Every game of a player, oldest first, with its tournament's name and round for a tournament game. */
    List<PlayerGame> gamesOf(long playerId) {
        return h.createQuery(GAMES_OF)
                .bind("p", playerId)
                .map((rs, ctx) -> new PlayerGame(rs.getLong(1), Optional.ofNullable(rs.getString(2)),
                        rs.getObject(3) == null ? Optional.empty() : Optional.of(rs.getInt(3))))
                .list();
    }

    // ratings

    void markRated(long gameId) {
        h.createUpdate("UPDATE games SET rated = TRUE WHERE id = :g").bind("g", gameId).execute();
    }

    /** A casual game (of no tournament) the admin marked as rated. */
    boolean isRatedCasual(long gameId) {
        return h.createQuery("""
                        SELECT COUNT(*) FROM games g WHERE g.id = :g AND g.rated
                            AND NOT EXISTS (SELECT 1 FROM tournament_games t WHERE t.game_id = g.id)""")
                .bind("g", gameId).mapTo(Integer.class).one() > 0;
    }

    Optional<Rating> rating(long playerId, String family) {
        return h.createQuery("SELECT rating, deviation, volatility FROM ratings WHERE player_id = :p AND family = :f")
                .bind("p", playerId).bind("f", family)
                .map((rs, ctx) -> new Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3))).findOne();
    }

    void putRating(long playerId, String family, Rating r, Instant at) {
        int updated = h.createUpdate("""
                        UPDATE ratings SET rating = :r, deviation = :d, volatility = :v, games = games + 1, updated_at = :at
                        WHERE player_id = :p AND family = :f""")
                .bind("p", playerId).bind("f", family).bind("r", r.rating()).bind("d", r.deviation())
                .bind("v", r.volatility()).bind("at", at).execute();
        if (updated == 0) {
            h.createUpdate("""
                            INSERT INTO ratings (player_id, family, rating, deviation, volatility, games, updated_at)
                            VALUES (:p, :f, :r, :d, :v, 1, :at)""")
                    .bind("p", playerId).bind("f", family).bind("r", r.rating()).bind("d", r.deviation())
                    .bind("v", r.volatility()).bind("at", at).execute();
        }
    }

    /** Records a rated game once; false when it was rated before. */
    boolean rateGame(long gameId, String family, long white, long black, Rating whiteBefore, Rating whiteAfter,
                     Rating blackBefore, Rating blackAfter, Instant at) {
        boolean known = h.createQuery("SELECT COUNT(*) FROM rated_games WHERE game_id = :g").bind("g", gameId)
                .mapTo(Integer.class).one() > 0;
        if (known) {
            return false;
        }
        h.createUpdate("""
                        INSERT INTO rated_games (game_id, family, white_player, black_player, white_before, white_after,
                            black_before, black_after, rated_at)
                        VALUES (:g, :f, :w, :b, :wb, :wa, :bb, :ba, :at)""")
                .bind("g", gameId).bind("f", family).bind("w", white).bind("b", black)
                .bind("wb", whiteBefore.rating()).bind("wa", whiteAfter.rating())
                .bind("bb", blackBefore.rating()).bind("ba", blackAfter.rating()).bind("at", at).execute();
        return true;
    }

    /**
     * The rated games of a player in a family, newest first: one select a side joined by UNION, each on its side's
     * index (V21), since {@code white_player = :p OR black_player = :p} read every rated game of the family. The
     * second side leaves out a game the player played against themselves, which the first already has.
     */
    static final String RATED_GAMES_OF = """
            SELECT r.game_id, r.rated_at, r.white_player, r.black_player, w.name AS white_name, b.name AS black_name,
                   g.result, r.white_before, r.white_after, r.black_before, r.black_after
              FROM rated_games r JOIN games g ON g.id = r.game_id
                   JOIN players w ON w.id = r.white_player JOIN players b ON b.id = r.black_player
             WHERE r.white_player = :p AND r.family = :f
            UNION ALL
            SELECT r.game_id, r.rated_at, r.white_player, r.black_player, w.name AS white_name, b.name AS black_name,
                   g.result, r.white_before, r.white_after, r.black_before, r.black_after
              FROM rated_games r JOIN games g ON g.id = r.game_id
                   JOIN players w ON w.id = r.white_player JOIN players b ON b.id = r.black_player
             WHERE r.black_player = :p AND r.family = :f AND r.white_player <> :p
            ORDER BY rated_at DESC, game_id DESC""";

    /** The rated games of a player in a family, newest first, as the player's page shows them. */
    List<RatedGame> ratedGames(long playerId, String family) {
        return h.createQuery(RATED_GAMES_OF)
                .bind("p", playerId).bind("f", family)
                .map((rs, ctx) -> {
                    boolean white = rs.getLong("white_player") == playerId;
                    return new RatedGame(rs.getLong("game_id"), rs.getString(white ? "black_name" : "white_name"),
                            white, rs.getString("result"), rs.getDouble(white ? "white_before" : "black_before"),
                            rs.getDouble(white ? "white_after" : "black_after"));
                })
                .list();
    }

    /** A player's ratings, one per family they have rated games in. */
    List<FamilyRating> ratings(long playerId) {
        return h.createQuery("""
                        SELECT family, rating, deviation, volatility, games FROM ratings
                        WHERE player_id = :p ORDER BY family""")
                .bind("p", playerId)
                .map((rs, ctx) -> new FamilyRating(rs.getString("family"),
                        new Rating(rs.getDouble("rating"), rs.getDouble("deviation"), rs.getDouble("volatility")),
                        rs.getInt("games")))
                .list();
    }
}
