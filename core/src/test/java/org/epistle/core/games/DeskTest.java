package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.desk.DeskGame;
import org.epistle.core.games.desk.PlayerCommand;
import org.epistle.core.games.desk.PlayerCommands;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The player's desk, the player commands and the daily digest, on a clock the test moves. */
class DeskTest {
    static final Instant MONDAY_NOON = Instant.parse("2024-05-06T12:00:00Z");

    @TempDir
    Path dir;
    Database db;
    org.epistle.core.testing.MovedClock clock;
    GameService service;

    @BeforeEach
    void open() {
        db = org.epistle.core.testing.TestDatabase.in(dir).open();
        clock = new org.epistle.core.testing.MovedClock(MONDAY_NOON);
        service = new GameService(db, Club.IDENTITY, ServerKey.inDirectory(dir), clock, new DaysPerMove(3));
    }

    @AfterEach
    void close() {
        db.close();
    }

    private CreatedGame game(String white, String black) {
        return service.create(new NewGame("chess", new Contact(white, white.toLowerCase() + "@example.org"),
                new Contact(black, black.toLowerCase() + "@example.org")));
    }

    private void play(CreatedGame game, Side side, String turn) {
        Result r = service.handle(service.seat(game.gameId(), game.token(side)).orElseThrow(), CommandParser.parse(turn),
                turn, Optional.empty());
        assertEquals(Result.Effect.TURN_PLAYED, r.effect(), r.outcome());
    }

    private long carol() {
        return service.players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow().id();
    }

    private List<OutboxMail> toCarol(MailKind kind) {
        return service.outbox().aboutNoGame().stream().filter(m -> m.kind() == kind && m.toAddress().equals("carol@example.org")).toList();
    }

    private List<OutboxMail> turnMailsToCarol() {
        return service.games().stream().flatMap(g -> service.outbox().ofGame(g.id()).stream())
                .filter(m -> m.kind() == MailKind.TURN_ACCEPTED && m.toAddress().equals("carol@example.org")).toList();
    }

    /** Carol is White in two games and Black in two; in games 1 and 3 she is to move, game 3 since longest. */
    private List<CreatedGame> carolsFourGames() {
        CreatedGame first = game("Carol", "Dave");
        CreatedGame second = game("Carol", "Erin");
        CreatedGame third = game("Frank", "Carol");
        CreatedGame fourth = game("Grace", "Carol");
        play(second, Side.WHITE, "e4");                      // Erin to move
        play(third, Side.WHITE, "d4");                       // Carol to move since Monday noon
        clock.move(Duration.ofDays(1));
        play(first, Side.WHITE, "c4");
        play(first, Side.BLACK, "c5");                      // Carol to move since Tuesday noon
        return List.of(first, second, third, fourth);        // fourth: Grace to move
    }

    @Test
    void the_desk_lists_my_moves_first_and_the_least_time_first() {
        List<CreatedGame> games = carolsFourGames();

        List<DeskGame> desk = service.desk(carol());

        assertEquals(List.of(games.get(2).gameId(), games.get(0).gameId(), games.get(1).gameId(), games.get(3).gameId()),
                desk.stream().map(DeskGame::gameId).toList());
        assertEquals(List.of(true, true, false, false), desk.stream().map(DeskGame::yourMove).toList());
        assertEquals("2 days", desk.get(0).timeLeft(), "d4 on Monday noon, 3 days a move: out of time Thursday noon; now Tuesday noon");
        assertEquals("3 days", desk.get(1).timeLeft(), "c5 on Tuesday noon: out of time Friday noon");
        assertEquals("Frank", desk.get(0).opponentName());
        assertTrue(desk.get(0).playUrl().contains("/play/" + games.get(2).gameId() + "/" + games.get(2).token(Side.BLACK)));
    }

    @Test
    void one_digest_a_day_lists_exactly_the_games_to_play_and_no_mail_comes_per_turn() {
        CreatedGame waiting = game("Carol", "Dave"); // Carol to move from the start
        Result on = service.playerCommand("Carol@Example.org", new PlayerCommand.DigestOn(LocalTime.of(18, 0)), Optional.empty());
        assertEquals(Result.Effect.DIGEST_CHANGED, on.effect(), on.outcome());
        int turnMailsBefore = turnMailsToCarol().size();
        List<CreatedGame> games = carolsFourGames();
        assertEquals(turnMailsBefore, turnMailsToCarol().size(), "no mail per turn while the digest is on");

        assertEquals(0, service.sendDigests(), "Tuesday noon: not 18:00 yet");
        clock.set(Instant.parse("2024-05-07T18:00:00Z"));
        assertEquals(1, service.sendDigests());
        assertEquals(0, service.sendDigests(), "the day's digest is written once");
        clock.move(Duration.ofHours(5));
        assertEquals(0, service.sendDigests(), "23:00, same day");

        List<OutboxMail> digests = toCarol(MailKind.DIGEST);
        assertEquals(1, digests.size());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> listed = (List<Map<String, Object>>) digests.get(0).model().get("deskGames");
        assertEquals(java.util.Set.of(waiting.gameId(), games.get(2).gameId(), games.get(0).gameId()),
                listed.stream().map(g -> ((Number) g.get("gameId")).longValue()).collect(java.util.stream.Collectors.toSet()));
        assertEquals(3, listed.size());
        assertTrue(listed.stream().allMatch(g -> Boolean.TRUE.equals(g.get("yourMove"))), listed.toString());
        assertTrue(digests.get(0).subject().contains("Your move in 3 games"), digests.get(0).subject());

        clock.move(Duration.ofHours(1)); // Wednesday 00:00: not 18:00 yet
        assertEquals(0, service.sendDigests());
        clock.move(Duration.ofHours(18));
        assertEquals(1, service.sendDigests());
        assertEquals(2, toCarol(MailKind.DIGEST).size());
    }

    @Test
    void the_digest_survives_a_restart_without_sending_twice() {
        carolsFourGames();
        service.playerCommand("carol@example.org", new PlayerCommand.DigestOn(LocalTime.of(7, 0)), Optional.empty());
        assertEquals(1, service.sendDigests());
        db.close();

        db = org.epistle.core.testing.TestDatabase.in(dir).open();
        service = new GameService(db, Club.IDENTITY, ServerKey.inDirectory(dir), clock, new DaysPerMove(3));
        clock.move(Duration.ofHours(2));

        assertEquals(0, service.sendDigests());
        assertEquals(1, toCarol(MailKind.DIGEST).size());
    }

    @Test
    void digest_off_brings_back_the_mail_per_turn() {
        CreatedGame g = game("Carol", "Dave");
        service.playerCommand("carol@example.org", new PlayerCommand.DigestOn(LocalTime.of(7, 0)), Optional.empty());
        service.playerCommand("carol@example.org", new PlayerCommand.DigestOff(), Optional.empty());

        play(g, Side.WHITE, "e4");

        assertEquals(1, turnMailsToCarol().size());
        assertEquals(Optional.empty(), service.digestTime(carol()));
        assertEquals(0, service.sendDigests());
    }

    @Test
    void an_unclear_digest_command_is_refused_and_changes_nothing() {
        game("Carol", "Dave");
        service.playerCommand("carol@example.org", new PlayerCommand.DigestOn(LocalTime.of(9, 30)), Optional.empty());

        for (String line : List.of("digest maybe", "digest", "digest on 25:00", "Digest on at noon")) {
            PlayerCommand command = PlayerCommands.parse(line).orElseThrow();
            Result r = service.playerCommand("carol@example.org", command, Optional.empty());

            assertEquals(Result.Effect.REFUSED, r.effect(), line);
            assertEquals(Optional.of(LocalTime.of(9, 30)), service.digestTime(carol()), line);
        }
        List<OutboxMail> refusals = toCarol(MailKind.REFUSAL);
        assertEquals(4, refusals.size());
        assertTrue(String.valueOf(refusals.get(0).model().get("explanation")).contains("\"maybe\" is neither on nor off"),
                refusals.get(0).model().toString());
    }

    @Test
    void a_player_command_from_an_unknown_address_sends_nothing() {
        game("Carol", "Dave");

        Result r = service.playerCommand("mallory@example.org", new PlayerCommand.ListGames(), Optional.empty());

        assertEquals(Result.Effect.REFUSED, r.effect());
        assertTrue(service.outbox().aboutNoGame().isEmpty());
    }

    @Test
    void a_desk_link_opens_its_desk_until_it_expires_and_never_when_altered() {
        carolsFourGames();
        service.playerCommand("carol@example.org", new PlayerCommand.ListGames(), Optional.empty());
        OutboxMail mail = toCarol(MailKind.DESK).get(0);
        String url = (String) mail.model().get("deskUrl");
        String token = url.substring(url.lastIndexOf('/') + 1);

        assertEquals(new DeskLinks.Opened.Desk(carol()), service.openDesk(token));
        String[] parts = token.split("-");
        String otherPlayer = (Long.parseLong(parts[0]) + 1) + "-" + parts[1] + "-" + parts[2];
        String longer = parts[0] + "-" + (Long.parseLong(parts[1]) + 86_400) + "-" + parts[2];
        for (String altered : List.of(otherPlayer, longer, token.substring(0, token.length() - 1), token + "a", "", "1-2-3")) {
            assertInstanceOf(DeskLinks.Opened.Altered.class, service.openDesk(altered), altered);
        }
        clock.move(service.deskLinkLife().minusSeconds(1));
        assertInstanceOf(DeskLinks.Opened.Desk.class, service.openDesk(token));
        clock.move(Duration.ofSeconds(1));
        assertInstanceOf(DeskLinks.Opened.Expired.class, service.openDesk(token));
        assertFalse(((List<?>) mail.model().get("deskGames")).isEmpty());
    }
}
