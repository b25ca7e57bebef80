package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin pastes a PGN archive into the console, and each game comes in or says why not. */
class AdminImportTest {
    @TempDir Path dir;
    AdminSite site;

    @BeforeEach void start() {
        site = new AdminSite(dir);
    }

    @AfterEach void stop() {
        site.close();
    }

    private static final String ARCHIVE = """
            [Event "Autumn letters"]
            [White "Ann Orme"]
            [Black "Ben Voss"]
            [Variant "marseillais"]
            [Result "0-1"]

            1. e4/d4 e5/Qh4 {White resigned; Black wins.} 0-1

            [Event "Autumn letters"]
            [White "Ben Voss"]
            [Black "Ann Orme"]
            [Result "*"]

            1. e4 e5 2. Ke3 *
            """;

    @Test void a_pasted_archive_is_imported_game_by_game_and_a_refused_game_says_why_on_the_page() {
        AdminSite.Admin admin = site.admin();
        HttpResponse<String> page = site.get("/admin/import", admin.cookie());
        assertEquals(200, page.statusCode());
        String csrf = AdminSite.html(page).selectFirst("#import-games input[name=csrf]").val();

        HttpResponse<String> r = site.post("/admin/import", admin.cookie(), Map.of("csrf", csrf, "pgn", ARCHIVE));

        assertEquals(422, r.statusCode(), "one game of two was refused");
        Document doc = AdminSite.html(r);
        assertTrue(doc.title().startsWith("Import not complete"), doc.title());
        assertEquals("Imported 1 of 2 games.", doc.selectFirst("p.done").text());
        assertTrue(doc.selectFirst("p.error[role=alert]").text().startsWith("Imported 1 of 2 games. Each refused game says why"));
        var items = doc.select("ol.outcomes li");
        assertEquals(2, items.size());
        assertTrue(items.get(0).text().startsWith("Game 1 (line 1): imported as game 1: Ann Orme v Ben Voss, marseillais, 2 turns, 0-1"),
                items.get(0).text());
        assertEquals("/games/1", items.get(0).selectFirst("a").attr("href"));
        assertTrue(items.get(1).text().startsWith("Game 2 (line 9): refused. Turn 2. Ke3 is refused: "), items.get(1).text());
        assertEquals("true", doc.selectFirst("#pgn").attr("aria-invalid"));

        assertEquals(1, site.games.games().size(), "the refused game left nothing behind");
        assertEquals("resignation", site.games.view(1).termination().orElseThrow());
        assertTrue(site.get("/games/1", null).body().contains("Ann Orme"), "the imported game has its public page");
    }

    @Test void without_a_session_or_with_a_foreign_token_nothing_is_imported() {
        assertEquals(303, site.get("/admin/import", null).statusCode(), "to the login form");
        assertEquals(403, site.post("/admin/import", null, Map.of("csrf", "x", "pgn", ARCHIVE)).statusCode());
        AdminSite.Admin admin = site.admin();
        assertEquals(403, site.post("/admin/import", admin.cookie(), Map.of("csrf", "not-the-token", "pgn", ARCHIVE)).statusCode());
        assertEquals(0, site.games.games().size());
    }

    @Test void an_empty_form_is_answered_and_a_huge_one_refused() {
        AdminSite.Admin admin = site.admin();
        HttpResponse<String> empty = site.post("/admin/import", admin.cookie(), Map.of("csrf", admin.csrf(), "pgn", "  \n"));
        assertEquals(422, empty.statusCode());
        assertEquals("Nothing was imported: paste the PGN of one or more games.", AdminSite.html(empty).selectFirst("p.error").text());
        String huge = "1. e4 e5 ".repeat(AdminImportPage.MAX_ARCHIVE_BYTES / 9 + 10);
        try {
            assertEquals(413, site.post("/admin/import", admin.cookie(), Map.of("csrf", admin.csrf(), "pgn", huge)).statusCode());
        } catch (java.io.UncheckedIOException e) {
            // The server answers 413 from the Content-Length without reading the form, and may close the connection
            // while the client is still writing it: the client then sees a broken pipe instead of the answer.
            // Either way the form was refused, which is what is checked next.
        }
        assertEquals(0, site.games.games().size());
    }
}
