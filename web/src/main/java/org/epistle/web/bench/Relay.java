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

/**
 * A TCP relay on 127.0.0.1 between Epistle and a service it uses (SMTP, IMAP), so a bench can take the service away
 * from Epistle alone: {@link #down()} closes the listening socket and every relayed connection, as a provider's
 * outage or a dropped network looks from Epistle's side; {@link #up()} listens on the same port again. The service
 * itself keeps running, and clients that reach it directly are not affected.
 */
final class Relay implements AutoCloseable {
    private static final InetAddress HOST = InetAddress.getLoopbackAddress();

    private final int targetPort;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
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
                daemon(() -> pump(client, target), "relay-" + port + "-in").start();
                daemon(() -> pump(target, client), "relay-" + port + "-out").start();
            } catch (IOException e) {
                closeQuietly(client);
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) != -1; ) {
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
