package org.epistle.web.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.web.mail.Player;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The admin runs a tournament in a real headless Chromium while the whole server runs against a real mail
 * server: logs in, creates a round robin, invites four players (who join by replying to their invitation),
 * starts it, follows the crosstable while a game is resigned by mail, and withdraws a player. A refused form
 * is seen too. Screenshots of each step are kept under web/target as admin-tournament-*.png.
 */
class AdminTournamentBrowserTest extends ServerInChromium {
    static final Duration MAIL = Duration.ofSeconds(60);

    AdminTournamentBrowserTest() {
        super(1100, 1600);
    }

    /**
     * Clicks a form's button and waits for the page it leads to, so a notice on the page before is never read. The
     * old page is marked in its window object, which a new document does not inherit; asking an element of the old
     * page whether it is stale does not work, since Chromium may answer that its node "does not belong to the
     * document" instead of calling it stale.
     */
    private void submit(WebElement button) {
        JavascriptExecutor js = (JavascriptExecutor) browser;
        js.executeScript("window.epistlePageBefore = true;");
        button.click();
        new WebDriverWait(browser, Chromium.WAIT).ignoring(WebDriverException.class).until(b ->
                Boolean.TRUE.equals(js.executeScript("return !window.epistlePageBefore && document.readyState === 'complete';")));
    }

    private WebElement await(String css) {
        return new WebDriverWait(browser, Chromium.WAIT).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    private String base() {
        return "http://127.0.0.1:" + world.installation().settings().web().port();
    }

    private void shot(String name) throws Exception {
        Path file = Path.of("target", "admin-tournament-" + name + ".png").toAbsolutePath();
        Files.createDirectories(file.getParent());
        Files.write(file, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(file) > 1000, "screenshot at " + file);
    }

    private List<String> texts(String css) {
        return browser.findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList();
    }

    /** The crosstable row of a player: its cells' text, from the number to the place. */
    private List<String> row(String player) {
        for (WebElement tr : browser.findElements(By.cssSelector("table.crosstable tbody tr"))) {
            if (tr.findElement(By.cssSelector("th")).getText().equals(player)) {
                return tr.findElements(By.cssSelector("td, th")).stream().map(WebElement::getText).toList();
            }
        }
        throw new AssertionError("no row for " + player + " in " + texts("table.crosstable tbody th"));
    }

    private static Player numbered(TournamentView v, List<Player> players, int number) {
        String address = v.entrants().stream().filter(e -> e.number() == number).findFirst().orElseThrow().player().email();
        return players.stream().filter(p -> p.email().equals(address)).findFirst().orElseThrow();
    }

    private String points(String player) {
        for (WebElement tr : browser.findElements(By.cssSelector("table.crosstable tbody tr"))) {
            if (tr.findElement(By.cssSelector("th")).getText().equals(player)) {
                return tr.findElement(By.cssSelector("td.points")).getText();
            }
        }
        throw new AssertionError("no row for " + player + " in " + texts("table.crosstable tbody th"));
    }

    @Test
    void the_admin_creates_invites_starts_follows_the_crosstable_and_withdraws_a_player() throws Exception {
        List<Player> players = List.of(world.player("Ann", "ann@example.com"), world.player("Ben", "ben@example.com"),
                world.player("Cleo", "cleo@example.com"), world.player("Dan", "dan@example.com"));
        Matcher secret = Pattern.compile("Admin secret \\(shown once, stored hashed\\): (\\S+)").matcher(world.console());
        assertTrue(secret.find(), world.console());

        browser.get(base() + "/admin");
        await("form.admin-login input[name=secret]").sendKeys(secret.group(1));
        browser.findElement(By.cssSelector("form.admin-login button[type=submit]")).click();
        await("form#create-game");
        browser.findElement(By.linkText("Tournaments")).click();

        // A refused form first: a round robin of 200 players
        WebElement create = await("form#create-tournament");
        create.findElement(By.name("name")).sendKeys("Winter Progressive");
        new Select(create.findElement(By.name("variant"))).selectByValue("progressive");
        new Select(create.findElement(By.name("kind"))).selectByValue("round-robin");
        new Select(create.findElement(By.name("withdrawal"))).selectByValue("forfeit-unfinished");
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                "document.querySelector('#create-tournament input[name=maxPlayers]').removeAttribute('max');");
        create.findElement(By.name("maxPlayers")).sendKeys("200");
        submit(create.findElement(By.cssSelector("button[type=submit]")));
        WebElement refusal = await("#refusal");
        assertEquals("The tournament was not created: a round robin is for 3 to 20 players, not 200.", refusal.getText());
        assertTrue(browser.getTitle().startsWith("Not created:"), browser.getTitle());
        assertEquals("true", browser.findElement(By.name("maxPlayers")).getAttribute("aria-invalid"));
        assertEquals("Winter Progressive", browser.findElement(By.name("name")).getAttribute("value"), "what was typed stays");
        assertEquals(0, world.installation().games().tournaments().list().size());
        shot("1-refused");

        WebElement most = browser.findElement(By.name("maxPlayers"));
        most.clear();
        most.sendKeys("8");
        submit(browser.findElement(By.cssSelector("#create-tournament button[type=submit]")));
        assertEquals("The tournament was created; entry is open. Invite the players below.", await("#done").getText());
        assertEquals("Winter Progressive", browser.findElement(By.cssSelector("h1")).getText());

        for (Player p : players) {
            WebElement invite = await("form#invite");
            invite.findElement(By.name("name")).sendKeys(p.name());
            invite.findElement(By.name("address")).sendKeys(p.email());
            submit(invite.findElement(By.cssSelector("button[type=submit]")));
            assertEquals("The player was invited and mailed how to join.", await("#done").getText());
        }
        // Each player answers the invitation by mail
        for (Player p : players) {
            MimeMessage invitation = p.awaitMail("Invitation to Winter Progressive", 1, MAIL);
            assertTrue(Player.text(invitation).contains("join Winter Progressive"), Player.text(invitation));
            p.reply(invitation, "join Winter Progressive");
        }
        for (Player p : players) {
            p.awaitMail("join Winter Progressive", 1, MAIL);
        }
        browser.navigate().refresh();
        assertEquals(List.of("joined", "joined", "joined", "joined"), texts("#tournament-players td.entry"));
        shot("2-entries");

        submit(await("form#start button"));
        assertEquals("The tournament has started: every game was created and each player mailed their games.", await("#done").getText());
        TournamentView started = world.installation().games().tournaments().list().stream().findFirst()
                .flatMap(t -> world.installation().games().tournaments().view(t.id())).orElseThrow();
        assertEquals(6, started.games().size());
        assertEquals(List.of("Ann", "Ben", "Cleo", "Dan"), texts("table.crosstable tbody th").stream().sorted().toList());
        assertEquals(12, browser.findElements(By.cssSelector("table.crosstable a.unfinished")).size());

        // A game is resigned by mail; the admin's table follows. Numbers were drawn in the order the joins arrived.
        TournamentGame first = started.games().get(0);
        Player white = numbered(started, players, first.white());
        Player black = numbered(started, players, first.black());
        MimeMessage opening = white.awaitMail("Game " + first.gameId() + " ", 1, MAIL);
        white.reply(opening, "resign");
        black.awaitMail("Game " + first.gameId() + " ", 2, MAIL); // the opening mail, then the resignation
        browser.navigate().refresh();
        assertEquals("1", points(black.name()));
        assertEquals("0", points(white.name()));
        assertEquals(10, browser.findElements(By.cssSelector("table.crosstable a.unfinished")).size());
        shot("3-crosstable");

        // Dan withdraws: his unfinished games are lost by forfeit
        await("#tournament-players form.withdraw button");
        WebElement withdraw = browser.findElements(By.cssSelector("#tournament-players form.withdraw button")).stream()
                .filter(b -> b.getText().equals("Withdraw Dan")).findFirst().orElseThrow();
        submit(withdraw);
        assertTrue(await("#done").getText().startsWith("The player was withdrawn"), browser.getPageSource());
        List<String> dan = row("Dan (withdrew)");
        assertTrue(dan.stream().anyMatch(c -> c.equals("−") || c.equals("-")), dan.toString());
        TournamentView after = world.installation().games().tournaments().view(started.tournament().id()).orElseThrow();
        int danNumber = after.entrants().stream().filter(e -> e.player().name().equals("Dan")).findFirst().orElseThrow().number();
        assertTrue(after.games().stream().filter(g -> (g.white() == danNumber || g.black() == danNumber)
                        && g.gameId() != first.gameId()).allMatch(g -> g.outcome() == Outcome.WHITE_WINS_BY_FORFEIT
                        || g.outcome() == Outcome.BLACK_WINS_BY_FORFEIT),
                after.games().toString());
        assertEquals("withdrawn", browser.findElements(By.cssSelector("#tournament-players tr")).stream()
                .filter(tr -> tr.getText().contains("dan@example.com")).findFirst().orElseThrow()
                .findElement(By.cssSelector("td.entry")).getText());
        shot("4-withdrawn");
    }
}
