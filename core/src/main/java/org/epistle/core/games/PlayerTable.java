package org.epistle.core.games;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterConstructorMapper(Player.class)
interface PlayerTable {

    @SqlQuery("SELECT id, name, email FROM players WHERE email = :email")
    Optional<Player> byEmail(@Bind("email") String email);

    @SqlQuery("SELECT id, name, email FROM players WHERE id = :id")
    Optional<Player> byId(@Bind("id") long id);

    /** Every player of that name, in any case: an imported record names its players, nothing more. */
    @SqlQuery("SELECT id, name, email FROM players WHERE LOWER(name) = LOWER(:name) ORDER BY id")
    java.util.List<Player> byName(@Bind("name") String name);

    @SqlQuery("SELECT id, name, email FROM players ORDER BY id")
    java.util.List<Player> all();

    @SqlUpdate("INSERT INTO players (name, email, created_at) VALUES (:name, :email, :at)")
    @GetGeneratedKeys("id")
    long insert(@Bind("name") String name, @Bind("email") String email, @Bind("at") Instant at);

    /** The player registered with the contact's address (keeping the name registered first), or a new one. */
    default Player register(Contact contact, Instant at) {
        return byEmail(contact.email()).orElseGet(() ->
                new Player(insert(contact.name(), contact.email(), at), contact.name(), contact.email()));
    }

    default Player get(long id) {
        return byId(id).orElseThrow(() -> new IllegalStateException("no player " + id));
    }
}
