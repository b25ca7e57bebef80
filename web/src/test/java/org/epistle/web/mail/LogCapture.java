package org.epistle.web.mail;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the server logs while it is open, copied from standard error (where slf4j-simple writes, looking the
 * stream up at every line) and still shown there.
 */
final class LogCapture implements AutoCloseable {
    private final PrintStream original = System.err;
    private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

    LogCapture() {
        OutputStream both = new OutputStream() {
            @Override public void write(int b) {
                original.write(b);
                synchronized (copy) {
                    copy.write(b);
                }
            }

            @Override public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                synchronized (copy) {
                    copy.write(b, off, len);
                }
            }
        };
        System.setErr(new PrintStream(both, true, StandardCharsets.UTF_8));
    }

    List<String> lines() {
        synchronized (copy) {
            return copy.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Override
    public void close() {
        System.setErr(original);
    }
}
