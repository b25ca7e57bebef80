package org.epistle.mailer.embedded;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import jdk.net.ExtendedSocketOptions;

/**
 * A server socket whose connections acknowledge received data at once (TCP_QUICKACK, where the
 * platform has it: Linux) and send their own without delay (TCP_NODELAY).
 *
 * <p>Why: a client with Nagle's algorithm on (Jakarta Mail's SMTP client, for one) that sends a
 * message in several writes holds each write after the first until the server acknowledges the
 * previous one, and a server that has answered commands before delays that acknowledgement, hoping to
 * send it with its next answer, which only comes after the whole message: about 40 ms per message
 * bigger than the client's buffer (a notification with its diagram is). Linux drops quick-ack mode
 * again by itself, so it is asked for after every read.
 */
public final class QuickAckServerSocket extends ServerSocket {

    private QuickAckServerSocket() throws IOException {
        super();
    }

    /** Bound to the address and port (0: a free one) with SO_REUSEADDR, as Greenmail binds its own. */
    public static QuickAckServerSocket bind(InetAddress address, int port) throws IOException {
        QuickAckServerSocket socket = new QuickAckServerSocket();
        try {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(address, port));
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    @Override
    public Socket accept() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        if (!isBound()) {
            throw new SocketException("Socket is not bound yet");
        }
        QuickAckSocket socket = new QuickAckSocket();
        implAccept(socket);
        socket.setTcpNoDelay(true);
        socket.quickAck = socket.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
        return socket;
    }

    /** Whether a connection accepted here asks for quick acknowledgements (false where the platform cannot). */
    public static boolean isQuickAck(Socket socket) {
        return socket instanceof QuickAckSocket q && q.quickAck;
    }

    private static final class QuickAckSocket extends Socket {
        private volatile boolean quickAck;

        @Override
        public InputStream getInputStream() throws IOException {
            InputStream in = super.getInputStream();
            if (!quickAck) {
                return in;
            }
            return new FilterInputStream(in) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    acknowledge();
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = super.read(buffer, offset, length);
                    acknowledge();
                    return n;
                }
            };
        }

        private void acknowledge() {
            if (!quickAck || isClosed()) {
                return;
            }
            try {
                setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
            } catch (IOException | UnsupportedOperationException e) {
                quickAck = false; // the connection is going away, or the platform refuses: plain TCP then
            }
        }
    }
}
