package org.epistle.web.browser;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Debian Chromium driven through Debian's chromedriver, as {@link BrowserPlayTest} starts
 * it, for the browser tests written after it: the same flags (no background networking, which this
 * machine's closed network refuses), a fresh profile, and the few things those tests ask of a page.
 */
final class Chromium implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(20);

    private final ChromeDriverService service;
    final ChromeDriver driver;

    private Chromium(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    /** Starts a browser with its own profile; skipped (or failed under CI) when the packages are missing. */
    static Chromium start(Path profile, int width, int height) {
        BrowserPlayTest.requireBrowser();
        System.setProperty("webdriver.chrome.driver", BrowserPlayTest.CHROMEDRIVER.toString());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(BrowserPlayTest.CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BrowserPlayTest.CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=" + width + "," + height);
        try {
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().window().setSize(new Dimension(width, height));
            return new Chromium(service, driver);
        } catch (RuntimeException e) {
            service.stop();
            throw e;
        }
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement await(String css) {
        return new WebDriverWait(driver, WAIT).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /**
     * The page as a screen of this many CSS pixels seen at this zoom: what a reader who zooms their
     * browser to 200% gets is a layout viewport half as wide, drawn twice as large.
     */
    void emulate(int width, int height, double zoom) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", zoom, "mobile", false));
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
        }
    }
}
