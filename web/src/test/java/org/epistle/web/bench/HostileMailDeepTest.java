package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Every generated deep multipart is nested deeper than Epistle reads (12 levels, {@code BodyText}), most up to 80
 * levels, some up to 320 as before.
 */
class HostileMailDeepTest {
    private static final int EPISTLE_READS = 12;

    @Test
    void every_deep_multipart_is_nested_deeper_than_epistle_reads_and_some_hundreds_of_levels() throws Exception {
        Session session = Session.getInstance(new Properties());
        HostileMail generator = new HostileMail(15, "moves@epistle.localhost", List.of(), 1024);
        int deep = 0;
        int hundreds = 0;
        for (int i = 0; i < 3000; i++) {
            HostileMail.Mail mail = generator.next(List.of());
            if (mail.kind() != HostileMail.Kind.DEEP_MULTIPART) continue;
            deep++;
            int depth = depth(new MimeMessage(session, new ByteArrayInputStream(mail.raw())));
            assertTrue(depth > EPISTLE_READS && depth <= 321, "nested " + depth + " deep");
            if (depth > 100) hundreds++;
        }
        assertTrue(deep > 250, "deep multiparts among 3000 mails: " + deep);
        assertTrue(hundreds > 5 && hundreds < deep / 8, hundreds + " of " + deep + " nested over 100 levels");
    }

    /** The multiparts nested along each level's first part, the way the generator nests them. */
    private static int depth(Part part) throws Exception {
        int depth = 0;
        while (part.isMimeType("multipart/*")) {
            Multipart multipart = (Multipart) part.getContent();
            if (multipart.getCount() == 0) break;
            depth++;
            part = multipart.getBodyPart(0);
        }
        return depth;
    }
}
