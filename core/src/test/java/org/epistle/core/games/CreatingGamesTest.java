package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CreatingGamesTest {
    @TempDir
    Path dir;
    Club club;

    @BeforeEach
    void open() {
        club = Club.in(dir);
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void a_new_game_opens_with_one_mail_to_each_player() {
        CreatedGame game = club.chess();

        List<OutboxMail> mails = club.mails(game);
        assertEquals(2, mails.size());
        assertEquals(List.of(MailKind.GAME_STARTED, MailKind.GAME_STARTED), mails.stream().map(OutboxMail::kind).toList());
        assertEquals(List.of("alice@example.org", "bob@example.org"), mails.stream().map(OutboxMail::toAddress).toList());
        assertEquals(List.of("Alice", "Bob"), mails.stream().map(OutboxMail::toName).toList());
        assertEquals("[Epistle] Game " + game.gameId() + " · Chess · Alice v Bob [g" + game.gameId() + "."
                + game.whiteToken() + "]", mails.get(0).subject());
        assertTrue(mails.get(1).subject().endsWith("[g" + game.gameId() + "." + game.blackToken() + "]"));
        assertEquals("Game started: you play White — your move, turn 1", mails.get(0).model().get("headline"));
        assertEquals("Game started: you play Black — Alice to move, turn 1", mails.get(1).model().get("headline"));
    }

    @Test
    void each_seats_opening_mail_is_the_root_of_its_thread_and_every_later_mail_refers_to_it() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4");
        club.play(game, BLACK, "Ke3"); // a refusal, to Bob only
        club.play(game, BLACK, "draw");

        List<OutboxMail> mails = club.mails(game);
        for (String seat : List.of("alice@example.org", "bob@example.org")) {
            List<OutboxMail> toSeat = mails.stream().filter(m -> m.toAddress().equals(seat)).toList();
            OutboxMail opening = toSeat.get(0);
            assertEquals(MailKind.GAME_STARTED, opening.kind());
            String root = opening.messageId();
            String side = seat.startsWith("alice") ? "white" : "black";
            assertTrue(root.matches("<game-" + game.gameId() + "\\.[a-z2-7]+\\." + side + "@epistle\\.test>"), root);
            assertNull(opening.inReplyTo());
            assertEquals(List.of(), opening.references());
            for (OutboxMail later : toSeat.subList(1, toSeat.size())) {
                assertEquals(root, later.inReplyTo(), later.kind().name());
                assertEquals(List.of(root), later.references(), later.kind().name());
                assertTrue(later.messageId().matches("<[0-9a-f-]{36}@epistle\\.test>"), later.messageId());
                assertEquals(opening.subject(), later.subject(), "one subject for the whole game");
            }
        }
        assertEquals(mails.size(), mails.stream().map(OutboxMail::messageId).distinct().count());
    }

    @Test
    void the_answer_to_a_players_mail_refers_to_that_mail_and_a_hostile_message_id_is_not_copied() {
        CreatedGame game = club.chess();
        String root = club.mails(game).get(0).messageId();

        for (String[] mail : new String[][] {{"<r1.abc@player.example>", "Ke3"}, {"<r2@player.example>\r\nBcc: x@y", "e4"},
                {"<r3@player.example>", "e5"}}) {
            Side side = mail[1].equals("e5") ? BLACK : WHITE;
            club.service.storeInbound(mail[0], mail[1].getBytes(java.nio.charset.StandardCharsets.UTF_8), Club.NOW);
            club.service.handle(club.seat(game, side), CommandParser.parse(mail[1]), mail[1], Optional.of(mail[0]));
        }

        List<OutboxMail> after = club.mailsAfter(game, 2);
        OutboxMail refusal = after.get(0);
        assertEquals(MailKind.TURN_REJECTED, refusal.kind());
        assertEquals("<r1.abc@player.example>", refusal.inReplyTo());
        assertEquals(List.of(root, "<r1.abc@player.example>"), refusal.references());
        OutboxMail toWhiteAfterHostile = after.get(1);
        assertEquals(root, toWhiteAfterHostile.inReplyTo(), "a Message-ID with a line break is not referred to");
        assertEquals(List.of(root), toWhiteAfterHostile.references());
        OutboxMail toWhiteAfterBlack = after.get(3);
        assertEquals("alice@example.org", toWhiteAfterBlack.toAddress());
        assertEquals(List.of(root), toWhiteAfterBlack.references(), "Bob's mail is not in Alice's mailbox");
        OutboxMail toBlack = after.get(4);
        assertEquals("<r3@player.example>", toBlack.inReplyTo());
    }

    @Test
    void each_player_replies_to_their_own_seats_address() {
        CreatedGame game = club.chess();

        List<OutboxMail> mails = club.mails(game);
        assertEquals("moves+g" + game.gameId() + "." + game.whiteToken() + "@epistle.test", mails.get(0).replyTo());
        assertEquals("moves+g" + game.gameId() + "." + game.blackToken() + "@epistle.test", mails.get(1).replyTo());
        assertEquals(mails.get(0).replyTo(), mails.get(0).model().get("replyAddress"));
    }

    @Test
    void without_plus_addressing_every_seat_replies_to_the_servers_address(@TempDir Path other) {
        try (Club plain = Club.in(other, new MailIdentity("moves@epistle.test", false, "http://127.0.0.1:7070/"))) {
            CreatedGame game = plain.chess();
            for (OutboxMail mail : plain.mails(game)) {
                assertEquals("moves@epistle.test", mail.replyTo());
                assertEquals("http://127.0.0.1:7070/games/" + game.gameId(), mail.model().get("gameUrl"));
            }
        }
    }

    @Test
    void the_opening_mail_shows_the_position_the_rules_and_how_to_reply() {
        CreatedGame game = club.game("marseillais");

        Map<String, Object> model = club.mails(game).get(0).model();
        assertEquals("game-started", model.get("kind"));
        assertEquals("Marseillais Chess", model.get("variantName"));
        assertEquals("Alice", model.get("recipientName"));
        assertEquals("White", model.get("recipientSide"));
        assertEquals("White", model.get("sideToMove"));
        assertEquals(1, model.get("turnNumber"));
        assertEquals(true, model.get("yourTurn"));
        assertEquals("Fabulous FIDEs", model.get("whiteArmy"));
        assertEquals(List.of("rnbqkbnr", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "RNBQKBNR"),
                model.get("ranks"));
        assertTrue(((List<?>) model.get("diagram")).size() >= 11);
        assertTrue(((String) model.get("rulesSummary")).startsWith("Each turn is two moves"));
        assertTrue(((String) model.get("instructions")).contains("Nf3/e4"));
        assertEquals(false, club.mails(game).get(1).model().get("yourTurn"));
    }

    @Test
    void every_mail_model_holds_every_documented_key() {
        CreatedGame game = club.chess();
        Set<String> keys = Set.of("kind", "gameId", "variantKey", "variantName", "whiteName", "blackName", "whiteArmy",
                "blackArmy", "recipientName", "recipientSide", "opponentName", "sideToMove", "toMoveName", "turnNumber",
                "yourTurn", "deadline", "deadlineAt", "clock", "timeControl", "playedTurn", "diagram", "ranks", "marked", "moved", "energy", "motions", "stacked", "realms", "figures", "checked", "field", "notices",
                "check", "reason", "notAccepted",
                "explanation", "hint", "rawText", "gameOver", "result", "termination", "ending", "drawOfferedBy",
                "rulesSummary", "notationHelp", "history", "replyAddress", "gameUrl", "playUrl", "instructions", "line", "lineNote",
                "headline", "drawWithTurn");
        club.play(game, Side.WHITE, "e5");
        club.play(game, Side.WHITE, "e4");
        club.play(game, Side.BLACK, "history");
        for (OutboxMail mail : club.mails(game)) {
            assertEquals(keys, mail.model().keySet(), mail.kind().toString());
        }
    }

    @Test
    void each_player_gets_their_own_personal_page_link_and_never_the_other_one() {
        CreatedGame game = club.chess();
        for (OutboxMail mail : club.mails(game)) {
            Side side = mail.toAddress().equals(club.view(game).white().email()) ? Side.WHITE : Side.BLACK;
            assertEquals("http://127.0.0.1:7070/play/" + game.gameId() + "/" + game.token(side), mail.model().get("playUrl"));
        }
    }

    @Test
    void a_player_is_registered_once_by_address() {
        CreatedGame first = club.chess();
        CreatedGame second = club.service.create(new NewGame("chess", new Contact("Bob B.", "BOB@example.org"),
                new Contact("Carol", "carol@example.org")));

        Player bob = club.view(first).black();
        assertEquals(bob, club.view(second).white());
        assertEquals("Bob", bob.name());
        assertNotEquals(first.gameId(), second.gameId());
    }

    @Test
    void armies_are_chosen_by_key_or_by_name() {
        CreatedGame game = club.service.create(new NewGame("chess", "nutty-knights", "Remarkable Rookies",
                new Contact("Alice", "alice@example.org"), new Contact("Bob", "bob@example.org")));

        assertEquals("Nutty Knights", club.view(game).whiteArmy().name());
        assertEquals("Remarkable Rookies", club.view(game).blackArmy().name());
    }

    @Test
    void an_unknown_variant_or_army_is_refused_with_the_known_ones() {
        Contact a = new Contact("Alice", "alice@example.org");
        Contact b = new Contact("Bob", "bob@example.org");

        var variant = assertThrows(IllegalArgumentException.class, () -> club.service.create(new NewGame("hexagonal", a, b)));
        assertTrue(variant.getMessage().startsWith("There is no variant \"hexagonal\"; the variants are chess, marseillais, "),
                variant.getMessage());
        assertTrue(variant.getMessage().endsWith(org.epistle.core.rules.variant.VariantCatalog.keys() + "."), variant.getMessage());
        var army = assertThrows(IllegalArgumentException.class,
                () -> club.service.create(new NewGame("chess", "fabulous-fides", "clowns", a, b)));
        assertTrue(army.getMessage().startsWith("There is no army \"clowns\" for Black; the armies are fabulous-fides"), army.getMessage());
        assertTrue(club.service.games().isEmpty());
    }

    @Test
    void a_player_needs_a_name_and_a_real_address() {
        assertThrows(IllegalArgumentException.class, () -> new Contact(" ", "alice@example.org"));
        assertThrows(IllegalArgumentException.class, () -> new Contact("Alice\r\nBcc: x@y.z", "alice@example.org"));
        var e = assertThrows(IllegalArgumentException.class, () -> new Contact("Alice", "alice at example.org"));
        assertEquals("\"alice at example.org\" is not an e-mail address (for example alice@example.org)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Contact("Alice", "alice@example.org\nBcc: x@y.z"));
        assertEquals("alice@example.org", new Contact(" Alice ", " Alice@Example.ORG ").email());
    }

    @Test
    void the_server_cannot_play_against_itself() {
        var e = assertThrows(IllegalArgumentException.class, () -> club.service.create(new NewGame("chess",
                new Contact("Alice", "alice@example.org"), new Contact("Loop", "moves+g1.x@epistle.test"))));
        assertEquals("Loop's address moves+g1.x@epistle.test is the server's own address", e.getMessage());
    }

    @Test
    void the_list_of_games_tells_who_is_to_move() {
        CreatedGame game = club.chess();
        club.playAll(game, "e4");

        GameSummary summary = club.service.games().get(0);
        assertEquals(game.gameId(), summary.id());
        assertEquals("Alice", summary.whiteName());
        assertEquals("Bob", summary.blackName());
        assertEquals(Side.BLACK, summary.sideToMove());
        assertEquals(1, summary.turnNumber());
        assertEquals(1, summary.turnsPlayed());
        assertEquals(GameState.ACTIVE, summary.state());
        assertFalse(summary.result().isPresent());
    }
}
