package org.epistle.core.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.store.fs.FileBase;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;

/**
 * A disk that a test can fill and empty again, for H2: URLs {@code jdbc:h2:fulldisk:/dir/epistle} are H2's own file
 * store on the real disk, with every write failing as a full disk fails ("No space left on device") while
 * {@link #fill()} is in force. H2 meets the failure where it would meet a real one, in its own writes, and closes
 * the database as it does after a real full disk. (A real small filesystem needs a mount, which a test cannot
 * expect; {@code epistle bench faults} fills a real tmpfs.)
 */
public final class FullDisk extends FilePathWrapper {
    private static final String SCHEME = "fulldisk";
    private static final AtomicBoolean FULL = new AtomicBoolean();
    private static final AtomicInteger REFUSED = new AtomicInteger();

    static {
        FilePath.register(new FullDisk());
    }

    /** The H2 URL of a file database in the directory, on this disk, each commit written at once as Database makes file URLs. */
    public static String url(Path directory) {
        return "jdbc:h2:" + SCHEME + ":" + directory.toAbsolutePath().resolve("epistle") + ";WRITE_DELAY=0";
    }

    /** From now on every write fails; a write held by {@link #holdNextWrite} goes on and fails. */
    public static void fill() {
        FULL.set(true);
        letHeldWriteGo();
    }

    /** Space is back: writes succeed again (a held write too). */
    public static void free() {
        FULL.set(false);
        letHeldWriteGo();
    }

    /**
     * The next write waits until {@link #fill} or {@link #free}: the disk fills while H2 is writing a commit. H2 holds
     * its store lock meanwhile, so a test can look at what other sessions see of a commit not yet on disk.
     */
    public static void holdNextWrite() {
        Held held = new Held(new CountDownLatch(1), new CountDownLatch(1));
        ARMED.set(held);
        HELD.set(held);
    }

    /** Waits until a write is held by {@link #holdNextWrite}; false if none came within the time. */
    public static boolean awaitHeldWrite(Duration within) throws InterruptedException {
        Held held = ARMED.get();
        return held != null && held.arrived.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static void letHeldWriteGo() {
        Held held = ARMED.getAndSet(null);
        HELD.set(null);
        if (held != null) {
            held.released.countDown();
        }
    }

    /** A write held until the test says whether the disk is full: its arrival, and its release. */
    private record Held(CountDownLatch arrived, CountDownLatch released) {
    }

    /** Armed by holdNextWrite, taken by the first write after it. */
    private static final AtomicReference<Held> HELD = new AtomicReference<>();
    /** The hold in force, whether or not a write has come to it yet: until fill or free. */
    private static final AtomicReference<Held> ARMED = new AtomicReference<>();

    /** Writes refused since the start, a test's proof that H2 did meet the full disk. */
    public static int refusedWrites() {
        return REFUSED.get();
    }

    private static void check(String what) throws IOException {
        Held held = HELD.getAndSet(null);
        if (held != null) {
            held.arrived.countDown();
            try {
                held.released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the disk was filling", e);
            }
        }
        if (FULL.get()) {
            REFUSED.incrementAndGet();
            throw new IOException("No space left on device (" + what + ")");
        }
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        FileChannel channel = getBase().open(mode);
        return new Channel(channel, name);
    }

    @Override
    public OutputStream newOutputStream(boolean append) throws IOException {
        check(name);
        OutputStream out = getBase().newOutputStream(append);
        return new OutputStream() {
            @Override public void write(int b) throws IOException {
                check(name);
                out.write(b);
            }

            @Override public void write(byte[] b, int off, int len) throws IOException {
                check(name);
                out.write(b, off, len);
            }

            @Override public void flush() throws IOException {
                out.flush();
            }

            @Override public void close() throws IOException {
                out.close();
            }
        };
    }

    @Override
    public boolean createFile() {
        return !FULL.get() && getBase().createFile();
    }

    /** The real file's channel, its writes refused while the disk is full. */
    private static final class Channel extends FileBase {
        private final FileChannel base;
        private final String name;

        Channel(FileChannel base, String name) {
            this.base = base;
            this.name = name;
        }

        @Override public int read(ByteBuffer dst) throws IOException {
            return base.read(dst);
        }

        @Override public int read(ByteBuffer dst, long position) throws IOException {
            return base.read(dst, position);
        }

        @Override public int write(ByteBuffer src) throws IOException {
            check(name);
            return base.write(src);
        }

        @Override public int write(ByteBuffer src, long position) throws IOException {
            check(name);
            return base.write(src, position);
        }

        @Override public long position() throws IOException {
            return base.position();
        }

        @Override public FileChannel position(long newPosition) throws IOException {
            base.position(newPosition);
            return this;
        }

        @Override public long size() throws IOException {
            return base.size();
        }

        @Override public FileChannel truncate(long size) throws IOException {
            base.truncate(size);
            return this;
        }

        @Override public void force(boolean metaData) throws IOException {
            check(name);
            base.force(metaData);
        }

        @Override public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return base.tryLock(position, size, shared);
        }

        @Override protected void implCloseChannel() throws IOException {
            base.close();
        }
    }
}
