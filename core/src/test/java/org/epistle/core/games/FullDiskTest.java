package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.testing.FullDisk;
import org.epistle.core.testing.TestDatabase;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2 after a full disk: a write fails, H2 closes the database, and every connection the pool holds is dead. Once
 * space is back the same {@link Database} serves again (H2 opens its file anew) without a restart, with everything
 * committed before the failure and nothing the failed transaction wrote.
 */
class FullDiskTest {
    @TempDir
    Path dir;
    Database db;
    GameService service;

    @BeforeEach
    void open() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own file; PostgreSQL's disk is its server's");
        db = Database.open(FullDisk.url(dir), "", "", 8);
        service = new GameService(db, Club.IDENTITY, ServerKey.inDirectory(dir), Clock.fixed(Club.NOW, ZoneOffset.UTC));
    }

    @AfterEach
    void close() {
        FullDisk.free();
        if (db != null) {
            db.close();
        }
    }

    private static byte[] raw(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Several connections in use at once, so the pool holds several when the database closes under them. */
    private void warmPool(int connections) {
        List<Handle> open = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            Handle h = db.jdbi().open();
            h.createQuery("SELECT COUNT(*) FROM games").mapTo(Integer.class).one();
            open.add(h);
        }
        open.forEach(Handle::close);
    }

    @Test
    void after_a_full_disk_the_first_mail_once_space_is_back_is_stored_and_handled_without_a_restart() {
        CreatedGame game = service.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                new Contact("Bob", "bob@example.org")));
        Seat white = service.seat(game.gameId(), game.token(WHITE)).orElseThrow();
        Seat black = service.seat(game.gameId(), game.token(BLACK)).orElseThrow();
        service.storeInbound("<e4@example.org>", raw("e4"), Club.NOW);
        assertEquals(Result.Effect.TURN_PLAYED,
                service.handle(white, CommandParser.parse("e4"), "e4", Optional.of("<e4@example.org>")).effect());
        warmPool(6);

        FullDisk.fill();
        int refusedBefore = FullDisk.refusedWrites();
        assertThrows(RuntimeException.class, () -> service.storeInbound("<e5@example.org>", raw("e5"), Club.NOW),
                "the disk is full");
        assertTrue(FullDisk.refusedWrites() > refusedBefore, "H2 met the full disk");
        assertThrows(RuntimeException.class, () -> service.storeInbound("<e5@example.org>", raw("e5"), Club.NOW),
                "H2 closed the database; opening it again needs space too");

        FullDisk.free();
        assertTrue(service.storeInbound("<e5@example.org>", raw("e5"), Club.NOW), "the first try once space is back");
        assertEquals(Result.Effect.TURN_PLAYED,
                service.handle(black, CommandParser.parse("e5"), "e5", Optional.of("<e5@example.org>")).effect());

        assertEquals(List.of("1. e4", "1... e5"), service.view(game.gameId()).history(), "nothing lost, nothing twice");
        assertTrue(service.isHandled("<e4@example.org>"));
        assertFalse(service.storeInbound("<e4@example.org>", raw("e4"), Club.NOW), "the mail handled before is still known");
        assertEquals(List.of(), service.unhandledInbound());
    }

    @Test
    void a_connection_whose_commit_failed_on_a_full_disk_takes_no_further_statement_to_h2() throws Exception {
        warmPool(3);
        java.sql.Connection c = db.jdbi().open().getConnection();
        c.setAutoCommit(false);
        try (var insert = c.prepareStatement("INSERT INTO settings (name, content) VALUES ('full', 'disk')")) {
            insert.executeUpdate();
        }

        FullDisk.fill();
        java.sql.SQLException failed = assertThrows(java.sql.SQLException.class, c::commit, "the disk is full");
        assertTrue(H2Pool.isDeadDatabase(failed), failed.toString());

        // What Jdbi and a pool do after a failed commit: each one is refused here, none reaches H2's closed store.
        for (org.junit.jupiter.api.function.Executable next : List.<org.junit.jupiter.api.function.Executable>of(
                c::rollback, () -> c.setAutoCommit(true), () -> c.createStatement().executeQuery("SELECT 1"))) {
            java.sql.SQLException refused = assertThrows(java.sql.SQLException.class, next);
            assertTrue(refused.getMessage().contains("refused without asking H2"), refused.toString());
        }
        assertFalse(c.isValid(0));
        c.close();

        FullDisk.free();
        assertEquals(Integer.valueOf(1), db.jdbi().<Integer, RuntimeException>withHandle(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one()),
                "a new connection opens the database again");
        assertEquals(Integer.valueOf(0), db.jdbi().<Integer, RuntimeException>withHandle(h -> h.createQuery("SELECT COUNT(*) FROM settings WHERE name = 'full'")
                .mapTo(Integer.class).one()), "the failed commit left nothing");
    }

    /**
     * H2 2.5 without us: a session B in the middle of a write transaction when A's commit fails on the full disk; then
     * B's commit fails, B's rollback fails ("Map undoLog is closed"), and B's {@code setAutoCommit(true)} runs a COMMIT
     * that spins for ever in {@code MVStore.registerVersionUsage} (with -ea, as here, H2's assertion stops it instead:
     * "v=5 / cnt=0"). Through our pool each of B's calls after the failure is refused before it reaches H2, and no
     * thread is left in H2.
     */
    @Test
    void a_connection_in_a_transaction_when_another_commit_fails_on_a_full_disk_never_spins_in_h2() throws Exception {
        warmPool(3);
        java.sql.Connection a = db.jdbi().open().getConnection();
        java.sql.Connection b = db.jdbi().open().getConnection();
        b.setAutoCommit(false);
        try (var read = b.createStatement()) {
            read.executeQuery("SELECT COUNT(*) FROM settings").next();
        }
        try (var write = b.createStatement()) {
            write.executeUpdate("INSERT INTO settings (name, content) VALUES ('b', 'in a transaction')");
        }
        a.setAutoCommit(false);
        try (var write = a.createStatement()) {
            write.executeUpdate("INSERT INTO settings (name, content) VALUES ('a', 'its commit fails')");
        }

        FullDisk.fill();
        assertThrows(java.sql.SQLException.class, a::commit, "the disk is full");

        List<Throwable> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread afterwards = new Thread(() -> {
            for (org.junit.jupiter.api.function.Executable next : List.<org.junit.jupiter.api.function.Executable>of(
                    b::commit, () -> b.createStatement().executeQuery("SELECT COUNT(*) FROM settings").next(),
                    b::rollback, () -> b.setAutoCommit(true), b::close, a::close)) {
                try {
                    next.execute();
                    outcomes.add(null);
                } catch (Throwable t) {                          // AssertionError too: H2's own, in registerVersionUsage
                    outcomes.add(t);
                }
            }
        }, "after-the-full-disk");
        afterwards.start();
        afterwards.join(60_000);

        assertFalse(afterwards.isAlive(), () -> "left in H2: " + java.util.Arrays.toString(afterwards.getStackTrace()));
        assertEquals(6, outcomes.size(), outcomes.toString());
        assertEquals(List.of(), outcomes.stream().filter(t -> t instanceof Error).map(Throwable::toString).toList(),
                "no call ended in H2's assertion that its version counter is positive (without -ea: a loop)");
        for (Throwable t : outcomes.subList(0, 4)) {
            assertTrue(t instanceof java.sql.SQLException && t.getMessage().contains("refused without asking H2"),
                    "refused here, not run by H2: " + t);
        }
        assertEquals(java.util.Arrays.asList(null, null), outcomes.subList(4, 6), "given back to the pool and dropped");

        FullDisk.free();
        assertTrue(service.storeInbound("<after@example.org>", raw("x"), Club.NOW), "the store serves again");
        assertEquals(Integer.valueOf(0), db.jdbi().<Integer, RuntimeException>withHandle(h -> h.createQuery(
                "SELECT COUNT(*) FROM settings WHERE name IN ('a', 'b')").mapTo(Integer.class).one()),
                "neither transaction left anything");
    }
}
