package org.epistle.web.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on 127.0.0.1 between Epistle and a service it uses (SMTP, IMAP), so a bench can take the service away
 * from Epistle alone: {@link #down()} closes the listening socket and every relayed connection, as a provider's
 * outage or a dropped network looks from Epistle's side; {@link #up()} listens on the same port again. The service
 * itself keeps running, and clients that reach it directly are not affected.
 *
 * <p>A relay for SMTP also counts the sessions that ended without the server's goodbye (221) after carrying at least
 * one mail (the client sent a message's closing dot): killed, cut, or timed out. Only such a session can leave a mail
 * that the server accepted and the client never recorded as sent, and at most its last one, so their number bounds
 * the copies a receiver may see twice "in flight" (SMTP cannot tell the client a second time that a mail arrived).
 */
final class Relay implements AutoCloseable {
    private static final InetAddress HOST = InetAddress.getLoopbackAddress();

    private final int targetPort;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong cutWithMail = new AtomicLong();
    private volatile ServerSocket listening;

    private Relay(int targetPort, int port) {
        this.targetPort = targetPort;
        this.port = port;
    }

    /** Starts relaying a free port of 127.0.0.1 to {@code targetPort}. */
    static Relay start(int targetPort) {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, HOST)) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Relay relay = new Relay(targetPort, port);
        relay.up();
        return relay;
    }

    int port() {
        return port;
    }

    /** SMTP sessions so far that carried a mail and ended without the server's 221: each may have left one in flight. */
    long sessionsCutWithMail() {
        return cutWithMail.get();
    }

    boolean isUp() {
        return listening != null;
    }

    /** Listens again on the same port (a port just freed can be taken again at once: SO_REUSEADDR). */
    synchronized void up() {
        if (listening != null) return;
        try {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(HOST, port), 50);
            listening = s;
            daemon(() -> accept(s), "relay-accept-" + port).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + port + " again", e);
        }
    }

    /** Refuses new connections and cuts every relayed one. */
    synchronized void down() {
        ServerSocket s = listening;
        listening = null;
        closeQuietly(s);
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    private void accept(ServerSocket server) {
        while (listening == server) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed by down()
            }
            try {
                Socket target = new Socket(HOST, targetPort);
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
                open.add(client);
                open.add(target);
                if (listening != server) { // went down while connecting
                    closeQuietly(client);
                    closeQuietly(target);
                    continue;
                }
                Conversation c = new Conversation();
                daemon(() -> pump(client, target, c, true), "relay-" + port + "-in").start();
                daemon(() -> pump(target, client, c, false), "relay-" + port + "-out").start();
            } catch (IOException e) {
                closeQuietly(client);
            }
        }
    }

    private void pump(Socket from, Socket to, Conversation c, boolean fromClient) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) != -1; ) {
                c.saw(buffer, n, fromClient);   // before passing it on: a byte relayed is a byte counted
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // cut by down(), or one side closed: the other side is closed below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(from);
            open.remove(to);
            if (c.end()) cutWithMail.incrementAndGet();
        }
    }

    /**
     * What one relayed connection said, as far as SMTP goes: whether the client ever ended a message (CRLF.CRLF) and
     * whether the server said goodbye (a line starting "221 "). Each direction keeps its last five bytes, so a marker
     * split between two reads is still seen. For other protocols the answer is simply never counted.
     */
    private static final class Conversation {
        private long clientTail;    // the client's last five bytes, guarded by this
        private long serverTail;    // the server's last five bytes, guarded by this
        private boolean carriedMail;
        private boolean saidGoodbye;
        private boolean ended;

        private static final long DOT_LINE = tail("\r\n.\r\n");
        private static final long GOODBYE = tail("\n221 ");
        private static final long FIVE_BYTES = (1L << 40) - 1;

        synchronized void saw(byte[] bytes, int n, boolean fromClient) {
            for (int i = 0; i < n; i++) {
                if (fromClient) {
                    clientTail = ((clientTail << 8) | (bytes[i] & 0xff)) & FIVE_BYTES;
                    if (clientTail == DOT_LINE) carriedMail = true;
                } else {
                    serverTail = ((serverTail << 8) | (bytes[i] & 0xff)) & FIVE_BYTES;
                    if (serverTail == GOODBYE) saidGoodbye = true;
                }
            }
        }

        /** Called by both pumps as they end; true once, for a conversation that carried mail and was cut. */
        synchronized boolean end() {
            if (ended) return false;
            ended = true;
            return carriedMail && !saidGoodbye;
        }

        private static long tail(String five) {
            long t = 0;
            for (char ch : five.toCharArray()) t = (t << 8) | ch;
            return t;
        }
    }

    @Override
    public void close() {
        down();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (Exception e) {
            // nothing to add: the connection is gone either way
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
