package org.epistle.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.epistle.config.Settings.MailMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingsLoaderTest {

    @TempDir Path dir;

    private Path file(String... lines) throws IOException {
        return Files.write(dir.resolve("epistle.properties"), List.of(lines), StandardCharsets.UTF_8);
    }

    @Test void without_file_or_environment_every_default_runs_on_a_laptop() {
        var loaded = new SettingsLoader(Map.of()).load();
        Settings s = loaded.settings();

        assertEquals(new Settings.Web("127.0.0.1", 7070), s.web());
        assertEquals(new Settings.Db("jdbc:h2:file:./data/epistle;AUTO_SERVER=TRUE", "", ""), s.db());
        assertEquals(new Settings.Mail(MailMode.EMBEDDED, "moves@epistle.localhost",
                "127.0.0.1", 3025, "127.0.0.1", 3143, false, "", "", Duration.ofSeconds(30), false,
                Settings.SmtpTls.STARTTLS, java.util.Optional.empty()), s.mail());
        assertEquals(URI.create("http://127.0.0.1:7070"), s.server().publicBaseUrl());
        assertTrue(loaded.warnings().isEmpty());
        assertEquals(s, Settings.defaults());
    }

    @Test void the_file_overrides_defaults_and_leaves_the_rest_alone() throws IOException {
        var settings = new SettingsLoader(Map.of()).load(file(
                "web.port=8080",
                "mail.mode=external",
                "mail.smtp.host=smtp.example.org",
                "mail.tls=TRUE",
                "mail.poll-interval-seconds= 120 ",
                "mail.plus-addressing=true",
                "server.public-base-url=https://chess.example.org/")).settings();

        assertEquals(8080, settings.web().port());
        assertEquals("127.0.0.1", settings.web().host());
        assertEquals(MailMode.EXTERNAL, settings.mail().mode());
        assertEquals("smtp.example.org", settings.mail().smtpHost());
        assertEquals(3025, settings.mail().smtpPort());
        assertTrue(settings.mail().tls());
        assertEquals(Duration.ofMinutes(2), settings.mail().pollInterval());
        assertTrue(settings.mail().plusAddressing());
        assertEquals(URI.create("https://chess.example.org"), settings.server().publicBaseUrl());
    }

    @Test void the_environment_overrides_the_file() throws IOException {
        var env = Map.of(
                "EPISTLE_WEB_PORT", "9090",
                "EPISTLE_DB_URL", "jdbc:postgresql://db/epistle",
                "EPISTLE_MAIL_PASSWORD", " secret with spaces ",
                "EPISTLE_MAIL_POLL_INTERVAL_SECONDS", "5",
                "PATH", "/usr/bin");
        var settings = new SettingsLoader(env).load(file(
                "web.port=8080", "web.host=0.0.0.0", "db.url=jdbc:h2:mem:x", "mail.password=from-file")).settings();

        assertEquals(new Settings.Web("0.0.0.0", 9090), settings.web());
        assertEquals("jdbc:postgresql://db/epistle", settings.db().url());
        assertEquals(" secret with spaces ", settings.mail().password());
        assertEquals(Duration.ofSeconds(5), settings.mail().pollInterval());
    }

    @Test void the_environment_applies_without_a_file() {
        var settings = new SettingsLoader(Map.of("EPISTLE_MAIL_MODE", "external")).load().settings();
        assertEquals(MailMode.EXTERNAL, settings.mail().mode());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            web.port                   | seventy     | expected a port number
            web.port                   | 70000       | from 1 to 65535
            web.port                   | 0           | from 1 to 65535
            web.port                   | ''          | expected a port number
            mail.imap.port             | -1          | from 1 to 65535
            mail.mode                  | greenmail   | expected embedded or external
            mail.tls                   | yes         | expected true or false
            mail.plus-addressing       | 1           | expected true or false
            mail.poll-interval-seconds | 0           | at least 1
            mail.poll-interval-seconds | 2.5         | at least 1
            mail.address               | moves       | mail address
            web.host                   | ''          | host name
            db.url                     | h2:file:x   | JDBC URL
            server.public-base-url     | chess.org   | http or https URL
            server.public-base-url     | ftp://x.org | http or https URL
            mail.smtp.tls-mode         | ssl         | starttls or implicit
            mail.trusted-certificates  | /no/such.pem | no readable file
            """)
    void a_bad_value_in_the_file_is_rejected_naming_key_and_value(String key, String value, String why)
            throws IOException {
        var e = assertThrows(SettingsException.class,
                () -> new SettingsLoader(Map.of()).load(file(key + "=" + value)));

        assertEquals(key, e.key());
        assertTrue(e.getMessage().contains(key + " = \"" + value + "\""), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertTrue(e.getMessage().contains("epistle.properties"), e.getMessage());
    }

    @Test void smtp_over_tls_from_the_first_byte_and_a_trusted_certificate_file_are_settings() throws IOException {
        Path pem = Files.writeString(dir.resolve("provider.pem"), "-----BEGIN CERTIFICATE-----\n");
        var mail = new SettingsLoader(Map.of("EPISTLE_MAIL_TRUSTED_CERTIFICATES", " " + pem + " "))
                .load(file("mail.tls=true", "mail.smtp.tls-mode=Implicit")).settings().mail();

        assertTrue(mail.tls());
        assertEquals(Settings.SmtpTls.IMPLICIT, mail.smtpTls());
        assertEquals(java.util.Optional.of(pem), mail.trustedCertificates());
        assertTrue(mail.toString().contains("trustedCertificates=" + pem), mail.toString());
    }

    @Test void a_bad_value_in_the_environment_names_the_variable() throws IOException {
        var e = assertThrows(SettingsException.class,
                () -> new SettingsLoader(Map.of("EPISTLE_WEB_PORT", "80a")).load(file("web.port=8080")));

        assertEquals("Bad setting web.port = \"80a\" (from environment variable EPISTLE_WEB_PORT): "
                + "expected a port number from 1 to 65535", e.getMessage());
    }

    @Test void unknown_keys_are_warned_about_not_fatal() throws IOException {
        var loaded = new SettingsLoader(Map.of("EPISTLE_WEB_PROT", "1", "HOME", "/root"))
                .load(file("web.prot=8080", "web.port=8081", "mail.smtp_host=x"));

        assertEquals(8081, loaded.settings().web().port());
        assertEquals(3, loaded.warnings().size(), loaded.warnings().toString());
        assertTrue(loaded.warnings().get(0).contains("\"mail.smtp_host\""));
        assertTrue(loaded.warnings().get(1).contains("\"web.prot\""));
        assertTrue(loaded.warnings().get(2).contains("EPISTLE_WEB_PROT"));
    }

    @Test void a_named_file_that_does_not_exist_is_an_error() {
        Path missing = dir.resolve("nope.properties");
        var e = assertThrows(SettingsException.class, () -> new SettingsLoader(Map.of()).load(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test void the_file_is_read_as_utf8() throws IOException {
        var settings = new SettingsLoader(Map.of()).load(file("db.password=pässwörd")).settings();
        assertEquals("pässwörd", settings.db().password());
    }

    @Test void passwords_stay_out_of_toString() {
        var settings = new SettingsLoader(Map.of("EPISTLE_DB_PASSWORD", "hunter2", "EPISTLE_MAIL_PASSWORD", "swordfish"))
                .load().settings();
        assertFalse(settings.toString().contains("hunter2"), settings.toString());
        assertFalse(settings.toString().contains("swordfish"), settings.toString());
    }

    @Test void environment_names_follow_the_rule_and_never_collide() {
        assertEquals("EPISTLE_WEB_PORT", SettingsLoader.envName("web.port"));
        assertEquals("EPISTLE_MAIL_POLL_INTERVAL_SECONDS", SettingsLoader.envName("mail.poll-interval-seconds"));
        var names = new HashSet<String>();
        SettingsLoader.defaults().keySet().forEach(key -> assertTrue(names.add(SettingsLoader.envName(key)), key));
    }

    @Test void days_per_move_are_0_for_none_up_to_a_year_and_anything_else_is_named() {
        assertEquals(0, Settings.defaults().server().daysPerMove());
        assertEquals(5, new SettingsLoader(Map.of("EPISTLE_SERVER_DAYS_PER_MOVE", "5")).load().settings().server().daysPerMove());
        for (String bad : List.of("-1", "366", "three")) {
            var e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> new SettingsLoader(Map.of("EPISTLE_SERVER_DAYS_PER_MOVE", bad)).load());
            assertTrue(e.getMessage().contains("server.days-per-move"), e.getMessage());
        }
    }

    @Test void clock_settings_have_defaults_and_bounds() {
        assertEquals(Settings.Clock.DEFAULTS, Settings.defaults().clock());
        var clock = new SettingsLoader(Map.of("EPISTLE_CLOCK_REMINDER_PERCENT_USED", "75", "EPISTLE_CLOCK_LEAVE_DAYS_PER_YEAR", "10",
                "EPISTLE_CLOCK_TICK_SECONDS", "5")).load().settings().clock();
        assertEquals(75, clock.reminderPercentUsed());
        assertEquals(10, clock.leaveDaysPerYear());
        assertEquals(java.time.Duration.ofSeconds(5), clock.tick());
        for (var bad : List.of(Map.of("EPISTLE_CLOCK_REMINDER_PERCENT_USED", "100"), Map.of("EPISTLE_CLOCK_TICK_SECONDS", "0"),
                Map.of("EPISTLE_CLOCK_LEAVE_DAYS_PER_YEAR", "a month"))) {
            var e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> new SettingsLoader(bad).load());
            assertTrue(e.getMessage().contains("clock."), e.getMessage());
        }
    }

    @Test void a_handled_mails_bytes_are_kept_thirty_days_unless_the_settings_say_otherwise() {
        assertEquals(java.time.Duration.ofDays(30), Settings.defaults().mail().keepRaw());
        assertEquals(0, new SettingsLoader(Map.of("EPISTLE_MAIL_KEEP_RAW_DAYS", "0")).load().settings().mail().keepRawDays());
        var e = assertThrows(SettingsException.class,
                () -> new SettingsLoader(Map.of("EPISTLE_MAIL_KEEP_RAW_DAYS", "-1")).load());
        assertTrue(e.getMessage().contains("mail.keep-raw-days"), e.getMessage());
    }

    @Test void the_server_key_is_where_the_setting_or_its_variable_says_so_instances_can_share_one() {
        assertEquals(Path.of("data", "server.key"), Settings.defaults().server().keyFile());
        assertEquals(Path.of("/srv/epistle/shared/server.key"), new SettingsLoader(
                Map.of("EPISTLE_SERVER_KEY_FILE", "/srv/epistle/shared/server.key")).load().settings().server().keyFile());
        var e = assertThrows(SettingsException.class,
                () -> new SettingsLoader(Map.of("EPISTLE_SERVER_KEY_FILE", " ")).load());
        assertTrue(e.getMessage().contains("server.key-file"), e.getMessage());
    }

    @Test void the_readme_documents_every_setting_with_its_default() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        SettingsLoader.defaults().forEach((key, value) -> {
            String row = "| `" + key + "` | `" + SettingsLoader.envName(key) + "` | "
                    + (value.isEmpty() ? "*(empty)*" : "`" + value + "`") + " |";
            assertTrue(readme.contains(row), "README.md lacks the row starting " + row);
        });
    }

    @Test void the_example_file_lists_every_setting_with_its_default() {
        Path example = Path.of("epistle.properties.example");
        var loaded = new SettingsLoader(Map.of()).load(example);

        assertEquals(List.of(), loaded.warnings());
        assertEquals(Settings.defaults(), loaded.settings());
        var properties = new java.util.Properties();
        try (var reader = Files.newBufferedReader(example)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertEquals(SettingsLoader.defaults().keySet(), properties.stringPropertyNames());
    }
}
