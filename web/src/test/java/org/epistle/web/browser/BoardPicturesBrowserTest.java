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
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The board as people see it, in the real headless Chromium of {@link BrowserPlayTest}: a game of each
 * family of variants is played a little through the move form, its public page is opened, the board's
 * picture is kept under {@code target/screenshots/board-*.png}, and the figurines and marks are looked
 * for in the page's SVG as the browser built it.
 */
class BoardPicturesBrowserTest extends ServerInChromium {
    BoardPicturesBrowserTest() {
        super(900, 1400);
    }

    @Test
    void each_family_of_variants_shows_its_figurines_and_marks() throws IOException {
        // FIDE: the king in check, the last turn's squares
        CreatedGame fide = game("chess", "fabulous-fides", "fabulous-fides");
        play(fide, true, "e4");
        play(fide, false, "f5");
        play(fide, true, "Qh5+");
        WebElement board = board(fide, "fide");
        assertEquals("e8", board.findElement(By.cssSelector("g.check")).getAttribute("data-square"));
        assertEquals(List.of("d1", "h5"), attributes(board, "g.moved rect.tint", "data-square"));
        assertEquals("Queen", figure(board, "h5"));

        // Different Armies: each piece its own picture
        CreatedGame armies = game("chess", "nutty-knights", "colorbound-clobberers");
        board = board(armies, "different-armies");
        assertEquals("Charging Rook", figure(board, "a1"));
        assertEquals("Fibnif", figure(board, "b1"));
        assertEquals("Charging Knight", figure(board, "c1"));
        assertEquals("Colonel", figure(board, "d1"));
        assertEquals("Bede", figure(board, "a8"));
        assertEquals("Waffle", figure(board, "b8"));
        assertEquals("FAD", figure(board, "c8"));
        assertEquals("Cardinal", figure(board, "d8"));
        assertEquals(5, board.findElements(By.cssSelector("g.piece.white .mark-forward")).size(), "the charging pieces and the Colonel");
        assertFalse(board.findElements(By.cssSelector("g.piece[data-square=a8] .mark-colourbound")).isEmpty(), "the Bede keeps to one colour");

        // Momentum: the arrow from the Chancellor to the square it reaches next
        CreatedGame momentum = game("momentum", "remarkable-rookies", "nutty-knights");
        play(momentum, true, "(RN)d1-e3");
        board = board(momentum, "momentum");
        assertEquals("Chancellor", figure(board, "e3"));
        assertEquals(1, board.findElements(By.cssSelector("g.motions polygon")).size(), "an arrowhead");

        // Marseillais: two moves in a turn, four squares of the last turn
        CreatedGame marseillais = game("marseillais", "fabulous-fides", "fabulous-fides");
        play(marseillais, true, "e4/d4");
        board = board(marseillais, "marseillais");
        assertEquals(4, board.findElements(By.cssSelector("g.moved rect.rim")).size());

        // Magnetic family: the field pulls a pawn of each side along the c-file
        CreatedGame gravity = game("gravity", "fabulous-fides", "fabulous-fides");
        play(gravity, true, "c4");
        board = board(gravity, "magnetic");
        assertEquals(List.of("c5", "c3"), attributes(board, "g.field g.arrow", "data-to"));
        assertEquals(List.of("c7", "c1"), attributes(board, "g.field circle.left", "data-square"));

        // Lene Hau: travellers with their paths and arrowheads
        CreatedGame leneHau = game("lene-hau", "fabulous-fides", "fabulous-fides");
        play(leneHau, true, "e2-e4");
        play(leneHau, false, "Ng8-f6");
        play(leneHau, true, "Bf1-b5");
        board = board(leneHau, "lene-hau");
        assertTrue(attributes(board, "g.travellers g.arrow.travel", "data-to").containsAll(List.of("b5", "f6")));
        assertTrue(attributes(board, "g.traveller g.figure", "data-figure").containsAll(List.of("Bishop", "Knight")));

        // Particle Collision: energy as a number on its square
        CreatedGame particles = game("particle-collision", "fabulous-fides", "fabulous-fides");
        play(particles, true, "e4");
        play(particles, false, "e5");
        play(particles, true, "d4");
        play(particles, false, "exd4");
        board = board(particles, "particle-collision");
        assertEquals("1", board.findElement(By.cssSelector("g.energy text")).getText());

        // Realm Chess: the realms' borders
        CreatedGame realm = game("realm", "fabulous-fides", "fabulous-fides");
        board = board(realm, "realm");
        assertFalse(board.findElements(By.cssSelector("g.realms line")).isEmpty());
        assertEquals(32, board.findElements(By.cssSelector("g.piece g.figure")).size());

        // Quest-Chess: a segment of three moves, each man drawn where it went
        CreatedGame quest = game("quest", "fabulous-fides", "fabulous-fides");
        play(quest, true, "e4, d4, Nf3");
        board = board(quest, "quest");
        assertEquals("Pawn", figure(board, "e4"));
        assertEquals("Knight", figure(board, "f3"));
        assertEquals(32, board.findElements(By.cssSelector("g.piece g.figure")).size());
    }

    private CreatedGame game(String variant, String whiteArmy, String blackArmy) {
        String n = Long.toString(System.nanoTime());
        return world.installation().games().create(new NewGame(variant, whiteArmy, blackArmy,
                new Contact("Alice", "alice" + n + "@example.com"), new Contact("Bob", "bob" + n + "@example.com")));
    }

    private String base() {
        return "http://127.0.0.1:" + world.installation().settings().web().port();
    }

    /** A turn typed into the player's move form and sent, as a player does. */
    private void play(CreatedGame game, boolean white, String turn) {
        browser.get(base() + "/play/" + game.gameId() + "/" + (white ? game.whiteToken() : game.blackToken()));
        await("#turn-text").sendKeys(turn);
        browser.findElement(By.cssSelector("form#move-form button[type=submit]")).click();
        assertTrue(await(".notice.done").isDisplayed(), turn + ": " + browser.getPageSource());
    }

    /** The public page's board, its picture kept for people to look at. */
    private WebElement board(CreatedGame game, String name) throws IOException {
        browser.get(base() + "/games/" + game.gameId());
        WebElement board = await("svg#board");
        Path shot = Path.of("target", "screenshots", "board-" + name + ".png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.write(shot, board.getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(shot) > 5000, "screenshot at " + shot);
        return board;
    }

    private static String figure(WebElement board, String square) {
        return board.findElement(By.cssSelector("g.piece[data-square=" + square + "] g.figure")).getAttribute("data-figure");
    }

    private static List<String> attributes(WebElement board, String css, String attribute) {
        return board.findElements(By.cssSelector(css)).stream().map(e -> e.getAttribute(attribute)).toList();
    }

    private WebElement await(String css) {
        return new WebDriverWait(browser, Chromium.WAIT).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }
}
