package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class MailboxSettingsTest {

    private final MailboxSettings defaults = MailboxSettings.of("imap.example.org", 993, "moves", "s3cret", true);

    @Test void defaults() {
        assertEquals("INBOX", defaults.folder());
        assertEquals(Optional.of("Processed"), defaults.processedFolder());
        assertTrue(defaults.idle());
        assertEquals(Duration.ofMinutes(1), defaults.pollInterval());
        assertEquals(5, defaults.maxAttempts());
    }

    @Test void after_an_outage_of_any_length_the_reader_tries_the_server_again_at_least_every_ten_seconds() {
        assertEquals(Duration.ofSeconds(1), defaults.initialBackoff());
        assertEquals(Duration.ofSeconds(10), defaults.maxBackoff());
    }

    @Test void the_password_is_not_in_the_log() {
        assertFalse(defaults.toString().contains("s3cret"), defaults.toString());
        assertTrue(defaults.toString().contains("imaps://moves@imap.example.org:993/INBOX"), defaults.toString());
    }

    @Test void nonsense_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> defaults.withPollInterval(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> defaults.withMaxAttempts(0));
        assertThrows(IllegalArgumentException.class, () -> MailboxSettings.of("h", 0, "u", "p", false));
    }
}
