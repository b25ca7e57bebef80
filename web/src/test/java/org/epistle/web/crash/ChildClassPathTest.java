package org.epistle.web.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash tests start the server as a child JVM with this JVM's class path. Under Surefire that JVM
 * was launched with a manifest-only booter jar ({@code surefire.real.class.path}) and {@code java.class.path}
 * is then rewritten to the full list; either must let a child in another directory load {@code Main}.
 */
class ChildClassPathTest {
    @TempDir
    Path dir;

    @Test
    void a_child_jvm_loads_main_from_the_class_path_of_the_tests() throws Exception {
        assertRunsMain(ServerProcess.classPath());
    }

    @Test
    void a_child_jvm_loads_main_from_surefires_manifest_only_booter_jar() throws Exception {
        String booter = System.getProperty("surefire.real.class.path");
        assumeTrue(booter != null, "not under Surefire, or Surefire without a manifest-only booter jar");
        assertTrue(booter.endsWith(".jar") && !booter.contains(File.pathSeparator), booter);
        String manifestClassPath;
        try (JarFile jar = new JarFile(booter)) {
            manifestClassPath = jar.getManifest().getMainAttributes().getValue("Class-Path");
        }
        assertRunsMain(Path.of(booter).toAbsolutePath().toString(),
                "the booter jar " + booter + " has the manifest Class-Path " + manifestClassPath);
    }

    private void assertRunsMain(String classPath) throws Exception {
        assertRunsMain(classPath, "the class path " + classPath);
    }

    private void assertRunsMain(String classPath, String description) throws Exception {
        Path output = dir.resolve("output.txt");
        Process p = new ProcessBuilder(List.of(ServerProcess.javaExecutable(), "-cp", classPath,
                "org.epistle.web.Main", "variants"))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not end");
        } finally {
            p.destroyForcibly();
        }
        String printed = Files.readString(output);
        assertEquals(0, p.exitValue(), printed + "\nwith " + description);
        assertTrue(printed.lines().anyMatch(l -> l.startsWith("chess ")), printed);
    }
}
