package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.testing.MovedClock;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of following a game: who gets a confirmation mail (and who does not, so that nobody can make the
 * server write to a stranger again and again), how late the turns come, which delay applies, and what the
 * feeds show. The service runs on the run's database engine with a clock the tests move.
 */
class ObserversTest {
    static final Instant START = Instant.parse("2024-05-01T12:00:00Z");
    static final MailIdentity IDENTITY = new MailIdentity("moves@epistle.test", true, "https://chess.example.org");

    @TempDir
    Path dir;
    TestDatabase scratch;
    Database db;
    MovedClock clock;
    GameService service;
    CreatedGame game;

    @BeforeEach
    void open() {
        scratch = TestDatabase.in(dir);
        db = scratch.open();
        clock = new MovedClock(START);
        service = new GameService(db, IDENTITY, ServerKey.inDirectory(dir), clock, DaysPerMove.NONE,
                org.epistle.core.games.clock.ClockSettings.DEFAULTS, GameService.DEFAULT_DESK_LINK_LIFE, 3);
        game = service.create(new NewGame("chess", new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org")));
    }

    @AfterEach
    void close() {
        db.close();
        scratch.close();
    }

    @Test
    void a_second_request_within_the_hour_gets_no_mail_and_three_waiting_codes_are_the_most() {
        assertEquals(Result.Effect.SHOWN, subscribe("stranger@example.net").effect());
        Result again = subscribe("stranger@example.net");
        assertEquals(Result.Effect.REFUSED, again.effect());
        assertTrue(again.outcome().contains("less than 60 minutes ago"), again.outcome());
        assertEquals(1, mailsTo("stranger@example.net"));

        clock.move(Duration.ofMinutes(61));
        assertEquals(Result.Effect.SHOWN, subscribe("stranger@example.net").effect());
        clock.move(Duration.ofMinutes(61));
        assertEquals(Result.Effect.SHOWN, subscribe("stranger@example.net").effect());
        clock.move(Duration.ofMinutes(61));
        Result fourth = subscribe("stranger@example.net");
        assertTrue(fourth.outcome().contains("3 confirmations wait"), fourth.outcome());
        assertEquals(3, mailsTo("stranger@example.net"));

        clock.move(Observers.CODE_LIFETIME); // the codes lapse
        assertEquals(Result.Effect.SHOWN, subscribe("stranger@example.net").effect());
        assertEquals(4, mailsTo("stranger@example.net"));
    }

    @Test
    void nobody_is_asked_about_an_unknown_or_finished_game_nor_is_the_server_itself() {
        assertEquals(Result.Effect.REFUSED, service.observers().handle(new ObserverCommand(true, 999), "carol@example.net",
                Optional.empty()).effect());
        assertEquals(Result.Effect.REFUSED, subscribe("moves+x@epistle.test").effect());
        service.adjudicate(game.gameId(), "1-0", "a test");
        assertEquals(Result.Effect.REFUSED, subscribe("carol@example.net").effect());
        assertEquals(0, mailsTo("carol@example.net") + mailsTo("moves+x@epistle.test"));
    }

    @Test
    void a_code_confirms_only_from_its_address_and_only_once_and_not_after_it_lapsed() {
        FollowCode code = codeSentTo("carol@example.net");
        assertEquals(Result.Effect.REFUSED, service.observers().confirm(code, "mallory@example.net", Optional.empty()).effect());
        assertEquals(Result.Effect.SHOWN, service.observers().confirm(code, "Carol@Example.net", Optional.empty()).effect());
        assertEquals(Result.Effect.REFUSED, service.observers().confirm(code, "carol@example.net", Optional.empty()).effect());

        clock.move(Duration.ofHours(2));
        FollowCode late = codeSentTo("dave@example.net");
        clock.move(Observers.CODE_LIFETIME);
        assertEquals(Result.Effect.REFUSED, service.observers().confirm(late, "dave@example.net", Optional.empty()).effect());
    }

    @Test
    void the_turns_come_as_late_as_the_games_own_delay_else_its_tournaments_else_the_servers() {
        follow("carol@example.net");
        playAll("e4", "e5", "Nf3");
        assertEquals(List.of(), observerTurns("carol@example.net"), "three turns played, three held back (the server's 3)");
        playAll("Nc6");
        assertEquals(List.of("Alice played 1. e4 (shown 3 turns late)"), observerTurns("carol@example.net"));

        service.observers().setGameDelay(game.gameId(), Optional.of(1));
        playAll("Bb5");
        assertEquals(List.of("Alice played 1. e4 (shown 3 turns late)", "Bob played 1... e5 (shown 1 turn late)",
                "Alice played 2. Nf3 (shown 1 turn late)", "Bob played 2... Nc6 (shown 1 turn late)"),
                observerTurns("carol@example.net"), "a lower delay uncovers the turns it no longer holds back, each once");
        assertEquals(1, service.observers().delay(game.gameId()));
        service.observers().setGameDelay(game.gameId(), Optional.empty());
        assertEquals(3, service.observers().delay(game.gameId()));
        assertThrows(IllegalArgumentException.class, () -> service.observers().setGameDelay(game.gameId(), Optional.of(101)));
    }

    @Test
    void the_game_feed_shows_what_observers_may_see_and_everything_once_the_game_is_over() {
        playAll("e4", "e5", "Nf3", "Nc6");
        Observers.Feed feed = service.observers().gameFeed(game.gameId()).orElseThrow();
        assertEquals(List.of("Game " + game.gameId() + ": Alice played 1. e4"), feed.entries().stream().map(Observers.FeedEntry::title).toList());
        assertEquals("https://chess.example.org/games/" + game.gameId() + "/feed.atom", feed.id());

        service.adjudicate(game.gameId(), "1/2-1/2", "agreed by the arbiter");
        feed = service.observers().gameFeed(game.gameId()).orElseThrow();
        assertEquals(5, feed.entries().size(), "four turns and the end");
        assertTrue(feed.entries().get(0).title().contains("over: 1/2-1/2"), feed.entries().get(0).title());
    }

    private Result subscribe(String address) {
        return service.observers().handle(new ObserverCommand(true, game.gameId()), address, Optional.empty());
    }

    private FollowCode codeSentTo(String address) {
        assertEquals(Result.Effect.SHOWN, subscribe(address).effect());
        OutboxMail ask = service.outbox().ofGame(game.gameId()).stream()
                .filter(m -> m.kind() == MailKind.OBSERVER_CONFIRMATION && m.toAddress().equals(address)).reduce((a, b) -> b)
                .orElseThrow();
        assertTrue(ask.replyTo().startsWith("moves+follow."), ask.replyTo());
        return FollowCode.parse(ask.subject()).orElseThrow();
    }

    @Test
    void a_turn_shown_late_in_the_random_magnetic_field_comes_with_the_field_the_players_saw_then() {
        game = service.create(new NewGame("magnetic-random", new Contact("Alice", "alice@example.org"),
                new Contact("Bob", "bob@example.org")));
        follow("carol@example.net");
        playSomeTurn();
        List<String> afterFirst = TextDiagram.render(service.view(game.gameId()).position()).lines().toList();
        String field = afterFirst.get(afterFirst.indexOf("Field:") + 1);         // "  turn 1: AARR"
        for (int i = 0; i < 3; i++) {
            playSomeTurn();
        }

        List<Map<String, Object>> shown = service.outbox().ofGame(game.gameId()).stream()
                .filter(m -> m.kind() == MailKind.OBSERVER_TURN).map(OutboxMail::model).toList();
        assertEquals(1, shown.size(), "the first turn, three turns late");
        @SuppressWarnings("unchecked")
        List<String> diagram = (List<String>) shown.get(0).get("diagram");
        assertEquals(afterFirst.subList(0, afterFirst.indexOf("Field:")), diagram.subList(0, diagram.indexOf("Field:")));
        assertEquals(field, diagram.get(diagram.indexOf("Field:") + 1), "the field the players saw then, not one drawn without the game's seed");
    }

    private void follow(String address) {
        assertEquals(Result.Effect.SHOWN, service.observers().confirm(codeSentTo(address), address, Optional.empty()).effect());
    }

    private long mailsTo(String address) {
        return service.outbox().ofGame(game.gameId()).stream().filter(m -> m.toAddress().equals(address)).count()
                + service.outbox().aboutNoGame().stream().filter(m -> m.toAddress().equals(address)).count();
    }

    private List<String> observerTurns(String address) {
        return service.outbox().ofGame(game.gameId()).stream()
                .filter(m -> m.kind() == MailKind.OBSERVER_TURN && m.toAddress().equals(address))
                .map(m -> (String) m.model().get("headline")).toList();
    }

    /** The first of a few quiet moves the field allows (it moves pieces, so which ones it allows depends on its draws). */
    private void playSomeTurn() {
        Side side = service.view(game.gameId()).position().sideToMove();
        Seat seat = service.seat(game.gameId(), game.token(side)).orElseThrow();
        for (String file : List.of("a", "h", "b", "g", "c", "f", "d", "e")) {
            for (String turn : List.of(file + (side == Side.WHITE ? "3" : "6"), file + (side == Side.WHITE ? "4" : "5"))) {
                if (service.handle(seat, CommandParser.parse(turn), turn, Optional.empty()).effect() == Result.Effect.TURN_PLAYED) {
                    return;
                }
            }
        }
        throw new AssertionError("no pawn move of " + side + " was accepted");
    }

    private void playAll(String... turns) {
        for (String turn : turns) {
            Side side = service.view(game.gameId()).position().sideToMove();
            Seat seat = service.seat(game.gameId(), game.token(side)).orElseThrow();
            Result r = service.handle(seat, CommandParser.parse(turn), turn, Optional.empty());
            assertEquals(Result.Effect.TURN_PLAYED, r.effect(), r.outcome());
        }
    }
}
