package org.epistle.web.browser;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
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
 * A headless Debian Chromium driven through Debian's chromedriver (the packages, never a downloaded
 * driver), for every browser test: no background networking, which this machine's closed network
 * refuses, a fresh profile, and the few things those tests ask of a page.
 */
final class Chromium implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Duration WAIT = Duration.ofSeconds(20);

    private final ChromeDriverService service;
    final ChromeDriver driver;

    private Chromium(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    /** Starts a browser with its own profile; skipped (or failed under CI) when the packages are missing. */
    static Chromium start(Path profile, int width, int height) {
        requireBrowser();
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
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

    /** In CI a missing browser is a failure with a reason; on a developer's machine the test is skipped. */
    static void requireBrowser() {
        List<Path> missing = java.util.stream.Stream.of(CHROMIUM, CHROMEDRIVER).filter(p -> !Files.isExecutable(p)).toList();
        if (missing.isEmpty()) {
            return;
        }
        String why = "the browser test needs the Debian packages chromium and chromium-driver; missing: " + missing
                + " (install with: apt-get install -y chromium chromium-driver; .ci/run does this)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true and " + why);
        }
        Assumptions.abort("skipped, CI is not set and " + why);
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
