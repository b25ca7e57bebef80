package org.epistle.web.mail;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameService;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.Result;
import org.epistle.core.games.Seat;
import org.epistle.core.testing.FullDisk;
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.outbound.OutboxSender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * H2 shows a commit to other sessions before it has written it to the file. Here the disk fills while H2 writes
 * White's e4: the sender, running meanwhile, already sees e4's two notifications in the outbox. It must not mail
 * them, since the write fails and e4 is gone after the reopen. Real H2 on the {@link FullDisk} file system, real
 * SMTP (Greenmail on 127.0.0.1); time is the instant each run is given.
 */
class UnwrittenTurnTest {
    static final Instant T0 = Instant.parse("2024-05-02T09:00:00Z");
    static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    SendingOnFullDisk world;

    @BeforeEach
    void start() {
        assumeFalse(TestDatabase.isPostgres(), "about H2's own file; PostgreSQL writes a commit before it shows it");
        world = SendingOnFullDisk.start(dir, T0);
    }

    @AfterEach
    void stop() {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void given_a_turn_whose_write_fails_on_a_full_disk_then_its_notifications_are_never_mailed() throws Exception {
        GameService games = world.games;
        CreatedGame game = games.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                new Contact("Bob", "bob@example.org")));
        Seat white = games.seat(game.gameId(), game.token(WHITE)).orElseThrow();
        try (OutboxSender sender = world.sender()) {
            assertEquals(2, sender.runOnce(T0).sent(), "the game's opening mails");

            // White plays e4 and the disk fills while H2 writes it: e4 is committed in memory, not on disk.
            FullDisk.holdNextWrite();
            CompletableFuture<Result> e4 = CompletableFuture.supplyAsync(
                    () -> games.handle(white, CommandParser.parse("e4"), "e4", Optional.empty()));
            assertTrue(FullDisk.awaitHeldWrite(WITHIN), "H2 writes e4");
            List<OutboxMail> visible = games.outbox().due(T0.plusSeconds(1), 10);
            assertEquals(2, visible.size(), "the sender sees e4's notifications before they are on disk: " + visible);

            // The sender runs now. Whatever it does, it has done it when it mailed them or waits for H2's store.
            CompletableFuture<OutboxSender.Run> run = CompletableFuture.supplyAsync(() -> sender.runOnce(T0.plusSeconds(1)));
            awaitMailedOrWaitingForTheStore(2, 1);              // the run's mails are leased in one commit
            FullDisk.fill();                                     // the write of e4 fails: H2 closes the database

            ExecutionException refused = assertThrows(ExecutionException.class, e4::get, "e4 was not written");
            assertTrue(FullDisk.refusedWrites() > 0, "H2 met the full disk: " + refused.getCause());
            assertEquals(0, run.get().sent(), "nothing sent of a turn the store could not write");
            assertEquals(2, received().size(), "only the opening mails went out: " + received());

            // Space is back: the game and its mail agree. e4 is not in the game, and no mail told anyone of it.
            FullDisk.free();
            assertEquals(List.of(), games.view(game.gameId()).history(), "e4 is gone after the reopen");
            sender.runOnce(T0.plusSeconds(120));
            assertEquals(List.of(), games.outbox().due(T0.plusSeconds(3600), 10), "nothing left to send");
            assertEquals(messageIds(games.outbox().ofGame(game.gameId())), received(), "every mail once, each in the outbox");

            // And White plays e4 again, this time on disk and mailed.
            Seat whiteAgain = games.seat(game.gameId(), game.token(WHITE)).orElseThrow();
            assertEquals(Result.Effect.TURN_PLAYED,
                    games.handle(whiteAgain, CommandParser.parse("e4"), "e4", Optional.empty()).effect());
            assertEquals(2, sender.runOnce(T0.plusSeconds(121)).sent());
            assertEquals(List.of("1. e4"), games.view(game.gameId()).history());
            assertEquals(messageIds(games.outbox().ofGame(game.gameId())), received());
            assertTrue(games.seat(game.gameId(), game.token(BLACK)).isPresent());
        }
    }

    /**
     * Waits until the sender has mailed something beyond the first {@code before} mails, or {@code lanes} of its lanes
     * wait for H2's store lock (held by the write of e4) in {@code MVStore.commit} (the run's lease is one commit, on
     * one lane); neither a sleep nor a time that passes decides it.
     */
    private void awaitMailedOrWaitingForTheStore(int before, int lanes) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (world.smtp.getReceivedMessages().length > before) {
                return;
            }
            long waiting = Thread.getAllStackTraces().entrySet().stream()
                    .filter(e -> e.getKey().getName().startsWith("epistle-smtp"))
                    .filter(e -> Arrays.stream(e.getValue()).anyMatch(f -> f.getClassName().equals("org.h2.mvstore.MVStore")
                            && f.getMethodName().equals("commit")))
                    .count();
            if (waiting >= lanes) {
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);    // a look every 5 ms, not a timing
        }
        throw new AssertionError("the sender neither mailed nor waited for the store within " + WITHIN);
    }

    private List<String> received() {
        return Arrays.stream(world.smtp.getReceivedMessages()).map(UnwrittenTurnTest::messageId).sorted().toList();
    }

    private static List<String> messageIds(List<OutboxMail> mails) {
        return mails.stream().map(OutboxMail::messageId).sorted().toList();
    }

    private static String messageId(MimeMessage m) {
        try {
            return m.getMessageID();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}
