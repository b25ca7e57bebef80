package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.templates.Templates;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * Every variant the server lists can be played: a game of it is created, both players' opening mails
 * are composed (text, HTML and picture), its public page and each player's page render over HTTP, and a
 * first turn sent through the web form is accepted and mailed.
 */
class EveryVariantOnTheWebTest extends SitePageTest {
    @Test void every_variant_starts_mails_its_players_shows_its_pages_and_takes_a_first_turn_from_the_form() throws Exception {
        MailComposer composer = new MailComposer(new Templates());
        Session session = Session.getInstance(new Properties());
        for (Variant variant : VariantCatalog.all()) {
            CreatedGame game = site.game(variant.key(), "Alice", "Bob");

            Document page = Site.html(site.get("/games/" + game.gameId()));
            assertTrue(page.text().contains(variant.name()), variant.key());
            assertTrue(page.select("svg#board").size() == 1, variant.key() + ": the board is drawn");
            assertEquals(200, site.get(Site.playPath(game, Side.WHITE)).statusCode(), variant.key());
            assertEquals(200, site.get(Site.playPath(game, Side.BLACK)).statusCode(), variant.key());

            String first = firstTurn(site.games.view(game.gameId()).position())
                    .orElseThrow(() -> new AssertionError(variant.key() + ": no first turn found"));
            site.play(game, Side.WHITE, first);
            assertEquals(1, site.games.view(game.gameId()).turns().size(), variant.key() + ": " + first);
        }
        List<OutboxMail> mails = site.due();
        assertEquals(VariantCatalog.all().size() * 4, mails.size(), "two opening mails and two turn mails a game");
        for (OutboxMail mail : mails) {
            MimeMessage message = composer.compose(mail, session, "moves@epistle.test", "Epistle");
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            message.writeTo(raw);
            String text = raw.toString(StandardCharsets.UTF_8);
            assertFalse(text.contains("${") || text.contains("<#"), mail.kind() + " of game " + mail.gameId());
            assertTrue(text.contains("image/png"), mail.kind() + " of game " + mail.gameId() + " carries the picture");
        }
    }

    /**
     * A first turn as a player would type it: for the games whose turns are moves, one the end-of-game search
     * finds; for the games with rules of their own, the first ordinary opening move they accept (with a field
     * code where the mover names one).
     */
    private static Optional<String> firstTurn(Position p) {
        return LegalTurn.in(p, List.of("e2-e4", "e4", "e3", "d4", "Nf3", "Ng1-f3", "e4(RAAR)"));
    }
}
