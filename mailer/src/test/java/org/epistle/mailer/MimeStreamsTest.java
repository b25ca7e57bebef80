package org.epistle.mailer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.mail.util.StreamProvider;
import java.util.ServiceLoader;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.Test;

class MimeStreamsTest {

    @Test
    void the_pinned_provider_is_the_one_the_service_lookup_finds() {
        // pinning must not change which provider Jakarta Mail uses, only how it finds it
        StreamProvider found = ServiceLoader.load(StreamProvider.class).findFirst().orElseThrow();
        assertEquals(MimeStreams.ANGUS, found.getClass().getName());
    }

    @Test
    void given_a_composer_then_jakarta_mail_makes_its_provider_by_name() {
        new MailComposer(new Templates());
        assertEquals(MimeStreams.ANGUS, System.getProperty(MimeStreams.PROPERTY));
        assertEquals(MimeStreams.ANGUS, StreamProvider.provider().getClass().getName());
    }
}
