package org.epistle.web.pages;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page tests' fixture: a site of its own for each test, in a fresh directory, started before and closed after it
 * (its database and web server with it). A test that needs other settings overrides {@link #open(Path)}.
 */
abstract class SitePageTest {
    @TempDir
    Path dir;
    Site site;

    /** The site each test starts with. */
    Site open(Path dir) {
        return Site.start(dir);
    }

    @BeforeEach
    void startSite() {
        site = open(dir);
    }

    @AfterEach
    void stopSite() {
        site.close();
    }
}
