package org.epistle.web.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.epistle.web.mail.Player;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A player in a real headless Chromium (the Debian packages, never a downloaded driver) plays on
 * their personal page while the whole server runs against a real mail server: a turn typed into
 * the form, a turn made by clicking the board, an illegal turn explained on the page, and the
 * opponent's mails read over IMAP.
 */
class BrowserPlayTest extends ServerInChromium {
    BrowserPlayTest() {
        super(900, 1400);
    }

    private String url(CreatedGame game, String token) {
        return "http://127.0.0.1:" + world.installation().settings().web().port() + "/play/" + game.gameId() + "/" + token;
    }

    private WebElement await(String css) {
        return new WebDriverWait(browser, Chromium.WAIT).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    private void send() {
        browser.findElement(By.cssSelector("form#move-form button[type=submit]")).click();
    }

    @Test
    void a_player_types_a_turn_the_other_clicks_one_and_an_illegal_one_is_explained() throws IOException {
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        CreatedGame game = world.installation().games().create(new NewGame("chess",
                new Contact(alice.name(), alice.email()), new Contact(bob.name(), bob.email())));

        // White types a turn into the form
        browser.get(url(game, game.whiteToken()));
        assertTrue(await("section.play").getText().contains("It is your turn."), browser.getPageSource());
        WebElement text = browser.findElement(By.cssSelector("#turn-text"));
        text.sendKeys("e4");
        send();
        assertEquals("Your turn was played. Both players have been sent a mail.", await(".notice.done").getText());
        assertTrue(browser.getCurrentUrl().endsWith("?done=turn-played"), browser.getCurrentUrl());
        bob.awaitMail("your move, turn 1", 1);

        // Black clicks the pawn, then the square, then sends
        browser.get(url(game, game.blackToken()));
        await("svg#board");
        browser.findElement(By.cssSelector("svg#board g.piece[data-square=e7]")).click();
        browser.findElement(By.cssSelector("svg#board rect.sq[data-square=e5]")).click();
        assertEquals("e5", browser.findElement(By.cssSelector("#turn-text")).getAttribute("value"),
                "the click-to-move board fills the box");
        send();
        await(".notice.done");
        assertEquals(List.of("1. e4", "1... e5"), world.installation().games().view(game.gameId()).history());
        alice.awaitMail("your move, turn 2", 1);

        // White tries an illegal turn and is told why, on the page
        browser.get(url(game, game.whiteToken()));
        await("#turn-text").sendKeys("Ke3");
        send();
        WebElement explanation = await(".notice.refused .explanation");
        assertFalse(explanation.getText().isBlank(), browser.getPageSource());
        assertTrue(browser.findElement(By.cssSelector(".notice.refused")).getText()
                .contains("Your turn was not accepted, and the game has not changed."));
        assertEquals("Ke3", browser.findElement(By.cssSelector("#turn-text")).getAttribute("value"));
        // A screen reader hears the outcome: in the title, at the focus, and from the field that holds the turn.
        assertTrue(browser.getTitle().startsWith("Turn not accepted: Game " + game.gameId()), browser.getTitle());
        assertEquals("refusal", browser.switchTo().activeElement().getAttribute("id"));
        WebElement field = browser.findElement(By.cssSelector("#turn-text"));
        assertEquals("true", field.getAttribute("aria-invalid"));
        assertEquals("refusal", field.getAttribute("aria-describedby"));
        assertEquals(2, world.installation().games().view(game.gameId()).history().size());

        Path shot = Path.of("target", "game-page.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(shot) > 1000, "screenshot at " + shot);

    }

    @Test
    void the_admin_logs_in_creates_a_momentum_game_and_ends_another_with_a_reason() throws Exception {
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Admin secret \\(shown once, stored hashed\\): (\\S+)")
                .matcher(world.console());
        assertTrue(m.find(), world.console());
        String base = "http://127.0.0.1:" + world.installation().settings().web().port();
        CreatedGame old = world.installation().games().create(new NewGame("chess",
                new Contact("Carol", "carol@example.com"), new Contact("Dave", "dave@example.com")));

        browser.get(base + "/admin");
        await("form.admin-login input[name=secret]").sendKeys(m.group(1));
        browser.findElement(By.cssSelector("form.admin-login button[type=submit]")).click();

        WebElement create = await("form#create-game");
        new org.openqa.selenium.support.ui.Select(create.findElement(By.name("variant"))).selectByValue("momentum");
        new org.openqa.selenium.support.ui.Select(create.findElement(By.name("whiteArmy"))).selectByValue("remarkable-rookies");
        new org.openqa.selenium.support.ui.Select(create.findElement(By.name("blackArmy"))).selectByValue("nutty-knights");
        create.findElement(By.name("whiteName")).sendKeys(alice.name());
        create.findElement(By.name("whiteEmail")).sendKeys(alice.email());
        create.findElement(By.name("blackName")).sendKeys(bob.name());
        create.findElement(By.name("blackEmail")).sendKeys(bob.email());
        create.findElement(By.cssSelector("button[type=submit]")).click();
        assertTrue(await("p.done").getText().startsWith("Game " + (old.gameId() + 1) + ":"), browser.getPageSource());
        jakarta.mail.internet.MimeMessage opening = alice.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(opening).contains("Momentum"), Player.text(opening));
        bob.awaitMail("Game " + (old.gameId() + 1), 1);

        WebElement end = await("form.end-game[action='/admin/games/" + old.gameId() + "/end']");
        new org.openqa.selenium.support.ui.Select(end.findElement(By.name("result"))).selectByValue("aborted");
        end.findElement(By.name("reason")).sendKeys("Created by mistake <b>twice</b>");
        end.findElement(By.cssSelector("button[type=submit]")).click();
        await("p.done");

        browser.get(base + "/games/" + old.gameId());
        assertEquals("The admin's reason: Created by mistake <b>twice</b>", await(".admin-reason").getText());
        Path shot = Path.of("target", "admin-console.png").toAbsolutePath();
        browser.get(base + "/admin");
        await("form#create-game");
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(shot) > 1000, "screenshot at " + shot);
    }

    @Test
    void the_list_of_games_fits_a_390_pixel_phone_without_sideways_scrolling() throws Exception {
        for (int i = 0; i < 3; i++) {
            world.installation().games().create(new NewGame("balanced-marseillais",
                    new Contact("Wilhelmina Featherstonehaugh " + i, "w" + i + "@example.com"),
                    new Contact("Bartholomew Cholmondeley " + i, "b" + i + "@example.com")));
        }
        ((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride",
                java.util.Map.of("width", 390, "height", 844, "deviceScaleFactor", 2, "mobile", true));
        browser.get("http://127.0.0.1:" + world.installation().settings().web().port() + "/");
        await("table.games");
        org.openqa.selenium.JavascriptExecutor js = (org.openqa.selenium.JavascriptExecutor) browser;
        long viewport = ((Number) js.executeScript("return window.innerWidth;")).longValue();
        long page = ((Number) js.executeScript("return document.documentElement.scrollWidth;")).longValue();
        assertEquals(390, viewport);
        assertTrue(page <= viewport, "the page is " + page + " px wide on a " + viewport + " px screen");
        assertTrue(browser.findElement(By.cssSelector("table.games td[data-label=White]")).getText()
                .contains("Wilhelmina"), "each game's cells stay readable");
        Path shot = Path.of("target", "home-390px.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
