package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.testing.TestDatabase;

/**
 * Test language: a club with its own database (on the run's engine, see {@link TestDatabase}), server key and clock, where games are
 * created and played the way a player's mail would play them.
 */
final class Club implements AutoCloseable {
    static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
    static final MailIdentity IDENTITY = new MailIdentity("moves@epistle.test", true, "http://127.0.0.1:7070");
    /** The club's four tournament players, in the order they enter: numbers 1 to 4. */
    static final List<Contact> PLAYERS = List.of(new Contact("Ann", "ann@example.org"),
            new Contact("Ben", "ben@example.org"), new Contact("Cat", "cat@example.org"),
            new Contact("Dan", "dan@example.org"));

    final Path dir;
    final TestDatabase scratch;
    final Database db;
    final ServerKey key;
    final GameService service;

    private Club(Path dir, MailIdentity identity) {
        this.dir = dir;
        this.scratch = TestDatabase.in(dir);
        this.db = scratch.open();
        this.key = ServerKey.inDirectory(dir);
        this.service = new GameService(db, identity, key, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    static Club in(Path dir) {
        return new Club(dir, IDENTITY);
    }

    static Club in(Path dir, MailIdentity identity) {
        return new Club(dir, identity);
    }

    CreatedGame chess() {
        return game("chess");
    }

    CreatedGame game(String variant) {
        return service.create(new NewGame(variant, new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org")));
    }

    Seat seat(CreatedGame game, Side side) {
        return service.seat(game.gameId(), game.token(side)).orElseThrow();
    }

    /** The player at this side writes the line, as in a reply. */
    Result play(CreatedGame game, Side side, String line) {
        return service.handle(seat(game, side), CommandParser.parse(line), line, Optional.empty());
    }

    /** Turns that must be accepted, alternately by White and Black from the side to move. */
    void playAll(CreatedGame game, String... turns) {
        for (String turn : turns) {
            Side side = service.view(game.gameId()).position().sideToMove();
            Result r = play(game, side, turn);
            assertEquals(Result.Effect.TURN_PLAYED, r.effect(), () -> "setting up, " + turn + ": " + r.outcome());
        }
    }

    List<OutboxMail> mails(CreatedGame game) {
        return service.outbox().ofGame(game.gameId());
    }

    /** The mails written after the first {@code skip} of the game's mails. */
    List<OutboxMail> mailsAfter(CreatedGame game, int skip) {
        List<OutboxMail> all = mails(game);
        return all.subList(skip, all.size());
    }

    /** A tournament the admin creates, which must be accepted; its id. */
    long tournament(NewTournament t) {
        TournamentAnswer a = service.tournaments().create(t);
        assertTrue(a.isDone(), a.message());
        return ((TournamentAnswer.Done) a).tournamentId();
    }

    /** Invites the players and has each answer "join <name>" by mail, in order: they get numbers 1, 2, … */
    void enter(long tournament, String name, List<Contact> players) {
        for (Contact c : players) {
            assertTrue(service.tournaments().invite(tournament, c).isDone());
            TournamentAnswer a = service.tournaments().byMail(c.email(),
                    new TournamentService.EntryCommand(true, name), Optional.empty());
            assertTrue(a.isDone(), a.message());
        }
    }

    GameView view(CreatedGame game) {
        return service.view(game.gameId());
    }

    @Override
    public void close() {
        try {
            db.close();
        } finally {
            scratch.close();
        }
    }
}
