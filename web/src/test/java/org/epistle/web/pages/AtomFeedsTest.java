package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The Atom feeds (RFC 4287) of a game, a player and a tournament, read over real HTTP and parsed as XML: each is a
 * well-formed feed with its id, title, updated and entries, holds back the turns the observer delay holds back,
 * and its page links to it.
 */
class AtomFeedsTest extends SitePageTest {
    private static final String ATOM = "http://www.w3.org/2005/Atom";

    @Test
    void a_games_feed_shows_the_turns_two_turns_late_and_all_of_them_once_it_is_over() throws Exception {
        CreatedGame game = site.chess();
        site.games.observers().setGameDelay(game.gameId(), Optional.of(2));
        play(game, "e4", "e5", "Nf3", "Nc6");

        Element feed = feed("/games/" + game.gameId() + "/feed.atom");
        assertEquals(List.of("Game " + game.gameId() + ": Bob played 1... e5", "Game " + game.gameId() + ": Alice played 1. e4"),
                titles(feed), "newest first; 2. Nf3 and 2... Nc6 are held back");
        assertEquals("http://127.0.0.1:7070/games/" + game.gameId() + "/feed.atom", child(feed, "id").getTextContent());

        site.play(game, Side.WHITE, "resign");
        List<String> after = titles(feed("/games/" + game.gameId() + "/feed.atom"));
        assertEquals(5, after.size(), after.toString());
        assertTrue(after.get(0).startsWith("Game " + game.gameId() + " over: 0-1"), after.get(0));
        assertTrue(after.contains("Game " + game.gameId() + ": Bob played 2... Nc6"), after.toString());
    }

    @Test
    void the_game_page_and_the_player_page_link_to_their_feeds_and_the_players_feed_is_held_back_too() throws Exception {
        CreatedGame game = site.chess(); // the server's default delay, 5 turns
        play(game, "e4", "e5");
        var page = Site.html(site.get("/games/" + game.gameId()));
        assertEquals("/games/" + game.gameId() + "/feed.atom",
                page.selectFirst("head link[rel=alternate][type=application/atom+xml]").attr("href"));
        assertEquals("Follow this game by mail: send subscribe " + game.gameId() + " to moves@epistle.test, then answer the "
                + "mail that comes back.", page.selectFirst("p.follow").text());

        long alice = site.games.view(game.gameId()).white().id();
        var playerPage = Site.html(site.get("/players/" + alice));
        String href = playerPage.selectFirst("head link[rel=alternate][type=application/atom+xml]").attr("href");
        assertEquals("/players/" + alice + "/feed.atom", href);
        Element feed = feed(href);
        assertEquals(List.of(), titles(feed), "two turns played, five held back");
        assertTrue(child(feed, "title").getTextContent().contains("Alice"));
        assertEquals(404, site.get("/players/987654/feed.atom").statusCode());
        assertEquals(404, site.get("/games/987654/feed.atom").statusCode());
    }

    @Test
    void a_tournaments_feed_holds_its_games_with_the_tournaments_delay() throws Exception {
        TournamentService tournaments = site.games.tournaments();
        long id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Spring Cup", "chess",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat", "Dan")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(id, new Contact(name, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Spring Cup"), Optional.empty());
        }
        site.games.observers().setTournamentDelay(id, Optional.of(1));
        assertTrue(tournaments.start(id).isDone());
        long gameId = tournaments.view(id).orElseThrow().games().get(0).gameId();
        assertEquals(1, site.games.observers().delay(gameId), "the game takes its tournament's delay");
        var seats = site.games.view(gameId);
        playDirect(gameId, "e4", "e5");

        var page = Site.html(site.get("/tournaments/" + id));
        String href = page.selectFirst("head link[rel=alternate][type=application/atom+xml]").attr("href");
        Element feed = feed(href);
        assertEquals(List.of("Game " + gameId + ": " + seats.white().name() + " played 1. e4"), titles(feed));
        assertEquals("Epistle: Spring Cup", child(feed, "title").getTextContent());
    }

    /** Reads a feed over HTTP, parses it as namespaced XML and checks what RFC 4287 requires of it and its entries. */
    private Element feed(String path) throws Exception {
        HttpResponse<String> r = site.get(path);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/atom+xml"));
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        Element feed = doc.getDocumentElement();
        assertEquals(ATOM, feed.getNamespaceURI());
        assertEquals("feed", feed.getLocalName());
        required(feed);
        assertFalse(child(feed, "author").getTextContent().isBlank(), "a feed names an author when its entries do not");
        for (Element entry : children(feed, "entry")) {
            required(entry);
            assertTrue(child(entry, "link").getAttribute("href").startsWith("http"), "an entry links to its game");
        }
        return feed;
    }

    /** id (an absolute IRI), title, and updated (an RFC 3339 date-time), each exactly once. */
    private static void required(Element e) {
        for (String name : List.of("id", "title", "updated")) {
            assertEquals(1, children(e, name).size(), e.getLocalName() + " has one " + name);
        }
        assertTrue(child(e, "id").getTextContent().matches("https?://\\S+"), child(e, "id").getTextContent());
        assertFalse(child(e, "title").getTextContent().isBlank());
        OffsetDateTime.parse(child(e, "updated").getTextContent());
    }

    private static List<String> titles(Element feed) {
        return children(feed, "entry").stream().map(e -> child(e, "title").getTextContent()).toList();
    }

    private static Element child(Element parent, String name) {
        return children(parent, name).get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && ATOM.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }

    private void play(CreatedGame game, String... turns) {
        Side side = Side.WHITE;
        for (String turn : turns) {
            site.play(game, side, turn);
            side = side.opponent();
        }
    }

    /** Plays a tournament game's turns on the seats' own pages, whose links came in the opening mails. */
    private void playDirect(long gameId, String... turns) {
        for (String turn : turns) {
            Side side = site.games.view(gameId).position().sideToMove();
            String playUrl = site.games.outbox().ofGame(gameId).stream()
                    .filter(m -> m.kind() == org.epistle.core.games.MailKind.GAME_STARTED
                            && side.label().equals(m.model().get("recipientSide")))
                    .map(m -> (String) m.model().get("playUrl")).findFirst().orElseThrow();
            String token = playUrl.substring(playUrl.lastIndexOf('/') + 1);
            var seat = site.games.seat(gameId, token).orElseThrow();
            var r = site.games.handleFromPage(seat, org.epistle.core.games.CommandParser.parse(turn), turn);
            assertEquals(org.epistle.core.games.Result.Effect.TURN_PLAYED, r.effect(), r.outcome());
        }
    }
}
