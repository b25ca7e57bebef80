package org.epistle.web.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code epistle serve} as a process of its own, started with this JVM's class path and EPISTLE_ settings only, for
 * benches that kill it. Its output is read on two threads; the lines worth counting later (warnings, errors, the
 * ready line) are kept, the rest, one line or more per mail, only read.
 */
final class EpistleProcess implements AutoCloseable {
    static final String READY = "Epistle is serving on http://";
    private static final Pattern PORT = Pattern.compile("http://[^:/]+:(\\d+)/");

    /**
     * Where every line of every child goes as well, when the system property {@value #LOG_PROPERTY} names a file: a
     * slow wait in a long run can then be read afterwards in Epistle's own words. Unset, the lines are only read.
     */
    static final String LOG_PROPERTY = "epistle.bench.child-log";
    private static PrintWriter log;                       // guarded by EpistleProcess.class

    private final Process process;
    private final List<String> kept = new ArrayList<>();   // guarded by this
    private int webPort = -1;                             // guarded by this
    private int openStreams = 2;                          // guarded by this
    private long linesRead;                               // guarded by this

    private EpistleProcess(Process process) {
        this.process = process;
        drain(process.getInputStream());
        drain(process.getErrorStream());
    }

    /** Starts {@code serve --port 0} in {@code workDir} and waits until it serves. */
    static EpistleProcess start(Path workDir, Map<String, String> env, Duration ready) {
        return start(workDir, env, ready, List.of());
    }

    /** {@link #start(Path, Map, Duration)} with further JVM options (a class archive to write or to use). */
    static EpistleProcess start(Path workDir, Map<String, String> env, Duration ready, List<String> jvmOptions) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xmx384m",
                "-XX:TieredStopAtLevel=1")); // starts sooner; this bench is about what survives, not speed
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath(), "org.epistle.web.Main", "serve", "--port", "0"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("EPISTLE_"));
        builder.environment().putAll(env);
        EpistleProcess p;
        try {
            p = new EpistleProcess(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        try {
            p.awaitReady(ready);
        } catch (RuntimeException e) {
            p.kill();
            throw e;
        }
        return p;
    }

    /** This JVM's class path, absolute: the child runs the same build. */
    static String classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(s -> Path.of(s).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Whether the JVM can archive this class path's classes: from jars only (a test's class path has directories). */
    static boolean isArchivable() {
        return Arrays.stream(classPath().split(File.pathSeparator)).allMatch(p -> p.endsWith(".jar"));
    }

    private static synchronized void keep(String line) {
        String file = System.getProperty(LOG_PROPERTY);
        if (file == null) return;
        if (log == null) {
            try {
                log = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND), true);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the children's log " + file, e);
            }
        }
        log.println(line);
    }

    private void drain(InputStream in) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    boolean worth = line.contains(READY) || line.contains(" WARN ") || line.contains(" ERROR ")
                            || line.contains("Exception") || line.contains("died");
                    keep(line);
                    synchronized (this) {
                        linesRead++;
                        notifyAll();
                        if (!worth) continue;
                        if (kept.size() < 20_000) kept.add(line);
                        Matcher m = PORT.matcher(line);
                        if (line.contains(READY) && m.find()) webPort = Integer.parseInt(m.group(1));
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process is gone
            } finally {
                synchronized (this) {
                    openStreams--;
                    notifyAll();
                }
            }
        }, "epistle-child-output");
        t.setDaemon(true);
        t.start();
    }

    private synchronized void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (webPort < 0) {
            long left = deadline - System.nanoTime();
            if (openStreams == 0 || left <= 0) {
                throw new IllegalStateException("Epistle did not start within " + timeout + "; it printed:\n"
                        + String.join("\n", kept.subList(Math.max(0, kept.size() - 40), kept.size())));
            }
            try {
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** How many lines the process has printed so far. */
    synchronized long linesRead() {
        return linesRead;
    }

    /**
     * Waits until the process prints a line after the first {@code seen}, or ends, or {@code timeout} passes; true
     * when it printed one. Epistle logs each mail it reads or sends, so a watcher of its work can wait on this.
     */
    synchronized boolean awaitOutput(long seen, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (linesRead <= seen && openStreams > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return linesRead > seen;
    }

    synchronized int webPort() {
        return webPort;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** How many kept lines contain the text. */
    synchronized long count(String text) {
        return kept.stream().filter(l -> l.contains(text)).count();
    }

    /** The last {@code n} kept lines (warnings, errors, the ready line). */
    synchronized List<String> lastLines(int n) {
        return List.copyOf(kept.subList(Math.max(0, kept.size() - n), kept.size()));
    }

    /** The exit code, or "none" while the process runs. */
    String exitValue() {
        return process.isAlive() ? "none" : String.valueOf(process.exitValue());
    }

    /** The kept lines that contain the text. */
    synchronized List<String> lines(String text) {
        return kept.stream().filter(l -> l.contains(text)).toList();
    }

    /** SIGKILL: no shutdown hook, nothing flushed. */
    void kill() {
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(30));
    }

    /** SIGTERM, an orderly stop; SIGKILL if it has not ended within the timeout. Returns whether it ended by itself. */
    boolean stop(Duration timeout) {
        process.toHandle().destroy();
        if (awaitExit(timeout)) return true;
        kill();
        return false;
    }

    private boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return false;
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) kill();
    }
}
