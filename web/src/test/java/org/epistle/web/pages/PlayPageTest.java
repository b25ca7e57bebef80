package org.epistle.web.pages;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameState;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.rules.position.Fen;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** A player's own page: the move form, and what becomes of what is sent with it. */
class PlayPageTest extends SitePageTest {
    private String fen(CreatedGame game) {
        return Fen.write(site.games.view(game.gameId()).position());
    }

    private List<OutboxMail> mailsOf(CreatedGame game, MailKind kind) {
        return site.due().stream().filter(m -> m.gameId() == game.gameId() && m.kind() == kind).toList();
    }

    @Test void the_personal_page_is_the_game_page_with_a_move_form() throws Exception {
        CreatedGame game = site.chess();

        HttpResponse<String> r = site.get(Site.playPath(game, WHITE));

        assertEquals(200, r.statusCode());
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""));
        Document doc = Site.html(r);
        assertNotNull(doc.selectFirst("svg#board"));
        Element form = doc.selectFirst("form#move-form");
        assertEquals("post", form.attr("method"));
        assertEquals(Site.playPath(game, WHITE), form.attr("action"));
        assertFalse(form.selectFirst("input[name=csrf]").val().isBlank());
        assertEquals("1", form.selectFirst("input[type=hidden][name=turn]").val());
        assertEquals("text", form.selectFirst("input#turn-text[name=text]").attr("type"));
        assertNotNull(doc.selectFirst("label[for=turn-text]"));
        assertEquals("/static/play.js", doc.selectFirst("script").attr("src"));
        assertTrue(doc.selectFirst("section.play").text().contains("You play White, Alice"));
        assertTrue(doc.selectFirst("section.play").text().contains("It is your turn."));

        JsonNode moves = new ObjectMapper().readTree(form.attr("data-moves"));
        assertEquals(20, moves.size());
        assertTrue(moves.toString().contains("[\"g1\",\"f3\",\"Nf3\"]"), moves.toString());
        assertEquals("1", form.attr("data-per-turn"));
        assertEquals("white", form.attr("data-side"));
    }

    @Test void black_sees_the_board_from_black_s_side_and_waits_while_white_is_to_move() {
        CreatedGame game = site.chess();

        Document doc = Site.html(site.get(Site.playPath(game, BLACK)));

        assertTrue(doc.selectFirst("svg#board desc").text().startsWith("Seen from Black's side."));
        Element a1 = doc.selectFirst("rect.sq[data-square=a1]");
        assertEquals("300", a1.attr("x"), "a1 is at the right");
        assertEquals("20", a1.attr("y"), "a1 is at the top");
        assertTrue(doc.selectFirst("section.play").text().contains("It is White's turn"));
        assertEquals("[]", doc.selectFirst("form#move-form").attr("data-moves"));
    }

    @Test void an_accepted_turn_redirects_to_the_page_and_mails_both_players() {
        CreatedGame game = site.chess();
        int wakes = site.wakes.get();

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "e4"));

        assertEquals(303, r.statusCode());
        assertEquals(Site.playPath(game, WHITE) + "?done=turn-played", r.headers().firstValue("Location").orElse(""));
        assertTrue(site.wakes.get() > wakes, "the mail sender is woken");
        List<OutboxMail> accepted = mailsOf(game, MailKind.TURN_ACCEPTED);
        assertEquals(2, accepted.size());
        assertEquals(List.of("alice@example.org", "bobx@example.org"), accepted.stream().map(OutboxMail::toAddress).sorted().toList());
        assertTrue(accepted.stream().allMatch(m -> ((Map<?, ?>) m.model().get("playedTurn")).get("notation").equals("e4")));
        assertEquals("1. e4", site.games.view(game.gameId()).history().get(0));

        Document after = Site.html(site.get(r.headers().firstValue("Location").orElseThrow()));
        assertEquals("Your turn was played. Both players have been sent a mail.", after.selectFirst(".notice.done").text());
        assertEquals(List.of("1 e4"), after.select("table.turns tbody tr").eachText());
        assertTrue(after.selectFirst("section.play").text().contains("It is Black's turn"));
    }

    @Test void a_web_turn_and_a_mail_turn_leave_the_same_game_and_the_same_mails() {
        CreatedGame byWeb = site.chess();
        CreatedGame byMail = site.chess();

        site.play(byWeb, WHITE, "Nf3");
        site.games.handle(site.games.seat(byMail.gameId(), byMail.token(WHITE)).orElseThrow(), CommandParser.parse("Nf3"),
                "Nf3", Optional.empty());

        assertEquals(site.games.view(byMail.gameId()).history(), site.games.view(byWeb.gameId()).history());
        assertEquals(fen(byMail), fen(byWeb));
        assertEquals(kinds(byMail), kinds(byWeb));
        OutboxMail web = mailsOf(byWeb, MailKind.TURN_ACCEPTED).get(0);
        OutboxMail mail = mailsOf(byMail, MailKind.TURN_ACCEPTED).get(0);
        assertEquals(mail.model().keySet(), web.model().keySet());
        assertEquals(mail.model().get("diagram"), web.model().get("diagram"));
        assertEquals(mail.toAddress(), web.toAddress());
    }

    private List<String> kinds(CreatedGame game) {
        return site.games.outbox().ofGame(game.gameId()).stream().map(m -> m.kind() + " to " + m.toAddress()).toList();
    }

    @Test void an_illegal_turn_shows_the_explanation_and_the_marked_diagram_and_changes_nothing() {
        CreatedGame game = site.chess();
        String before = fen(game);

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "Bc4"));

        assertEquals(422, r.statusCode());
        Document doc = Site.html(r);
        Element refused = doc.selectFirst(".notice.refused");
        assertNotNull(refused, doc.html());
        assertTrue(refused.text().contains("Your turn was not accepted, and the game has not changed."), refused.text());
        String explanation = refused.selectFirst(".explanation").text();
        assertFalse(explanation.isBlank());
        List<String> marked = doc.select("svg#board rect.mark").eachAttr("data-square");
        assertFalse(marked.isEmpty(), doc.selectFirst("svg#board").outerHtml());
        assertTrue(doc.selectFirst("svg#board desc").text().contains("Marked: "));
        assertEquals("Bc4", doc.selectFirst("input#turn-text").val(), "the text stays in the box to be corrected");
        assertEquals(before, fen(game));
        assertEquals(List.of("c4", "e2", "f1"), marked.stream().sorted().toList(), "the bishop, the pawn in its way, and where it was sent");
        assertTrue(refused.text().contains("Not accepted: Bc4"), refused.text());
        assertEquals(List.of(), mailsOf(game, MailKind.TURN_REJECTED), "a refusal on the page is told on the page only");
    }

    @Test void refused_turns_sent_from_the_page_at_once_write_no_mail_at_all() throws Exception {
        CreatedGame game = site.chess();
        int before = site.games.outbox().ofGame(game.gameId()).size();
        Map<String, String> form = site.form(game, WHITE, "Bc4");

        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> posts = new java.util.ArrayList<>();
        for (int i = 0; i < 19; i++) {
            posts.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> site.post(Site.playPath(game, WHITE), form)));
        }
        for (var post : posts) {
            assertEquals(422, post.get().statusCode());
        }
        HttpResponse<String> other = site.post(Site.playPath(game, BLACK), site.form(game, BLACK, "e5"));

        assertEquals(422, other.statusCode());
        assertEquals(before, site.games.outbox().ofGame(game.gameId()).size(), "no outbox row for a refused web turn");
    }

    @Test void help_board_and_history_typed_in_the_box_are_answered_on_the_page_without_a_mail() {
        CreatedGame game = site.game("marseillais", "Carol", "Dave");
        int before = site.games.outbox().ofGame(game.gameId()).size();

        Document help = Site.html(site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "help")));
        Document board = Site.html(site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "board")));
        Document history = Site.html(site.post(Site.playPath(game, BLACK), site.form(game, BLACK, "history")));

        assertTrue(help.selectFirst("#outcome").text().contains("How to play Marseillais Chess"), help.html());
        assertTrue(help.selectFirst("#outcome").text().contains("Each turn is two moves"), help.selectFirst("#outcome").text());
        assertEquals("The board is shown below, as it stands now.", board.selectFirst("#outcome").text());
        assertNotNull(board.selectFirst("svg#board"));
        assertEquals("No turn has been played yet.", history.selectFirst("#outcome").text());
        assertEquals(before, site.games.outbox().ofGame(game.gameId()).size(), "nothing is mailed for these");
    }

    @Test void a_move_may_carry_a_draw_offer_by_the_box_or_by_the_word() {
        CreatedGame game = site.chess();
        Document page = Site.html(site.get(Site.playPath(game, WHITE)));
        assertNotNull(page.selectFirst("form#move-form input[type=checkbox][name=draw]"), "the box beside the move field");
        Map<String, String> form = new java.util.LinkedHashMap<>(site.form(game, WHITE, "e4"));
        form.put("draw", "yes");

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), form);

        assertEquals(303, r.statusCode());
        assertEquals(Optional.of(WHITE), site.games.view(game.gameId()).drawOfferedBy());
        OutboxMail toBob = mailsOf(game, MailKind.TURN_ACCEPTED).get(1);
        assertEquals("Alice played e4 and offers a draw — your move, turn 1", toBob.model().get("headline"));
        assertTrue(Site.html(site.get(Site.playPath(game, BLACK))).text().contains("Your opponent offers a draw"));

        assertEquals(303, site.post(Site.playPath(game, BLACK), site.form(game, BLACK, "e5 draw")).statusCode());
        assertEquals(Optional.of(BLACK), site.games.view(game.gameId()).drawOfferedBy(), "Black's move let White's offer lapse and made his own");
    }

    @Test void the_explanation_names_the_part_of_a_turn_that_was_not_accepted() {
        CreatedGame game = site.game("marseillais", "Carol", "Dave");

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "e4/Ke2/d4"));

        assertEquals(422, r.statusCode());
        Document doc = Site.html(r);
        assertNotNull(doc.selectFirst(".notice.refused"), doc.html());
        assertTrue(doc.selectFirst(".notice.refused").text().contains("Your turn was not accepted"));
    }

    @Test void a_form_answering_an_earlier_turn_is_refused_politely_and_nothing_changes() {
        CreatedGame game = site.chess();
        Map<String, String> stale = site.form(game, WHITE, "e4");
        site.play(game, WHITE, "d4");
        site.play(game, BLACK, "d5");
        String before = fen(game);

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), stale);

        assertEquals(422, r.statusCode());
        String refused = Site.html(r).selectFirst(".notice.refused").text();
        assertTrue(refused.contains("was sent from the page of turn 1, but the game is now at turn 2"), refused);
        assertTrue(refused.contains("What you can do instead: The position has changed since you opened the page"), refused);
        assertFalse(refused.contains("mail") || refused.contains("#"), refused);
        assertFalse(refused.contains("send your turn again"), refused);
        assertEquals(before, fen(game));
        assertEquals(List.of("1. d4", "1... d5"), site.games.view(game.gameId()).history());
    }

    @Test void a_turn_sent_when_it_is_not_your_turn_is_refused() {
        CreatedGame game = site.chess();

        HttpResponse<String> r = site.post(Site.playPath(game, BLACK), site.form(game, BLACK, "e5"));

        assertEquals(422, r.statusCode());
        assertTrue(Site.html(r).selectFirst(".notice.refused").text().contains("It is White's turn (turn 1), not yours."));
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void an_empty_box_is_answered_on_the_page_without_a_mail() {
        CreatedGame game = site.chess();
        int mails = site.games.outbox().ofGame(game.gameId()).size();

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "   "));

        assertEquals(422, r.statusCode());
        assertTrue(Site.html(r).selectFirst(".notice.refused").text().contains("There was no turn in the box."));
        assertEquals(mails, site.games.outbox().ofGame(game.gameId()).size());
    }

    @Test void a_text_longer_than_any_turn_is_answered_on_the_page_without_a_mail() {
        CreatedGame game = site.chess();
        int mails = site.games.outbox().ofGame(game.gameId()).size();

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "e4 ".repeat(400)));

        assertEquals(422, r.statusCode());
        assertTrue(Site.html(r).selectFirst(".notice.refused").text().contains("at most 500 characters"));
        assertEquals(mails, site.games.outbox().ofGame(game.gameId()).size());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }

    @Test void a_momentum_page_offers_the_continuations_and_room_for_every_event() throws Exception {
        CreatedGame game = site.game("momentum", "remarkable-rookies", "nutty-knights", "Ralph", "Joao");
        site.play(game, WHITE, "e2-e4");
        site.play(game, BLACK, "(fhNrlbK)c8-d6");

        Document page = Site.html(site.get(Site.playPath(game, WHITE)));
        Element form = page.selectFirst("form#move-form");
        assertTrue(page.selectFirst("section.play").text().contains("(the events in the order they happen: your pieces in motion and one start or stop, joined by , )"),
                page.selectFirst("section.play").text());
        assertEquals("1", form.attr("data-per-turn"), "one click pair picks the start or stop; the page writes the whole turn");
        assertEquals(", ", form.attr("data-joiner"));
        JsonNode moves = new ObjectMapper().readTree(form.attr("data-moves"));
        assertEquals("[\"e4\",\"e6\",\"e4-e6\"]", moves.get(0).toString(), "the pawn going on alone comes first");
        assertTrue(moves.toString().contains("[\"e4\",\"e4\",\"e4-e4\"]"), "the pawn stopped: " + moves);
        assertTrue(moves.toString().contains("[\"d1\",\"c3\",\"e4-e6, (RN)d1-c3\"]"), "a start with the pawn going on: " + moves);

        site.play(game, WHITE, "e4-e6, (RN)d1-c3");
        assertEquals(List.of("1. e2-e4", "1... (fhNrlbK)c8-d6", "2. e4-e6, (RN)d1-c3"), site.games.view(game.gameId()).history());
    }

    @Test void a_quest_page_asks_for_the_answer_to_a_capture_and_takes_decline_from_the_box() {
        CreatedGame game = site.game("quest", "Quentin", "Rhoda");
        site.play(game, WHITE, "e4, d4");
        site.play(game, BLACK, "d5");
        site.play(game, WHITE, "exd5");

        Document blacks = Site.html(site.get(Site.playPath(game, BLACK)));
        assertTrue(blacks.selectFirst("p.asked").text().startsWith("White captured on d5: you may recapture there at once, or decline."),
                blacks.selectFirst("p.asked").text());
        assertEquals("1", blacks.selectFirst("form#move-form").attr("data-per-turn"), "an answer is one move");
        Document whites = Site.html(site.get(Site.playPath(game, WHITE)));
        assertTrue(whites.selectFirst("p.asked").text().startsWith("Black may recapture on d5 or decline"), whites.selectFirst("p.asked").text());

        site.play(game, BLACK, "decline");
        whites = Site.html(site.get(Site.playPath(game, WHITE)));
        assertEquals("9", whites.selectFirst("form#move-form").attr("data-per-turn"), "nine moves of the turn are left");
        assertTrue(whites.selectFirst("p.asked").text().startsWith("Your turn goes on: 1 of 10 moves played, up to 9 more."),
                whites.selectFirst("p.asked").text());
        site.play(game, WHITE, "d6"); // the pawn that took on d5 moves again: its capture was declined
        assertEquals(List.of("1. e4, d4", "1... d5", "2. exd5", "2... [decline]", "2. d6"), site.games.view(game.gameId()).history());
    }

    @Test void a_multi_move_turn_is_played_from_the_form() {
        CreatedGame game = site.game("marseillais", "Carol", "Dave");

        site.play(game, WHITE, "e4/d4");
        site.play(game, BLACK, "Nf6 Nc6");

        assertEquals(List.of("1. e4/d4", "1... Nf6/Nc6"), site.games.view(game.gameId()).history());
        Document doc = Site.html(site.get(Site.playPath(game, WHITE)));
        Element form = doc.selectFirst("form#move-form");
        assertEquals("2", form.attr("data-per-turn"));
        assertEquals("/", form.attr("data-joiner"));
        assertTrue(doc.selectFirst("section.play").text().contains("(2 moves, joined by /)"), doc.selectFirst("section.play").text());
        assertEquals("2", form.selectFirst("input[name=turn]").val());
        assertEquals(List.of("b8", "c6", "f6", "g8"), doc.select("svg#board rect.tint").eachAttr("data-square").stream().sorted().toList());
    }

    @Test void the_words_of_the_mails_work_in_the_box_too() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "e4");

        HttpResponse<String> offer = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "draw"));
        assertEquals(303, offer.statusCode());
        assertTrue(offer.headers().firstValue("Location").orElse("").endsWith("?done=draw-offered"));
        assertTrue(Site.html(site.get(Site.playPath(game, BLACK))).text().contains("Your opponent offers a draw"));

        HttpResponse<String> resign = site.post(Site.playPath(game, BLACK), site.form(game, BLACK, "resign"));
        assertEquals(303, resign.statusCode());
        assertEquals(GameState.FINISHED, site.games.view(game.gameId()).state());
        Document after = Site.html(site.get(Site.playPath(game, BLACK)));
        assertNull(after.selectFirst("form#move-form"), "no form once the game is over");
        assertTrue(after.selectFirst("figcaption.state").text().contains("Black resigned; White wins. 1-0"));
    }

    @Test void a_turn_sent_after_the_game_ended_is_refused() {
        CreatedGame game = site.chess();
        Map<String, String> form = site.form(game, WHITE, "e4");
        site.games.handle(site.games.seat(game.gameId(), game.token(BLACK)).orElseThrow(), CommandParser.parse("resign"), "resign",
                Optional.empty());

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), form);

        assertEquals(422, r.statusCode());
        assertTrue(Site.html(r).selectFirst(".notice.refused").text().contains("The game is over"));
    }

    /** Sends the page's form that holds the button with this word, as a browser would on a click. */
    private HttpResponse<String> press(CreatedGame game, org.epistle.core.rules.board.Side side, String word) {
        Document page = Site.html(site.get(Site.playPath(game, side)));
        org.jsoup.nodes.Element button = page.selectFirst(".commands button[name=text][value=" + word + "]");
        assertNotNull(button, "no " + word + " button on " + page.select(".commands").outerHtml());
        org.jsoup.nodes.Element form = button.closest("form");
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        form.select("input[type=hidden]").forEach(in -> fields.put(in.attr("name"), in.val()));
        form.select("input[type=checkbox][required]").forEach(in -> fields.put(in.attr("name"), in.val()));
        fields.put("text", word);
        return site.post(form.attr("action"), fields);
    }

    @Test void draw_offer_accept_decline_and_resign_are_buttons() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "e4");

        assertEquals(303, press(game, BLACK, "draw").statusCode());
        assertEquals(BLACK, site.games.view(game.gameId()).drawOfferedBy().orElseThrow());
        Document white = Site.html(site.get(Site.playPath(game, WHITE)));
        assertNotNull(white.selectFirst(".commands button[value=accept]"));
        assertNull(Site.html(site.get(Site.playPath(game, BLACK))).selectFirst(".commands button[value=draw]"),
                "no second offer while one stands");

        assertEquals(303, press(game, WHITE, "decline").statusCode());
        assertTrue(site.games.view(game.gameId()).drawOfferedBy().isEmpty());

        assertEquals(303, press(game, WHITE, "resign").statusCode());
        assertEquals("0-1", site.games.view(game.gameId()).result().orElseThrow());
    }
}
