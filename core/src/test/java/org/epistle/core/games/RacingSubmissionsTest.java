package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two submissions for the same turn at the same moment: exactly one is played. */
class RacingSubmissionsTest {
    private static final int ROUNDS = 10;

    @TempDir
    Path dir;
    Club club;
    ExecutorService pool;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void close() {
        pool.shutdownNow();
        club.close();
    }

    private List<Result> race(Callable<Result> first, Callable<Result> second) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<Result>> futures = new ArrayList<>();
        for (Callable<Result> c : List.of(first, second)) {
            futures.add(pool.submit(() -> {
                start.await();
                return c.call();
            }));
        }
        List<Result> results = new ArrayList<>();
        for (Future<Result> f : futures) {
            results.add(f.get());
        }
        return results;
    }

    @Test
    void two_submissions_of_the_same_turn_store_exactly_one() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            CreatedGame game = club.chess();
            Seat white = club.seat(game, WHITE);

            List<Result> results = race(
                    () -> club.service.handle(white, CommandParser.parse("e4"), "e4", Optional.empty()),
                    () -> club.service.handle(white, CommandParser.parse("d4"), "d4", Optional.empty()));

            assertEquals(1, club.view(game).turns().size());
            assertEquals(1, results.stream().filter(r -> r.effect() == Result.Effect.TURN_PLAYED).count(), results.toString());
            assertEquals(1, results.stream().filter(r -> r.effect() == Result.Effect.TURN_REFUSED).count(), results.toString());
            List<OutboxMail> rejections = club.mails(game).stream().filter(m -> m.kind() == MailKind.TURN_REJECTED).toList();
            assertEquals(1, rejections.size());
            // "crossed" when both were read before either was written; "not-your-turn" if one ran after the other
            assertTrue(List.of("crossed", "not-your-turn").contains(rejections.get(0).model().get("reason")));
            String played = club.view(game).turns().get(0).notation();
            long acceptedMailsForIt = club.mails(game).stream().filter(m -> m.kind() == MailKind.TURN_ACCEPTED).count();
            assertEquals(2, acceptedMailsForIt, played);
        }
    }

    @Test
    void the_same_mail_handled_by_two_workers_at_once_is_acted_on_once() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            CreatedGame game = club.chess();
            Seat white = club.seat(game, WHITE);
            String key = "<race-" + round + "@example.org>";
            club.service.storeInbound(key, "e4".getBytes(), Instant.now());

            List<Result> results = race(
                    () -> club.service.handle(white, CommandParser.parse("e4"), "e4", Optional.of(key)),
                    () -> club.service.handle(white, CommandParser.parse("e4"), "e4", Optional.of(key)));

            assertEquals(1, club.view(game).turns().size());
            assertEquals(1, results.stream().filter(r -> r.effect() == Result.Effect.TURN_PLAYED).count(), results.toString());
            assertEquals(1, results.stream().filter(r -> r.effect() == Result.Effect.ALREADY_HANDLED).count(), results.toString());
            assertEquals(4, club.mails(game).size(), "two opening mails and the accepted turn to both, nothing else");
        }
    }
}
