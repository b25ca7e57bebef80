package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every turn the referee judges is reported once, with its variant, verdict and time; nothing else is. */
class JudgingMeterTest {
    @TempDir
    Path dir;
    Club club;
    final List<String> told = new CopyOnWriteArrayList<>();
    final List<Duration> took = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        club = Club.in(dir);
        club.service.measureJudgingWith((variant, accepted, duration) -> {
            told.add(variant + " " + (accepted ? "accepted" : "rejected"));
            took.add(duration);
        });
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void accepted_and_rejected_turns_are_measured_and_commands_that_judge_no_turn_are_not() {
        CreatedGame chess = club.chess();
        CreatedGame marseillais = club.game("marseillais");

        club.play(chess, WHITE, "e4");
        club.play(chess, BLACK, "Ke7");                           // the king cannot go there yet
        club.play(chess, WHITE, "Nf3");                           // not White's turn: refused before judging
        club.play(chess, BLACK, "draw");                          // an offer, no turn
        club.play(marseillais, WHITE, "e4/d4");

        assertEquals(List.of("chess accepted", "chess rejected", "marseillais accepted"), told);
        assertTrue(took.stream().noneMatch(Duration::isNegative), took.toString());
    }
}
