package org.epistle.mailer.inbound;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay between an IMAP client and server on 127.0.0.1 that notes what crosses it: every command line the
 * client sends (the reader sends no literals) and how many bytes the server sent back. What a reader costs the
 * server is then counted from outside, by commands, not by time.
 */
final class ImapTap implements AutoCloseable {
    private final ServerSocket listener;
    private final int serverPort;
    private final List<String> commands = new CopyOnWriteArrayList<>();
    private final AtomicLong fromServer = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** When set, every NOOP gets an extra "* 0 EXISTS", as a server that repeats EXISTS without new mail would send. */
    private volatile boolean existsOnEveryNoop;

    ImapTap(int serverPort) throws IOException {
        this.serverPort = serverPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "imap-tap");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** The commands sent so far, without their tags ({@code UID FETCH 1:3 (UID BODY.PEEK[])}). */
    List<String> commands() {
        return List.copyOf(commands);
    }

    /** How many commands so far start with {@code verb} (such as {@code "UID FETCH"}), ignoring case. */
    long count(String verb) {
        String v = verb.toUpperCase(Locale.ROOT);
        return commands.stream().filter(c -> c.toUpperCase(Locale.ROOT).startsWith(v)).count();
    }

    long bytesFromServer() {
        return fromServer.get();
    }

    /** From now on the client hears an untagged EXISTS in answer to every NOOP, whether or not mail came. */
    void repeatExistsOnEveryNoop() {
        existsOnEveryNoop = true;
    }

    void forget() {
        commands.clear();
        fromServer.set(0);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                sockets.add(client);
                sockets.add(server);
                OutputStream toClient = client.getOutputStream();
                pump(client.getInputStream(), server.getOutputStream(), toClient, true);
                pump(server.getInputStream(), toClient, toClient, false);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(InputStream in, OutputStream out, OutputStream toClient, boolean fromClient) {
        Thread t = new Thread(() -> {
            var line = new StringBuilder();
            byte[] buffer = new byte[64 * 1024];
            try (in; out) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    if (!fromClient) {
                        synchronized (out) {
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                        fromServer.addAndGet(n);
                        continue;
                    }
                    // The command lines are noted before they go on, so an EXISTS added for a NOOP reaches the client
                    // before the server's answer to it can.
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n') {
                            String command = note(line.toString().strip());
                            if (existsOnEveryNoop && "NOOP".equalsIgnoreCase(command)) {
                                synchronized (toClient) {
                                    toClient.write("* 0 EXISTS\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                                    toClient.flush();
                                }
                            }
                            line.setLength(0);
                        } else {
                            line.append((char) (buffer[i] & 0xff));
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: so does the other
            }
        }, fromClient ? "imap-tap-up" : "imap-tap-down");
        t.setDaemon(true);
        t.start();
    }

    private String note(String tagged) {
        int space = tagged.indexOf(' ');
        if (space <= 0) return "";
        String command = tagged.substring(space + 1);
        commands.add(command);
        return command;
    }

    @Override public void close() throws IOException {
        listener.close();
        for (Socket s : new ArrayList<>(sockets)) s.close();
    }

    @Override public String toString() {
        return String.join("\n", commands);
    }
}
