package org.epistle.mailer.inbound;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Sends bytes over real SMTP exactly as given (only dot-stuffed), which Jakarta Mail's Transport would not
 * do for a broken message: it re-parses and rewrites headers. Enough SMTP for Greenmail, nothing more.
 */
final class RawSmtp {

    private RawSmtp() {}

    static void send(int port, String envelopeFrom, String recipient, byte[] raw) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            var in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = socket.getOutputStream();
            expect(in, 220);
            command(out, in, "EHLO client.test", 250);
            command(out, in, "MAIL FROM:<" + envelopeFrom + ">", 250);
            command(out, in, "RCPT TO:<" + recipient + ">", 250);
            command(out, in, "DATA", 354);
            out.write(dotStuffed(raw));
            out.write(".\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            expect(in, 250);
            command(out, in, "QUIT", 221);
        }
    }

    private static void command(OutputStream out, BufferedReader in, String line, int code) throws IOException {
        out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        expect(in, code);
    }

    private static void expect(BufferedReader in, int code) throws IOException {
        String line;
        do {
            line = in.readLine();
            if (line == null) throw new IOException("connection closed, expected " + code);
        } while (line.length() > 3 && line.charAt(3) == '-');
        if (!line.startsWith(Integer.toString(code))) throw new IOException("expected " + code + ", got: " + line);
    }

    /** CR LF line ends throughout, a leading dot doubled, and a final CR LF. */
    private static byte[] dotStuffed(byte[] raw) {
        byte[] crlf = Samples.crlf(raw);
        var out = new ByteArrayOutputStream(crlf.length + 64);
        boolean lineStart = true;
        for (byte b : crlf) {
            if (lineStart && b == '.') out.write('.');
            out.write(b);
            lineStart = b == '\n';
        }
        if (!lineStart) out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
