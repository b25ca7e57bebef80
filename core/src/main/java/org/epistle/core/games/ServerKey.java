package org.epistle.core.games;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server's own secret: 32 random bytes kept in a file, created on first use and readable by
 * its owner only where the file system knows permissions. The seats' tokens are derived from it,
 * so every mail can carry a seat's token although the token itself is never stored.
 */
public final class ServerKey {
    /** Where the server keeps its key unless told otherwise. */
    public static final Path DEFAULT_FILE = Path.of("data", "server.key");
    private static final int LENGTH = 32;

    private final SecretKeySpec key;
    /**
     * One keyed {@link Mac} per thread: {@code Mac.getInstance} looks the algorithm up among the providers and
     * {@code init} derives the key's pads again, which cost more than hashing a token (a move derives two, one per
     * mail). A {@code Mac} is not thread-safe, and {@code doFinal} leaves it reset for the next message under the
     * same key, so each thread keeps its own.
     */
    private final ThreadLocal<Mac> macs;

    private ServerKey(byte[] bytes) {
        this.key = new SecretKeySpec(bytes, "HmacSHA256");
        this.macs = ThreadLocal.withInitial(this::newMac);
    }

    /** Reads the key from the file, creating the file with a new random key if there is none. */
    public static ServerKey load(Path file) {
        try {
            if (!Files.exists(file)) {
                create(file);
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length != LENGTH) {
                throw new IllegalStateException("the server key " + file + " holds " + bytes.length
                        + " bytes, not " + LENGTH + "; restore it from a backup (a new key makes every token in old mails invalid)");
            }
            return new ServerKey(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the server key " + file, e);
        }
    }

    /** The key in {@code server.key} inside the directory. */
    public static ServerKey inDirectory(Path directory) {
        return load(directory.resolve("server.key"));
    }

    private static void create(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        Path temp = posix
                ? Files.createTempFile(dir, "server.key.", ".tmp", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(dir, "server.key.", ".tmp");
        try {
            Files.write(temp, Secrets.random(LENGTH));
            if (Files.exists(file)) {
                return; // another process made it first; keep theirs
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** HMAC-SHA256 of a message under this key. */
    byte[] hmac(String message) {
        return macs.get().doFinal(message.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java", e);
        }
    }

    @Override
    public String toString() {
        return "ServerKey[hidden]";
    }
}
