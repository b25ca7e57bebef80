package org.epistle.web.crash;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.epistle.mailer.PausePoint;

/**
 * The real server as a separate operating-system process: {@code java -cp <this JVM's class path>
 * org.epistle.web.Main serve}, in its own working directory (where it keeps {@code data/server.key}),
 * configured by EPISTLE_ environment variables only. Its standard output and error are drained on
 * threads into one console that a test can wait on.
 *
 * <p>{@link #kill()} is {@code destroyForcibly()}, SIGKILL on Unix: no shutdown hook runs, nothing is
 * flushed or closed, exactly as when the machine loses power under the process. {@link #stop()} is
 * SIGTERM, an orderly stop. No child outlives its test: {@link #close()} kills a child still alive,
 * and a JVM shutdown hook kills any left over if the test JVM ends first.
 */
final class ServerProcess implements AutoCloseable {
    /** The line the server prints on standard output when it is ready. */
    static final String READY = "Epistle is serving on http://";

    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly),
                "epistle-test-children-killer"));
    }

    private record Line(String stream, String text) {
        @Override public String toString() {
            return stream + "| " + text;
        }
    }

    private final Process process;
    private final Object lock = new Object();
    private final List<Line> lines = new ArrayList<>();   // guarded by lock
    private int openStreams = 2;                           // guarded by lock
    private final List<Thread> drains = new ArrayList<>();

    private ServerProcess(Process process) {
        this.process = process;
        drains.add(drain(process.getInputStream(), "out"));
        drains.add(drain(process.getErrorStream(), "err"));
    }

    /**
     * Starts {@code Main serve --port 0} (the web on a free port) in {@code workDir} with the given EPISTLE_
     * settings (any EPISTLE_ variable of this JVM's environment is removed first), and waits for it to be
     * ready unless it is meant to pause before that.
     *
     * @param pauseAt a {@link PausePoint} to stop at, or empty
     */
    static ServerProcess start(Path workDir, Map<String, String> env, Optional<String> pauseAt) {
        return start(workDir, env, pauseAt, Duration.ofSeconds(60));
    }

    /** As {@link #start(Path, Map, Optional)}, waiting up to {@code ready} for the server to be ready. */
    static ServerProcess start(Path workDir, Map<String, String> env, Optional<String> pauseAt, Duration ready) {
        List<String> command = List.of(javaExecutable(), "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m",
                "-cp", classPath(), "org.epistle.web.Main", "serve", "--port", "0");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("EPISTLE_"));
        builder.environment().putAll(env);
        pauseAt.ifPresent(p -> builder.environment().put(PausePoint.VARIABLE, p));
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        LIVE.add(p);
        ServerProcess server = new ServerProcess(p);
        if (pauseAt.isEmpty()) {
            try {
                server.awaitLine(READY, ready);
            } catch (AssertionError e) {
                String threads = server.threadDump();           // where it hangs, before it is gone
                server.close();                                // no test will hold it: do not leave it running
                throw new AssertionError(e.getMessage() + "\nits threads:\n" + threads, e);
            }
        }
        return server;
    }

    /**
     * This JVM's class path with every entry made absolute, since the child runs in another directory.
     * Under Surefire it is usually a single manifest-only booter jar whose {@code Class-Path} manifest
     * entry names the test classes, the main classes and every dependency; {@code java -cp} honours that
     * manifest entry, so the child sees the same classes.
     */
    static String classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank())
                .map(s -> Path.of(s).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private Thread drain(InputStream in, String stream) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String s; (s = r.readLine()) != null; ) {
                    synchronized (lock) {
                        lines.add(new Line(stream, s));
                        lock.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process is gone; what was read is kept
            } finally {
                synchronized (lock) {
                    openStreams--;
                    lock.notifyAll();
                }
            }
        }, "epistle-child-" + stream + "-" + process.pid());
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits until a line of standard output or error contains {@code text}, and returns it.
     *
     * @throws AssertionError after the timeout, or at once when the process has ended without printing it
     */
    String awaitLine(String text, Duration timeout) {
        return awaitLineWith(timeout, text);
    }

    /** Waits until a line of standard output or error contains every one of the texts, and returns it. */
    String awaitLineWith(Duration timeout, String... texts) {
        String text = String.join("\" and \"", texts);
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            int scanned = 0;
            while (true) {
                for (; scanned < lines.size(); scanned++) {
                    if (Arrays.stream(texts).allMatch(lines.get(scanned).text()::contains)) {
                        return lines.get(scanned).text();
                    }
                }
                if (openStreams == 0) {
                    throw new AssertionError("the server (pid " + process.pid() + ") ended"
                            + exitDescription() + " without printing \"" + text + "\"; its console:\n" + consoleLocked());
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the server (pid " + process.pid() + ") did not print \"" + text
                            + "\" within " + timeout + "; its console:\n" + consoleLocked());
                }
                try {
                    lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** How many lines printed so far contain every one of the texts. */
    long countLines(String... texts) {
        synchronized (lock) {
            return lines.stream().filter(l -> Arrays.stream(texts).allMatch(l.text()::contains)).count();
        }
    }

    /** Everything printed so far, each line marked with its stream. */
    String console() {
        synchronized (lock) {
            return consoleLocked();
        }
    }

    private String consoleLocked() {
        return lines.stream().map(Line::toString).collect(Collectors.joining("\n"));
    }

    private String exitDescription() {
        try {
            process.waitFor(5, TimeUnit.SECONDS);              // its streams are closed: it is ending
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? "" : " with exit code " + process.exitValue();
    }

    /** The child's threads as {@code jcmd <pid> Thread.print} shows them, or why they could not be had. */
    String threadDump() {
        if (!process.isAlive()) return "(the process has ended)";
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "Thread.print").redirectErrorStream(true).start();
            byte[] out = jcmd.getInputStream().readAllBytes();
            jcmd.waitFor(30, TimeUnit.SECONDS);
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL: the process ends at once, with no shutdown hook and nothing flushed. Returns the exit code. */
    int kill() {
        process.destroyForcibly();
        return awaitExit();
    }

    /**
     * SIGTERM: the server stops in order. Returns the exit code. Sent through the process handle, since
     * {@code Process.destroy()} also closes our ends of the child's output, and what it prints while stopping is lost.
     */
    int stop() {
        process.toHandle().destroy();
        return awaitExit();
    }

    private int awaitExit() {
        try {
            if (!process.waitFor(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                throw new AssertionError("the server (pid " + process.pid() + ") did not end within " + EXIT_TIMEOUT
                        + " and was killed; its console:\n" + console());
            }
            for (Thread t : drains) {
                t.join(5_000);                                 // everything it printed is in the console
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new AssertionError(e);
        } finally {
            if (!process.isAlive()) {
                LIVE.remove(process);
            }
        }
    }

    /** Kills the process if it is still running. */
    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
        LIVE.remove(process);
    }
}
