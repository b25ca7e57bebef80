package org.epistle.core.games;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who holds an outbox lease ({@code outbox.held_by}), written so that a later start on the same machine can tell
 * whether the holder is still alive: {@code pid@host/start/place/instance}.
 *
 * <ul>
 *   <li>{@code pid@host}: the JVM's own name for itself (its RuntimeMXBean name), as before;
 *   <li>{@code start}: when that process started, in epoch milliseconds, as the operating system tells it. A pid
 *       is handed out again after its process ended; a process found under the pid with another start time is
 *       another process, so the holder is dead;
 *   <li>{@code place}: eight hex digits of a digest of the machine's boot id and the process's pid namespace. A pid
 *       means something only in its namespace on one running kernel: two containers on one kernel have the same
 *       boot id but their own pid namespaces, and two machines (or virtual machines) named alike have the same
 *       namespace number for their first namespace but different boot ids. Only a holder of this very place is
 *       looked up among this machine's processes;
 *   <li>{@code instance}: eight hex digits of a random number, so two senders in one process hold apart.
 * </ul>
 *
 * Where the boot id or the namespace cannot be read (not Linux), the place is {@code -}, and such a holder is never
 * judged dead: its leases run out at their time, as before. Leases written before this format (no start, no place)
 * are never judged dead either.
 */
record LeaseHolder(long pid, String host, long startMillis, String place, String instance) {
    /** The column's width ({@code VARCHAR(100)}, V20). */
    static final int MAX_LENGTH = 100;
    /** The place of a process whose machine and namespace could not be read. */
    static final String NOWHERE = "-";
    private static final Pattern FORMAT =
            Pattern.compile("(\\d+)@(.+)/(\\d+)/([0-9a-f]{8}|-)/([0-9a-f]{8})");

    /** This process, with a new instance number. */
    static LeaseHolder ofThisProcess() {
        String name = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();   // "pid@host"
        int at = name.indexOf('@');
        long pid = ProcessHandle.current().pid();
        String host = at >= 0 ? name.substring(at + 1) : "unknown";
        long start = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        return new LeaseHolder(pid, host, start, thisPlace(), UUID.randomUUID().toString().substring(0, 8));
    }

    /** The holder written in {@code held_by}, if it is of this format. */
    static Optional<LeaseHolder> parse(String heldBy) {
        Matcher m = heldBy == null ? null : FORMAT.matcher(heldBy);
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new LeaseHolder(Long.parseLong(m.group(1)), m.group(2), Long.parseLong(m.group(3)),
                    m.group(4), m.group(5)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** As written in {@code held_by}; a host name so long that the whole would not fit is cut from its end. */
    String written() {
        String tail = "/" + startMillis + "/" + place + "/" + instance;
        String head = pid + "@";
        int room = MAX_LENGTH - head.length() - tail.length();
        return head + (host.length() > room ? host.substring(0, Math.max(0, room)) : host) + tail;
    }

    /**
     * Whether this holder is a process of {@code here}'s machine and pid namespace that has ended: no process has its
     * pid now, or the process that has it started at another time. Never for a holder of another place, or of no
     * known place or start: that one's leases run out at their time.
     */
    boolean hasEndedSeenFrom(LeaseHolder here) {
        if (place.equals(NOWHERE) || !place.equals(here.place) || !host.equals(here.host) || startMillis == 0) {
            return false;
        }
        if (pid == here.pid) {
            return startMillis != here.startMillis;        // this process's pid, held by one before it
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        // a live process under that pid is the holder only if it started when the holder did; one whose start the
        // system does not tell is taken for the holder
        return process.get().info().startInstant().map(s -> s.toEpochMilli() != startMillis).orElse(false);
    }

    /** The boot id and the pid namespace of this process, as a short digest; {@link #NOWHERE} where unreadable. */
    private static String thisPlace() {
        try {
            String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.US_ASCII).strip();
            String namespace = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
            if (boot.isEmpty() || namespace.isEmpty()) {
                return NOWHERE;
            }
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((boot + " " + namespace).getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException | NoSuchAlgorithmException e) {
            return NOWHERE;
        }
    }
}
