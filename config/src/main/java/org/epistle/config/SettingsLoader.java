package org.epistle.config;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads {@link Settings}: the defaults, then an optional properties file, then environment variables.
 * A property key {@code section.some-key} is overridden by the variable {@code EPISTLE_SECTION_SOME_KEY}
 * (see {@link #envName(String)}). The environment is passed in so tests never touch the real one;
 * production passes {@code System.getenv()}.
 */
public final class SettingsLoader {

    /** The settings and what was ignored on the way (unknown keys), for the caller to log. */
    public record Loaded(Settings settings, List<String> warnings) {
        public Loaded {
            Objects.requireNonNull(settings, "settings");
            warnings = List.copyOf(warnings);
        }
    }

    private static final String ENV_PREFIX = "EPISTLE_";

    // Every key with its default, in the order the README documents them. A key missing here is unknown.
    private static final Map<String, String> DEFAULTS = ordered(
            "web.host", "127.0.0.1",
            "web.port", "7070",
            "db.url", "jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE",
            "db.user", "",
            "db.password", "",
            "db.pool-size", "16",
            "mail.mode", "embedded",
            "mail.address", "moves@epistle.localhost",
            "mail.smtp.host", "127.0.0.1",
            "mail.smtp.port", "3025",
            "mail.imap.host", "127.0.0.1",
            "mail.imap.port", "3143",
            "mail.tls", "false",
            "mail.smtp.tls-mode", "starttls",
            "mail.trusted-certificates", "",
            "mail.user", "",
            "mail.password", "",
            "mail.poll-interval-seconds", "30",
            // Greenmail, the embedded default, delivers local+tag mail to a separate mailbox.
            "mail.plus-addressing", "false",
            "mail.keep-raw-days", "30",
            "server.public-base-url", "http://127.0.0.1:7070",
            "server.days-per-move", "0",
            "server.desk-link-days", "7",
            "clock.reminder-percent-used", "50",
            "clock.reminder-hours-before", "24",
            "clock.leave-days-per-year", "30",
            "clock.leave-notice-hours", "24",
            "clock.tick-seconds", "60",
            "monitoring.mail-reader-grace-seconds", "300",
            "monitoring.outbox-max-age-seconds", "900",
            "monitoring.metrics-public", "false",
            "observers.delay-turns", "5",
            "server.key-file", "data/server.key");

    private final Map<String, String> env;

    /** EPISTLE_ variables that are read elsewhere and are not settings (the crash tests' fault injection). */
    private static final java.util.Set<String> NOT_SETTINGS = java.util.Set.of("EPISTLE_PAUSE_AT");

    public SettingsLoader(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** Every known key and its default, in documentation order. */
    public static Map<String, String> defaults() {
        return DEFAULTS;
    }

    /** The environment variable that overrides a key: {@code mail.poll-interval-seconds} -> {@code EPISTLE_MAIL_POLL_INTERVAL_SECONDS}. */
    public static String envName(String key) {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** Defaults overridden by the environment; for runs without a settings file. */
    public Loaded load() {
        return resolve(null);
    }

    /** Defaults, overridden by {@code file}, overridden by the environment. The file must exist. */
    public Loaded load(Path file) {
        return resolve(Objects.requireNonNull(file, "file"));
    }

    private Loaded resolve(Path file) {
        var values = new LinkedHashMap<String, Value>();
        DEFAULTS.forEach((key, text) -> values.put(key, new Value(text, "the default")));
        var warnings = new ArrayList<String>();

        if (file != null) {
            Properties properties = read(file);
            for (String key : new TreeSet<>(properties.stringPropertyNames())) {
                if (DEFAULTS.containsKey(key)) {
                    values.put(key, new Value(properties.getProperty(key), "file " + file));
                } else {
                    warnings.add("Unknown setting \"" + key + "\" in " + file + " is ignored");
                }
            }
        }

        var keyByEnvName = new LinkedHashMap<String, String>();
        DEFAULTS.keySet().forEach(key -> keyByEnvName.put(envName(key), key));
        // Sorted so warnings come out in a stable order whatever map the caller passed.
        for (var variable : new TreeMap<>(env).entrySet()) {
            if (!variable.getKey().startsWith(ENV_PREFIX) || NOT_SETTINGS.contains(variable.getKey())) continue;
            String key = keyByEnvName.get(variable.getKey());
            if (key == null) {
                warnings.add("Unknown environment variable " + variable.getKey() + " is ignored");
            } else {
                values.put(key, new Value(variable.getValue(), "environment variable " + variable.getKey()));
            }
        }
        return new Loaded(build(new Values(values)), warnings);
    }

    private static Settings build(Values v) {
        return new Settings(
                new Settings.Web(v.host("web.host"), v.port("web.port")),
                new Settings.Db(v.jdbcUrl("db.url"), v.text("db.user"), v.secret("db.password"), v.between("db.pool-size", 1, 200)),
                new Settings.Mail(v.mailMode("mail.mode"), v.address("mail.address"),
                        v.host("mail.smtp.host"), v.port("mail.smtp.port"),
                        v.host("mail.imap.host"), v.port("mail.imap.port"),
                        v.bool("mail.tls"), v.text("mail.user"), v.secret("mail.password"),
                        Duration.ofSeconds(v.positive("mail.poll-interval-seconds")),
                        v.bool("mail.plus-addressing"), v.smtpTls("mail.smtp.tls-mode"),
                        v.readableFile("mail.trusted-certificates"), v.between("mail.keep-raw-days", 0, 36500)),
                new Settings.Server(v.baseUrl("server.public-base-url"), v.daysPerMove("server.days-per-move"),
                        v.deskLinkDays("server.desk-link-days"), v.path("server.key-file")),
                new Settings.Clock(v.between("clock.reminder-percent-used", 0, 99), v.between("clock.reminder-hours-before", 0, 8760),
                        v.between("clock.leave-days-per-year", 0, 366), v.between("clock.leave-notice-hours", 0, 8760),
                        Duration.ofSeconds(v.between("clock.tick-seconds", 1, 3600))),
                new Settings.Monitoring(Duration.ofSeconds(v.between("monitoring.mail-reader-grace-seconds", 1, 86400)),
                        Duration.ofSeconds(v.between("monitoring.outbox-max-age-seconds", 1, 604800)),
                        v.bool("monitoring.metrics-public")),
                new Settings.Observers(v.between("observers.delay-turns", 0, Settings.Observers.MAX_DELAY_TURNS)));
    }

    private static Properties read(Path file) {
        var properties = new Properties();
        // Properties.load(InputStream) would read ISO-8859-1; settings files are UTF-8 like everything else.
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new SettingsException(file.toString(), "Cannot read settings file " + file + ": " + e, e);
        }
        return properties;
    }

    /** A setting's text and where it came from, for error messages. */
    private record Value(String text, String source) {}

    /** Typed readers; each failure names the key, the value and its source. */
    private record Values(Map<String, Value> values) {

        String secret(String key) {
            return values.get(key).text(); // kept exactly: spaces may be part of a password
        }

        String text(String key) {
            return values.get(key).text().strip();
        }

        String host(String key) {
            String host = text(key);
            if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace)) {
                throw bad(key, "expected a host name or IP address");
            }
            return host;
        }

        int port(String key) {
            int port = whole(key, "a port number from 1 to 65535");
            if (port < 1 || port > 65535) throw bad(key, "a port must be from 1 to 65535");
            return port;
        }

        int daysPerMove(String key) {
            int days = whole(key, "a whole number of days from 0 to 365");
            if (days < 0 || days > 365) throw bad(key, "expected a whole number of days from 0 (no deadline) to 365");
            return days;
        }

        int deskLinkDays(String key) {
            int days = whole(key, "a whole number of days from 1 to 365");
            if (days < 1 || days > 365) throw bad(key, "expected a whole number of days from 1 to 365");
            return days;
        }

        int between(String key, int min, int max) {
            int number = whole(key, "a whole number from " + min + " to " + max);
            if (number < min || number > max) throw bad(key, "expected a whole number from " + min + " to " + max);
            return number;
        }

        int positive(String key) {
            int number = whole(key, "a whole number of at least 1");
            if (number < 1) throw bad(key, "expected a whole number of at least 1");
            return number;
        }

        private int whole(String key, String expected) {
            try {
                return Integer.parseInt(text(key));
            } catch (NumberFormatException e) {
                throw bad(key, "expected " + expected);
            }
        }

        boolean bool(String key) {
            // Only the two words: "yes", "1" or a typo must not quietly mean false.
            return switch (text(key).toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw bad(key, "expected true or false");
            };
        }

        Settings.MailMode mailMode(String key) {
            return switch (text(key).toLowerCase(Locale.ROOT)) {
                case "embedded" -> Settings.MailMode.EMBEDDED;
                case "external" -> Settings.MailMode.EXTERNAL;
                default -> throw bad(key, "expected embedded or external");
            };
        }

        Settings.SmtpTls smtpTls(String key) {
            return switch (text(key).toLowerCase(Locale.ROOT)) {
                case "starttls" -> Settings.SmtpTls.STARTTLS;
                case "implicit" -> Settings.SmtpTls.IMPLICIT;
                default -> throw bad(key, "expected starttls or implicit");
            };
        }

        /** Empty means none; otherwise a file that exists and can be read now, not at the first mail. */
        Optional<Path> readableFile(String key) {
            String text = text(key);
            if (text.isEmpty()) return Optional.empty();
            Path path;
            try {
                path = Path.of(text);
            } catch (java.nio.file.InvalidPathException e) {
                throw bad(key, "expected the path of a file");
            }
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) throw bad(key, "no readable file at that path");
            return Optional.of(path);
        }

        /** A file's path; the file need not exist yet (the server key is made on the first start). */
        Path path(String key) {
            String text = text(key);
            if (text.isEmpty()) throw bad(key, "expected the path of a file");
            try {
                return Path.of(text);
            } catch (java.nio.file.InvalidPathException e) {
                throw bad(key, "expected the path of a file");
            }
        }

        String address(String key) {
            String address = text(key);
            int at = address.indexOf('@');
            if (at < 1 || at != address.lastIndexOf('@') || at == address.length() - 1
                    || address.chars().anyMatch(Character::isWhitespace)) {
                throw bad(key, "expected a mail address like moves@example.org");
            }
            return address;
        }

        String jdbcUrl(String key) {
            String url = text(key);
            if (!url.startsWith("jdbc:")) throw bad(key, "expected a JDBC URL starting with jdbc:");
            return url;
        }

        URI baseUrl(String key) {
            String text = text(key);
            try {
                var uri = new URI(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                        && uri.getQuery() == null && uri.getFragment() == null) {
                    return uri;
                }
            } catch (URISyntaxException e) {
                // reported below like every other malformed value
            }
            throw bad(key, "expected an http or https URL like https://chess.example.org");
        }

        private SettingsException bad(String key, String expectation) {
            Value value = values.get(key);
            return new SettingsException(key, "Bad setting " + key + " = \"" + value.text() + "\" (from "
                    + value.source() + "): " + expectation);
        }
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        var map = new LinkedHashMap<String, String>();
        for (int i = 0; i < keysAndValues.length; i += 2) map.put(keysAndValues[i], keysAndValues[i + 1]);
        return Collections.unmodifiableMap(map);
    }
}
