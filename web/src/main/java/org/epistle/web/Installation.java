package org.epistle.web;

import java.nio.file.Path;
import java.time.Clock;
import org.epistle.config.Settings;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.clock.ClockSettings;

/**
 * One Epistle installation as configured: its settings, its database and the game service over
 * it. The server and the command line open it the same way, so they see the same games.
 */
public final class Installation implements AutoCloseable {
    private final Settings settings;
    private final Database database;
    private final GameService games;
    private final Clock clock;

    private Installation(Settings settings, Database database, GameService games, Clock clock) {
        this.settings = settings;
        this.database = database;
        this.games = games;
        this.clock = clock;
    }

    /** Reads the settings (file if given, then EPISTLE_ environment variables) and opens the database. */
    public static Installation open(Path configFile) {
        SettingsLoader loader = new SettingsLoader(System.getenv());
        SettingsLoader.Loaded loaded = configFile == null ? loader.load() : loader.load(configFile);
        loaded.warnings().forEach(w -> System.err.println("epistle: warning: " + w));
        return open(loaded.settings(), ServerKey.load(loaded.settings().server().keyFile()), Clock.systemUTC());
    }

    public static Installation open(Settings settings, ServerKey key, Clock clock) {
        Database db = Database.open(settings.db().url(), settings.db().user(), settings.db().password(), settings.db().poolSize(),
                clock);
        MailIdentity identity = new MailIdentity(settings.mail().address(), settings.mail().plusAddressing(),
                settings.server().publicBaseUrl().toString());
        return new Installation(settings, db, new GameService(db, identity, key, clock,
                new org.epistle.core.games.DaysPerMove(settings.server().daysPerMove()), clockSettings(settings.clock()),
                java.time.Duration.ofDays(settings.server().deskLinkDays()), settings.observers().delayTurns()), clock);
    }

    static ClockSettings clockSettings(Settings.Clock c) {
        return new ClockSettings(c.reminderPercentUsed(), java.time.Duration.ofHours(c.reminderHoursBefore()),
                c.leaveDaysPerYear(), java.time.Duration.ofHours(c.leaveNoticeHours()));
    }

    /** The one clock of this installation: games, mail and the scheduler all read time from it. */
    public Clock clock() {
        return clock;
    }

    public Settings settings() {
        return settings;
    }

    public Database database() {
        return database;
    }

    public GameService games() {
        return games;
    }

    @Override
    public void close() {
        database.close();
    }
}
