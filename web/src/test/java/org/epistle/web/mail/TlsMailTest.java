package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.epistle.mailer.TrustedCertificates;
import org.epistle.mailer.outbound.SmtpSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that speaks only TLS is configuration: the server reads its mailbox over IMAPS and sends over SMTPS
 * (Greenmail, with a certificate for 127.0.0.1 trusted through {@code mail.trusted-certificates}), and a game is
 * played through it. Greenmail 2.1.3 has no STARTTLS, so that mode is not exercised against a server here.
 */
class TlsMailTest {
    @TempDir
    Path dir;
    MailWorld world;

    @BeforeEach
    void start() {
        world = MailWorld.startWithTls(dir, Map.of());
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void a_turn_by_mail_goes_through_a_server_read_over_imaps_and_sending_over_smtps() throws Exception {
        Player alice = world.player("Alice", "alice@example.com");
        Player bob = world.player("Bob", "bob@example.com");
        var mail = new SettingsLoader(world.environment()).load().settings().mail();
        assertTrue(mail.tls(), "the server is configured for TLS only: " + mail);
        assertTrue(mail.smtpPort() != world.smtpPort() && mail.imapPort() != world.imapPort(),
                "the server knows only the TLS ports: " + mail);

        long game = world.installation().games().create(new NewGame("chess", "fabulous-fides", "fabulous-fides",
                new Contact(alice.name(), alice.email()), new Contact(bob.name(), bob.email()))).gameId();
        MimeMessage opening = alice.awaitMail("your move, turn 1", 1); // sent over SMTPS
        alice.reply(opening, "e4");                                          // read over IMAPS
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);
        assertTrue(Player.text(forBob).contains("e4"), Player.text(forBob));
        assertEquals(1, world.installation().games().view(game).turns().size());
    }

    @Test
    void the_test_certificate_is_trusted_only_when_the_setting_names_it() throws Exception {
        var mail = new SettingsLoader(world.environment()).load().settings().mail();
        var trusted = TrustedCertificates.fromPem(mail.trustedCertificates().orElseThrow());
        var jdkTrust = new SmtpSettings("127.0.0.1", mail.smtpPort(), SmtpSettings.Tls.IMPLICIT, null, null,
                Duration.ofSeconds(5));

        try (var transport = jdkTrust.withTrusted(Optional.of(trusted)).session().getTransport()) {
            transport.connect();
            assertTrue(transport.isConnected());
        }
        var refused = assertThrows(MessagingException.class, () -> {
            try (var transport = jdkTrust.session().getTransport()) {
                transport.connect();
            }
        });
        assertInstanceOf(SSLHandshakeException.class, refused.getCause(), refused.toString());
    }

    @Test
    void a_file_without_a_certificate_is_refused_by_name() throws Exception {
        Path notPem = java.nio.file.Files.writeString(dir.resolve("notes.pem"), "not a certificate\n");
        var e = assertThrows(IllegalArgumentException.class, () -> TrustedCertificates.fromPem(notPem));
        assertTrue(e.getMessage().contains(notPem.toString()), e.getMessage());
    }
}
