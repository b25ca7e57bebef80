package org.epistle.web.browser;

import java.nio.file.Path;
import org.epistle.web.mail.MailWorld;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * What every browser test stands on: the whole server against a real mail server ({@link MailWorld}) and a
 * fresh headless Chromium with a window of the test's size. The browser is closed before the server, so a page
 * still loading never meets a server that is gone.
 */
abstract class ServerInChromium {
    @TempDir Path dir;
    @TempDir Path profile;
    MailWorld world;
    Chromium chromium;
    ChromeDriver browser;

    private final int width;
    private final int height;

    ServerInChromium(int width, int height) {
        this.width = width;
        this.height = height;
    }

    @BeforeEach
    final void startServerAndBrowser() {
        Chromium.requireBrowser();
        world = MailWorld.start(dir);
        chromium = Chromium.start(profile, width, height);
        browser = chromium.driver;
    }

    @AfterEach
    final void closeBrowserThenServer() {
        try {
            if (chromium != null) {
                chromium.close();
            }
        } finally {
            if (world != null) {
                world.close();
            }
        }
    }
}
