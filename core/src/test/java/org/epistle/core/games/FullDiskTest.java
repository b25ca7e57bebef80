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
}
