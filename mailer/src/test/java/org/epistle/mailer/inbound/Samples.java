package org.epistle.mailer.inbound;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;

/** The sample messages in {@code src/test/resources/inbound}, with the CR LF line ends they have on the wire. */
final class Samples {

    private Samples() {}

    /** The sample's bytes with every bare LF turned into CR LF. */
    static byte[] raw(String name) {
        return crlf(lf(name));
    }

    /** The sample's bytes as stored in the repository (LF line ends). */
    static byte[] lf(String name) {
        try (InputStream in = Samples.class.getResourceAsStream("/inbound/" + name)) {
            if (in == null) throw new IllegalArgumentException("no sample " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] crlf(String text) {
        return crlf(text.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] crlf(byte[] bytes) {
        var out = new ByteArrayOutputStream(bytes.length + bytes.length / 40);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && (i == 0 || bytes[i - 1] != '\r')) out.write('\r');
            out.write(bytes[i]);
        }
        return out.toByteArray();
    }

    /** A reply of about {@code attachmentBytes} plus a base64 attachment of that many random bytes. */
    static byte[] withAttachment(String messageId, int attachmentBytes) {
        byte[] photo = new byte[attachmentBytes];
        new Random(42).nextBytes(photo);
        String base64 = Base64.getMimeEncoder(76, "\r\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(photo);
        String head = """
                From: Anna Schmidt <anna.schmidt@gmail.com>
                To: moves+12.k3j9x@epistle.test
                Subject: Re: [Epistle] Game 12 with a photo
                Message-ID: %s
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary="0000000000001c2d3e061a2b3c4f"

                --0000000000001c2d3e061a2b3c4f
                Content-Type: text/plain; charset="UTF-8"

                Nxe5

                --0000000000001c2d3e061a2b3c4f
                Content-Type: image/jpeg; name="board.jpg"
                Content-Disposition: attachment; filename="board.jpg"
                Content-Transfer-Encoding: base64
                Content-ID: <f_lx0abc1>

                """.formatted(messageId);
        String tail = "\r\n--0000000000001c2d3e061a2b3c4f--\r\n";
        var out = new ByteArrayOutputStream(attachmentBytes * 4 / 3 + 4096);
        out.writeBytes(crlf(head));
        out.writeBytes(base64.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(tail.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
