package org.epistle.web.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's peak resident memory as the kernel counts it (VmHWM in /proc/self/status), for the benches to print. */
public final class PeakMemory {
    private PeakMemory() {
    }

    /** Megabytes, or -1 where /proc is not there (not Linux). */
    public static long megabytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** "412 MB (heap limit 256 MB)", or why it is unknown. */
    public static String describe() {
        long mb = megabytes();
        long heap = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        return (mb < 0 ? "unknown (no /proc/self/status)" : mb + " MB") + " (heap limit " + heap + " MB)";
    }
}
