package org.epistle.web.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.web.mail.MailWorld;
import org.epistle.web.mail.Player;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * axe-core in a real Chromium on every kind of page people read: the list of games, a game's public
 * page, a player's own page, the same page after a refused turn, a player's desk, a tournament and
 * the admin's console. A serious or critical violation on any of them fails the test, listed by page,
 * rule and element.
 */
class AccessibilityTest extends ServerInChromium {
    AccessibilityTest() {
        super(1100, 1400);
    }

    private String base() {
        return "http://127.0.0.1:" + world.webPort();
    }

    /** The failing violations on the page shown; the rest are noted in {@code lesser}. */
    private List<Axe.Violation> checked(String page, List<String> lesser) {
        List<Axe.Violation> all = Axe.check(browser);
        all.stream().filter(v -> !Axe.FAILING.contains(v.impact())).forEach(v -> lesser.add(page + ": " + v));
        return all.stream().filter(v -> Axe.FAILING.contains(v.impact())).toList();
    }

    @Test
    void no_page_has_a_serious_or_critical_violation() throws Exception {
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        CreatedGame chess = world.installation().games().create(new NewGame("chess",
                new Contact(alice.name(), alice.email()), new Contact(bob.name(), bob.email())));
        world.installation().games().create(new NewGame("momentum", "remarkable-rookies", "nutty-knights",
                new Contact(alice.name(), alice.email()), new Contact(bob.name(), bob.email())));
        Map<String, List<Axe.Violation>> found = new LinkedHashMap<>();
        List<String> lesser = new ArrayList<>(); // moderate and minor findings, written to target/axe-lesser.txt to read

        chromium.open(base() + "/");
        chromium.await("table.games");
        found.put("home", checked("home", lesser));

        // a game with a turn played, so the board shows the last turn's marks
        chromium.open(base() + "/play/" + chess.gameId() + "/" + chess.whiteToken());
        chromium.await("#turn-text").sendKeys("e4");
        browser.findElement(By.cssSelector("form#move-form button[type=submit]")).click();
        chromium.await(".notice.done");
        found.put("play after a turn", checked("play after a turn", lesser));

        chromium.open(base() + "/games/" + chess.gameId());
        chromium.await("svg#board");
        found.put("game", checked("game", lesser));

        chromium.open(base() + "/play/" + chess.gameId() + "/" + chess.blackToken());
        chromium.await("#turn-text");
        found.put("play", checked("play", lesser));
        chromium.await("#turn-text").sendKeys("Ke6");
        browser.findElement(By.cssSelector("form#move-form button[type=submit]")).click();
        chromium.await(".notice.refused .explanation");
        found.put("refusal", checked("refusal", lesser));

        chromium.open(base() + "/games/" + (chess.gameId() + 1));
        chromium.await("svg#board");
        found.put("momentum game", checked("momentum game", lesser));

        alice.write(MailWorld.SERVER_ADDRESS, "games", "games");
        Matcher desk = Pattern.compile("http://[^/\\s]+(/desk/\\S+)").matcher(Player.text(alice.awaitMail("Your games", 1)));
        assertTrue(desk.find(), "the games mail carries a desk link");
        chromium.open(base() + desk.group(1));
        chromium.await("main h1");
        found.put("desk", checked("desk", lesser));

        TournamentService tournaments = world.installation().games().tournaments();
        long cup = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Autumn Cup", "marseillais",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat", "Dan")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(cup, new Contact(name, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Autumn Cup"), Optional.empty());
        }
        tournaments.start(cup);
        chromium.open(base() + "/tournaments/" + cup);
        chromium.await("table.crosstable");
        found.put("tournament", checked("tournament", lesser));
        chromium.open(base() + "/tournaments");
        chromium.await("main h1");
        found.put("tournaments", checked("tournaments", lesser));

        Matcher secret = Pattern.compile("Admin secret \\(shown once, stored hashed\\): (\\S+)").matcher(world.console());
        assertTrue(secret.find(), world.console());
        chromium.open(base() + "/admin");
        chromium.await("form.admin-login input[name=secret]");
        found.put("admin login", checked("admin login", lesser));
        browser.findElement(By.cssSelector("form.admin-login input[name=secret]")).sendKeys(secret.group(1));
        browser.findElement(By.cssSelector("form.admin-login button[type=submit]")).click();
        chromium.await("form#create-game");
        found.put("admin", checked("admin", lesser));

        List<String> report = new ArrayList<>();
        found.forEach((page, violations) -> violations.forEach(v -> report.add(page + ": " + v)));
        java.nio.file.Files.writeString(java.nio.file.Path.of("target", "axe-lesser.txt"), String.join("\n", lesser));
        assertEquals(List.of(), report, "axe-core found serious or critical violations");
        assertEquals(11, found.size(), "every page was checked");

        // the check itself can fail: an image without a text alternative is a critical violation to axe-core
        chromium.script("var i = document.createElement('img'); i.src = '/static/favicon.svg'; document.querySelector('main').appendChild(i);");
        assertTrue(Axe.failing(browser).stream().anyMatch(v -> v.rule().equals("image-alt")),
                "axe-core reports an image without alt");
    }
}
