package org.epistle.web.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The bench's attachment to another JVM: either the count or the reason there is none, never both. */
class ServerAllocationTest {

    /** A JVM that says it is up and waits for its input to end: a server without Jetty's threads. */
    public static final class Waiting {
        public static void main(String[] args) throws Exception {
            System.out.println("ready");
            System.out.flush();
            while (System.in.read() >= 0) {
                // waits for the test to close its input
            }
        }
    }

    private static Process startWaiting() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Waiting.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("ready", lines.readLine(), "the child JVM started");
        return process;
    }

    @Test void given_a_running_jvm_when_the_bench_attaches_then_it_counts_and_gives_no_reason() throws Exception {
        Process process = startWaiting();
        try {
            ServerAllocation.Attachment attachment = ServerAllocation.attach(process.pid());
            assertTrue(attachment.whyNot().isEmpty(), () -> "attached, so no reason: " + attachment.whyNot());
            try (ServerAllocation heap = attachment.allocation().orElseThrow()) {
                assertEquals(0, heap.requestBytes(), "a JVM without Jetty's request threads has allocated none for them");
            }
        } finally {
            process.getOutputStream().close();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the child JVM ended once its input closed");
        }
    }

    @Test void given_a_jvm_that_has_ended_when_the_bench_attaches_then_it_says_why_and_has_no_count() throws Exception {
        Process process = startWaiting();
        process.getOutputStream().close();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the child JVM ended once its input closed");

        ServerAllocation.Attachment attachment = ServerAllocation.attach(process.pid());

        assertTrue(attachment.allocation().isEmpty(), "no count from a process that is gone");
        assertTrue(attachment.whyNot().filter(why -> !why.isBlank()).isPresent(), "the reason is given: " + attachment.whyNot());
    }
}
