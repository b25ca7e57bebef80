package org.epistle.web.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.move.Perft;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.web.bench.MailBench;
import org.epistle.web.bench.PhysicsTurnBench;
import org.epistle.web.bench.PeakMemory;
import org.epistle.web.bench.TurnSearchBench;
import org.epistle.web.bench.WebBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Benchmarks that print figures; targets are judged by a person, not asserted in tests. */
@Command(name = "bench", description = {"Run a benchmark and print its figures. Suites: engine, mail, web, clock, tournament, scale, faults.",
        "engine: perft from the start position, then the time to judge demanding turns (Momentum Chess) and one "
                + "turn of each of the other physics variants, then the end-of-game searches of every family that has one "
                + "(1000 seeded random positions each plus the documented games, before and after), and the peak RSS. "
                + "Without a heap limit it runs in a JVM of its own with -Xmx256m -XX:+UseSerialGC.",
        "mail: a move mail sent over SMTP until both players can read the notification over IMAP, against an "
                + "in-process server with the embedded mail server on 127.0.0.1, beside the round trip of a plain message.",
        "web: requests per second and p99 of the game page and of a move sent with the move form, beside a bare "
                + "Javalin endpoint, all in this process on 127.0.0.1.",
        "clock: the scheduler's scan for due reminders and timeouts among many active games (default 100000) in an H2 "
                + "file database, p50/p99 after a warm-up as long as the measured time, and the load average.",
        "tournament: the p50 and p99 of a 20-player double round robin's crosstable page over HTTP on 127.0.0.1.",
        "scale: writes many games and turns (default 1000000 and 20 each) straight into H2 in a temporary directory, or "
                + "into the database EPISTLE_DB_URL or --config names (it must hold no games), starts the server on it as a "
                + "process of its own, then prints its start-up time and RSS, the p50/p99 of the game page, the front page, "
                + "the admin's list and a player's desk, a move's latency and the due-jobs scan, and a summary line.",
        "faults: games played by mail and web against `serve` in a child process while it is killed, SMTP and IMAP go "
                + "down, the disk fills, submissions conflict and hostile mail floods in; checks after each and a summary line."})
final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SUITE", description = "engine, mail, web, clock, tournament, scale or faults")
    String suite;

    @Option(names = "--depth", defaultValue = "6", description = "engine: perft depth for the start position (default ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--search-positions", defaultValue = "1000", description = "engine: random positions per family for the end-of-game searches (default ${DEFAULT-VALUE}).")
    int searchPositions;

    @Option(names = "--games", description = {"mail: games in flight at once, also the raw senders at once (default 20).",
            "clock: active games in the database (default 100000).",
            "scale: games written (default 1000000).",
            "faults: games in flight at once (default 8)."})
    Integer games;

    @Option(names = "--moves", defaultValue = "8", description = "mail: moves per side in each game in flight, 1 to 16 (default ${DEFAULT-VALUE}).")
    int moves;

    @Option(names = "--sequential", defaultValue = "100", description = "mail: moves played one at a time (default ${DEFAULT-VALUE}).")
    int sequential;

    @Option(names = "--raw", defaultValue = "500", description = "mail: plain messages in each raw round-trip phase (default ${DEFAULT-VALUE}).")
    int raw;

    @Option(names = "--seconds", description = {"mail: time cap for the measured phases; a phase stops starting round trips after it (default 90).",
            "web: measured time of each of the three phases, after a warm-up of a quarter of --max-requests (default 10).",
            "clock: measured time of each scan, after a warm-up as long (default 10)."})
    Integer seconds;

    @Option(names = "--concurrency", defaultValue = "4", description = "web: workers sending requests at once (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--max-requests", defaultValue = "20000", description = "web: most requests measured in each phase (default ${DEFAULT-VALUE}).")
    int maxRequests;

    @Override
    public void run() {
        switch (suite) {
            case "engine" -> engine();
            case "mail" -> mail();
            case "web" -> web();
            case "clock" -> clock();
            case "tournament" -> tournament();
            case "scale" -> scale();
            case "faults" -> faults();
            default -> throw new UserInputException("unknown benchmark suite '" + suite + "'; known: engine, mail, web, clock, tournament, scale, faults");
        }
    }

    private void mail() {
        MailBench.Options options;
        try {
            options = new MailBench.Options(games == null ? 20 : games, moves, seconds == null ? 90 : seconds, raw, sequential);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        try {
            MailBench.run(options, spec.commandLine().getOut());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench mail failed: " + e, e);
        }
    }

    private void web() {
        WebBench.Options options;
        try {
            options = new WebBench.Options(seconds == null ? 10 : seconds, concurrency, maxRequests);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        try {
            WebBench.run(options, spec.commandLine().getOut());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench web failed: " + e, e);
        }
    }

    private void clock() {
        org.epistle.web.bench.ClockBench.Options options;
        try {
            options = new org.epistle.web.bench.ClockBench.Options(games == null ? 100_000 : games, seconds == null ? 10 : seconds);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        try {
            org.epistle.web.bench.ClockBench.run(options, spec.commandLine().getOut());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench clock failed: " + e, e);
        }
    }

    @Option(names = "--players", defaultValue = "20", description = "tournament: players in the double round robin, 3 to 20 (default ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--requests", defaultValue = "1000", description = "tournament: page views timed (default ${DEFAULT-VALUE}).")
    int requests;

    private void tournament() {
        if (players < 3 || players > 20 || requests < 1) {
            throw new UserInputException("--players must be 3 to 20 and --requests at least 1");
        }
        try {
            org.epistle.web.bench.TournamentBench.run(players, requests, spec.commandLine().getOut());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench tournament failed: " + e, e);
        }
    }

    @Option(names = "--turns", defaultValue = "20", description = "scale: turns of each game, 0 to 20 (default ${DEFAULT-VALUE}).")
    int turns;

    @Option(names = "--scale-players", defaultValue = "10000", description = "scale: players the games are shared among (default ${DEFAULT-VALUE}).")
    int scalePlayers;

    @Option(names = "--active-percent", defaultValue = "10", description = "scale: games still being played, in percent (default ${DEFAULT-VALUE}).")
    int activePercent;

    @Option(names = "--page-requests", defaultValue = "500", description = "scale: requests timed for each page, and moves (default ${DEFAULT-VALUE}).")
    int pageRequests;

    @Option(names = "--server-java-options", description = "scale: the server's JVM options, space-separated (default: the "
            + "heap limit and collector README recommends, -Xmx256m -XX:+UseSerialGC; \"\" for the JVM's own defaults).")
    String serverJavaOptions;

    @Option(names = "--config", paramLabel = "FILE", description = "scale: a settings file whose db.* names the database to fill.")
    java.nio.file.Path config;

    @Option(names = "--keep", paramLabel = "DIR", description = "scale: keep the filled database (H2's file unless one is named) "
            + "and the admin secret in DIR; a later run with the same sizes and DIR measures it again without writing.")
    java.nio.file.Path keep;

    private void scale() {
        org.epistle.web.bench.ScaleBench.Options options;
        try {
            // a database named by the settings (file or EPISTLE_DB_URL), or else H2 in a temporary directory
            org.epistle.config.SettingsLoader loader = new org.epistle.config.SettingsLoader(System.getenv());
            org.epistle.config.Settings.Db db = (config == null ? loader.load() : loader.load(config)).settings().db();
            boolean named = config != null || System.getenv(org.epistle.config.SettingsLoader.envName("db.url")) != null;
            options = new org.epistle.web.bench.ScaleBench.Options(games == null ? 1_000_000 : games, turns, scalePlayers,
                    activePercent, pageRequests, named ? new org.epistle.web.bench.ScaleBench.Target(db.url(), db.user(), db.password()) : null,
                    serverJavaOptions == null ? org.epistle.web.bench.ScaleBench.Options.RECOMMENDED_JAVA
                            : java.util.Arrays.stream(serverJavaOptions.trim().split("\\s+")).filter(o -> !o.isEmpty()).toList(),
                    keep);
        } catch (IllegalArgumentException | org.epistle.config.SettingsException e) {
            throw new UserInputException(e.getMessage());
        }
        try {
            org.epistle.web.bench.ScaleBench.run(options, spec.commandLine().getOut());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench scale failed: " + e, e);
        }
    }

    @Option(names = "--kills", defaultValue = "20", description = "faults: kill -9 of Epistle under load (default ${DEFAULT-VALUE}).")
    int kills;

    @Option(names = "--outage-seconds", defaultValue = "60", description = "faults: how long SMTP, then IMAP, is down (default ${DEFAULT-VALUE}).")
    int outageSeconds;

    @Option(names = "--conflicts", defaultValue = "1000", description = "faults: conflicting submissions by web and mail, ten at once per game (default ${DEFAULT-VALUE}).")
    int conflicts;

    @Option(names = "--hostile", defaultValue = "10000", description = "faults: generated hostile mails (default ${DEFAULT-VALUE}).")
    int hostile;

    @Option(names = "--seed", defaultValue = "15", description = "faults: seed of the hostile mail and of the pauses between kills (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--confirm-seconds", defaultValue = "600", description = "faults: how long a player waits for the mail that confirms a move, and the bench for Epistle to be quiet after a scenario (default ${DEFAULT-VALUE}).")
    int confirmSeconds;

    @Option(names = "--postgres", paramLabel = "JDBC-URL", description = "faults: run Epistle on this empty PostgreSQL database (user and password in the URL) instead of H2, and drop its connections under load.")
    String postgres;

    @Option(names = "--drops", defaultValue = "20", description = "faults, with --postgres: how often all of Epistle's database connections are terminated (default ${DEFAULT-VALUE}).")
    int drops;

    private void faults() {
        org.epistle.web.bench.FaultsBench.Options options;
        try {
            options = new org.epistle.web.bench.FaultsBench.Options(games == null ? 8 : games, kills, outageSeconds, conflicts,
                    hostile, seed, confirmSeconds, postgres, drops);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        try {
            org.epistle.web.bench.FaultsBench.run(options, spec.commandLine().getOut());
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("--")) throw new UserInputException(e.getMessage());
            throw e;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench faults failed: " + e, e);
        }
    }

    /**
     * The JVM sizes its heap from the machine (a quarter of its memory) and G1 grows into it under the
     * engine bench's rate of short-lived garbage: 1.2 GB resident on a 24 GB machine, for a live set of
     * a few tens of MB. Started without a heap limit, the bench therefore runs itself in a child JVM
     * with the limit and collector README recommends for the server, and passes its output through.
     */
    static final long ENGINE_HEAP_LIMIT_MB = 512;
    static final List<String> ENGINE_JAVA_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC");

    private void engine() {
        if (Runtime.getRuntime().maxMemory() > ENGINE_HEAP_LIMIT_MB * 1024 * 1024) {
            engineInAChildJvm();
            return;
        }
        engineHere();
    }

    private void engineInAChildJvm() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> command = new ArrayList<>();
        command.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ENGINE_JAVA_OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), org.epistle.web.Main.class.getName()));
        command.addAll(spec.commandLine().getParseResult().originalArgs());
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    out.println(line);
                    out.flush();
                }
            }
            int code = child.waitFor();
            if (code != 0) {
                throw new IllegalStateException("bench engine in its own JVM (" + String.join(" ", ENGINE_JAVA_OPTIONS)
                        + ") exited with " + code);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot start bench engine in a JVM of its own: " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while bench engine ran", e);
        }
    }

    private void engineHere() {
        PrintWriter out = spec.commandLine().getOut();
        Ruleset fide = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Ruleset armies = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.REMARKABLE_ROOKIES);
        // warm the JIT up so the figures measure steady state
        for (int i = 0; i < 3; i++) {
            new Perft(Position.start(fide).workboard(), true).count(Math.min(depth, 5) - 1);
        }
        // the thread's CPU time beside the wall clock: a busy machine stretches the one and hardly the other
        out.printf("%-48s %14s %9s %12s %9s %12s%n", "perft", "nodes", "seconds", "nodes/s", "cpu s", "nodes/cpu s");
        measure(out, "start position, depth " + depth + ", last ply by generation", fide, depth, true);
        measure(out, "start position, depth " + depth + ", every leaf made", fide, depth, false);
        measure(out, "nutty-knights v remarkable-rookies, depth " + (depth - 1), armies, depth - 1, true);
        out.println();
        org.epistle.web.bench.TurnBench.run(out, 2000);
        out.println();
        PhysicsTurnBench.print(PhysicsTurnBench.run(PhysicsTurnBench.physicsVariants(), 40, 60, 7L), out); // target p99 < 1 ms
        out.println();
        org.epistle.web.bench.RealmBench.print(org.epistle.web.bench.RealmBench.run(20, 60, 7L), out); // judging: p99 well under 1 ms
        out.println();
        org.epistle.web.bench.QuestBench.print(org.epistle.web.bench.QuestBench.run(30, 80, 7L), out);
        out.println();
        TurnSearchBench.run(searchPositions, 7L, out);
        out.println();
        out.printf("peak resident memory (VmHWM): %s%n", PeakMemory.describe());
        out.flush();
    }

    private static void measure(PrintWriter out, String label, Ruleset rules, int depth, boolean bulk) {
        Position start = Position.start(rules);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long nodes = new Perft(start.workboard(), bulk).count(depth);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        out.printf("%-48s %14d %9.2f %12.0f %9.2f %12.0f%n", label, nodes, seconds, nodes / seconds, cpu, nodes / cpu);
        out.flush();
    }
}
