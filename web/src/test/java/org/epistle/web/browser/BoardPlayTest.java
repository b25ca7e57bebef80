package org.epistle.web.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * Turns built on the board in a real Chromium and sent to the real server: every move of a
 * Marseillais turn clicked and written as the game writes it, Momentum turns with the pieces in
 * motion going on and a stop, a turn built with the keyboard alone, and the move field on the first
 * screen at 200% zoom.
 */
class BoardPlayTest extends ServerInChromium {
    BoardPlayTest() {
        super(1000, 1300);
    }

    private CreatedGame game(String variant, String whiteArmy, String blackArmy) {
        return world.installation().games().create(new NewGame(variant, whiteArmy, blackArmy,
                new Contact("Alice", "alice@example.com"), new Contact("Bob", "bob@example.com")));
    }

    private void openPlay(CreatedGame game, String token) {
        chromium.open("http://127.0.0.1:" + world.webPort() + "/play/" + game.gameId() + "/" + token);
        chromium.await("svg#board.clickable");
    }

    /** Clicks a square as a player does: on the piece that stands there, else on the square itself. */
    private void click(String square) {
        browser.findElements(By.cssSelector("svg#board g.piece[data-square='" + square + "']")).stream()
                .filter(WebElement::isDisplayed).findFirst()
                .orElseGet(() -> browser.findElement(By.cssSelector("svg#board rect.sq[data-square='" + square + "']")))
                .click();
    }

    private String field() {
        return browser.findElement(By.id("turn-text")).getAttribute("value");
    }

    private void send() {
        browser.findElement(By.cssSelector("form#move-form button[type=submit]")).click();
        chromium.await(".notice.done");
    }

    private List<String> history(CreatedGame game) {
        return world.installation().games().view(game.gameId()).history();
    }

    @Test
    void every_clicked_move_of_a_marseillais_turn_is_kept_and_written_as_the_game_writes_it() {
        CreatedGame game = game("marseillais", null, null);
        openPlay(game, game.whiteToken());
        click("e2");
        click("e4");
        click("d2");
        click("d4");
        assertEquals("e4/d4", field());
        send();

        openPlay(game, game.blackToken());
        click("g8");
        click("f6");
        click("b8");
        click("c6");
        assertEquals("Nf6/Nc6", field());
        send();

        openPlay(game, game.whiteToken());
        click("e4");
        click("e5");
        click("e5");  // the pawn's second move of the turn: a capture written in the game's notation
        click("f6");
        assertEquals("e5/exf6", field());
        send();
        assertEquals(List.of("1. e4/d4", "1... Nf6/Nc6", "2. e5/exf6"), history(game));
    }

    @Test
    void momentum_clicks_add_the_pieces_in_motion_and_a_piece_in_motion_is_stopped_by_picking_it_twice() {
        CreatedGame game = game("momentum", "remarkable-rookies", "nutty-knights");
        openPlay(game, game.whiteToken());
        click("e2");
        click("e4");
        assertEquals("e2-e4", field());
        send();

        openPlay(game, game.blackToken());
        click("c8");
        click("d6");
        assertEquals("(fhNrlbK)c8-d6", field());
        send();

        // White starts the queen's knight-rook; the pawn in motion goes on, written first
        openPlay(game, game.whiteToken());
        click("d1");
        click("c3");
        assertEquals("e4-e6, (RN)d1-c3", field());
        send();

        // Black stops the charging knight in motion on d6: its square picked twice
        openPlay(game, game.blackToken());
        click("d6");
        click("d6");
        assertEquals("(fhNrlbK)d6-d6", field());
        send();
        List<String> played = history(game);
        assertEquals(List.of("1. e2-e4", "1... (fhNrlbK)c8-d6", "2. e4-e6, (RN)d1-c3", "2... (fhNrlbK)d6-d6"), played);
    }

    @Test
    void a_turn_is_built_and_sent_with_the_keyboard_alone() {
        CreatedGame game = game("chess", null, null);
        openPlay(game, game.whiteToken());
        Actions keys = new Actions(browser);
        WebElement square = null;
        for (int i = 0; i < 20 && square == null; i++) {
            keys.sendKeys(Keys.TAB).perform();
            WebElement active = browser.switchTo().activeElement();
            if ("rect".equals(active.getTagName()) && active.getAttribute("data-square") != null) {
                square = active;
            }
        }
        assertTrue(square != null, "Tab reaches the board");
        assertEquals("group", browser.findElement(By.id("board")).getAttribute("role"));
        assertEquals(1, browser.findElements(By.cssSelector("svg#board rect.sq[tabindex='0']")).size(),
                "one square of the board is in the tab order");
        walkTo(keys, "e2");
        assertEquals("e2, white pawn", browser.switchTo().activeElement().getAttribute("aria-label"));
        keys.sendKeys(Keys.ENTER).perform();
        assertEquals("Picked the white pawn on e2. It can go to e3 or e4.", chromium.await("#board-status").getText());
        keys.sendKeys(Keys.ARROW_UP, Keys.ARROW_UP).perform();
        assertEquals("e4, empty, it can go here", browser.switchTo().activeElement().getAttribute("aria-label"));
        keys.sendKeys(" ").perform();
        assertEquals("e4", field());
        assertTrue(chromium.await("#board-status").getText().startsWith("Written: e4. The turn is complete: e4."),
                chromium.await("#board-status").getText());
        // on to the Send button by Tab, and sent with Enter
        for (int i = 0; i < 10 && !"Send".equals(browser.switchTo().activeElement().getText()); i++) {
            keys.sendKeys(Keys.TAB).perform();
        }
        assertEquals("Send", browser.switchTo().activeElement().getText());
        keys.sendKeys(Keys.ENTER).perform();
        chromium.await(".notice.done");
        assertEquals(List.of("1. e4"), history(game));
    }

    /** Walks the keyboard focus to a square with the arrow keys, reading where it is after each step. */
    private void walkTo(Actions keys, String target) {
        for (int i = 0; i < 20; i++) {
            String at = browser.switchTo().activeElement().getAttribute("data-square");
            if (target.equals(at)) {
                return;
            }
            int files = target.charAt(0) - at.charAt(0);
            int ranks = Integer.parseInt(target.substring(1)) - Integer.parseInt(at.substring(1));
            keys.sendKeys(files > 0 ? Keys.ARROW_RIGHT : files < 0 ? Keys.ARROW_LEFT : ranks > 0 ? Keys.ARROW_UP : Keys.ARROW_DOWN)
                    .perform();
        }
        throw new AssertionError("the arrow keys did not reach " + target);
    }

    @Test
    void at_200_percent_zoom_the_move_field_is_on_the_first_screen() throws Exception {
        CreatedGame game = game("marseillais", null, null);
        // a 1280 x 800 window zoomed to 200%: a layout 640 x 400 CSS pixels, drawn twice as large
        chromium.emulate(640, 400, 2.0);
        openPlay(game, game.whiteToken());
        Number top = (Number) chromium.script("return document.getElementById('turn-text').getBoundingClientRect().bottom;");
        Number screen = (Number) chromium.script("return window.innerHeight;");
        assertEquals(400, screen.intValue());
        assertTrue(top.doubleValue() <= screen.doubleValue(), "the move field ends " + top + " px down a " + screen + " px screen");
        Number wide = (Number) chromium.script("return document.documentElement.scrollWidth;");
        assertTrue(wide.intValue() <= 640, "nothing scrolls sideways: " + wide);
        Number board = (Number) chromium.script("return document.getElementById('board').getBoundingClientRect().height;");
        assertTrue(board.doubleValue() <= 400, "the board fits the window's height: " + board);
        Path shot = Path.of("target", "play-200-percent.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.write(shot, browser.getScreenshotAs(OutputType.BYTES));
    }
}
