package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Observers, their waiting confirmations, and the observer delays set per game and per tournament. */
@RegisterConstructorMapper(ObserverTable.Observer.class)
interface ObserverTable {

    /** A confirmed observer: {@code shownThrough} turns of the game have been mailed to them. */
    record Observer(long id, long gameId, String email, int shownThrough) {
    }

    @SqlUpdate("""
            INSERT INTO observer_requests (code_hash, game_id, email, requested_at, expires_at)
            VALUES (:hash, :game, :email, :at, :expires)""")
    void request(@Bind("hash") String codeHash, @Bind("game") long gameId, @Bind("email") String email,
                 @Bind("at") Instant at, @Bind("expires") Instant expiresAt);

    @SqlQuery("SELECT COUNT(*) FROM observer_requests WHERE email = :email AND expires_at > :now")
    int waiting(@Bind("email") String email, @Bind("now") Instant now);

    @SqlQuery("SELECT MAX(requested_at) FROM observer_requests WHERE email = :email")
    Optional<Instant> lastRequest(@Bind("email") String email);

    @SqlQuery("SELECT game_id FROM observer_requests WHERE code_hash = :hash AND email = :email AND expires_at > :now")
    Optional<Long> requestedGame(@Bind("hash") String codeHash, @Bind("email") String email, @Bind("now") Instant now);

    @SqlUpdate("DELETE FROM observer_requests WHERE code_hash = :hash")
    void forgetRequest(@Bind("hash") String codeHash);

    @SqlUpdate("DELETE FROM observer_requests WHERE expires_at <= :now")
    int forgetLapsed(@Bind("now") Instant now);

    @SqlUpdate("""
            INSERT INTO observers (game_id, email, confirmed_at, shown_through)
            VALUES (:game, :email, :at, :shown)""")
    void add(@Bind("game") long gameId, @Bind("email") String email, @Bind("at") Instant at, @Bind("shown") int shownThrough);

    @SqlQuery("SELECT id, game_id, email, shown_through FROM observers WHERE game_id = :game AND email = :email")
    Optional<Observer> find(@Bind("game") long gameId, @Bind("email") String email);

    @SqlQuery("SELECT id, game_id, email, shown_through FROM observers WHERE id = :id")
    Optional<Observer> byId(@Bind("id") long id);

    @SqlQuery("SELECT id, game_id, email, shown_through FROM observers WHERE game_id = :game ORDER BY id")
    List<Observer> of(@Bind("game") long gameId);

    /** Moves an observer on; conditional, so two writers cannot both mail the same turns. */
    @SqlUpdate("UPDATE observers SET shown_through = :to WHERE id = :id AND shown_through = :from")
    int shown(@Bind("id") long id, @Bind("from") int from, @Bind("to") int to);

    @SqlUpdate("DELETE FROM observers WHERE id = :id")
    int remove(@Bind("id") long id);

    @SqlQuery("SELECT turns FROM observer_delays WHERE game_id = :game")
    Optional<Integer> gameDelay(@Bind("game") long gameId);

    @SqlQuery("""
            SELECT d.turns FROM tournament_games g JOIN tournament_observer_delays d ON d.tournament_id = g.tournament_id
             WHERE g.game_id = :game""")
    Optional<Integer> tournamentDelayOfGame(@Bind("game") long gameId);

    @SqlQuery("SELECT turns FROM tournament_observer_delays WHERE tournament_id = :id")
    Optional<Integer> tournamentDelay(@Bind("id") long tournamentId);

    @SqlUpdate("DELETE FROM observer_delays WHERE game_id = :game")
    void clearGameDelay(@Bind("game") long gameId);

    @SqlUpdate("INSERT INTO observer_delays (game_id, turns) VALUES (:game, :turns)")
    void setGameDelay(@Bind("game") long gameId, @Bind("turns") int turns);

    @SqlUpdate("DELETE FROM tournament_observer_delays WHERE tournament_id = :id")
    void clearTournamentDelay(@Bind("id") long tournamentId);

    @SqlUpdate("INSERT INTO tournament_observer_delays (tournament_id, turns) VALUES (:id, :turns)")
    void setTournamentDelay(@Bind("id") long tournamentId, @Bind("turns") int turns);

    @SqlQuery("SELECT game_id FROM tournament_games WHERE tournament_id = :id ORDER BY game_id")
    List<Long> gamesOfTournament(@Bind("id") long tournamentId);

    /**
     * A player's games, the latest changed first: one select a side, each on its side's index (games_white,
     * games_black), and only the player's games sorted; H2 answers {@code white_player = :p OR black_player = :p}
     * by reading every game.
     */
    String GAMES_OF_PLAYER = """
            SELECT id FROM (SELECT id, updated_at FROM games WHERE white_player = :player
                            UNION
                            SELECT id, updated_at FROM games WHERE black_player = :player) mine
             ORDER BY updated_at DESC, id DESC LIMIT :limit""";

    @SqlQuery(GAMES_OF_PLAYER)
    List<Long> gamesOfPlayer(@Bind("player") long playerId, @Bind("limit") int limit);
}
