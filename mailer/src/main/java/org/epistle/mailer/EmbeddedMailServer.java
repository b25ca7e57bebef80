package org.epistle.mailer;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.imap.ImapHandler;
import com.icegreen.greenmail.server.AbstractServer;
import com.icegreen.greenmail.server.ProtocolHandler;
import com.icegreen.greenmail.smtp.SmtpServer;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.epistle.mailer.embedded.AnnouncingIdleCommand;
import org.epistle.mailer.embedded.QuickAckServerSocket;

/**
 * The mail server a laptop install runs without any setup: Greenmail with SMTP and IMAP on
 * 127.0.0.1. It holds the server's own mailbox and, since every other address is created on first
 * delivery, the players' mailboxes too (login and password are the address), so a whole game can be
 * played against it with ordinary mail tools. Its mail lives in memory only.
 *
 * <p>Three things differ from stock Greenmail 2.1.3, each of which made a move by mail wait for nothing:
 * <ul>
 *   <li>Every connection has TCP_NODELAY. Greenmail writes an IMAP answer (SEARCH, FETCH, STORE, the end of
 *       an IDLE) in several small writes, and Nagle's algorithm held the last one until the client's delayed
 *       ACK, about 40 ms on Linux, on every command.</li>
 *   <li>Every connection acknowledges received data at once ({@link QuickAckServerSocket}): a client that
 *       sends a message bigger than its buffer (a notification with its diagram) otherwise waited about
 *       40 ms for the server's delayed ACK before it could send the end of the message.</li>
 *   <li>IMAP IDLE is {@link AnnouncingIdleCommand}, which announces every new message; Greenmail's own could
 *       leave one unannounced until the client ended the IDLE, for the server's reader its poll interval.</li>
 * </ul>
 * Because {@code GreenMail.getImap()} casts to Greenmail's final {@code ImapServer}, this class finds its
 * services itself instead of asking Greenmail for them.
 */
public final class EmbeddedMailServer implements AutoCloseable {
    /** The folder of the server's mailbox that handled mail is moved to. */
    public static final String PROCESSED_FOLDER = "Processed";
    /** How long a listener may take to come up before its start counts as failed. */
    public static final long STARTUP_WAIT_MILLIS = 30_000;

    static {
        MimeStreams.pin();                             // Greenmail parses every message it receives into parts
    }
    private final TunedGreenMail greenMail;

    private EmbeddedMailServer(TunedGreenMail greenMail) {
        this.greenMail = greenMail;
    }

    /**
     * Starts SMTP and IMAP on 127.0.0.1; port 0 picks free ports (read them back from
     * {@link #smtpPort()} and {@link #imapPort()}).
     *
     * @param serverAddress the server's own address; its IMAP login is the address, with the password given
     */
    public static EmbeddedMailServer start(int smtpPort, int imapPort, String serverAddress, String password) {
        TunedGreenMail gm = new TunedGreenMail(new ServerSetup[] {
                loopback(smtpPort, ServerSetup.PROTOCOL_SMTP), loopback(imapPort, ServerSetup.PROTOCOL_IMAP)});
        gm.start();
        var user = gm.setUser(serverAddress, serverAddress, password);
        try {
            // Handled mail is moved here: Greenmail finds a message by UID by listing the folder's UIDs, so every
            // FETCH and STORE in an inbox that kept all handled mail cost time in proportion to its square.
            gm.getManagers().getImapHostManager().createMailbox(user, PROCESSED_FOLDER);
        } catch (com.icegreen.greenmail.store.FolderException | com.icegreen.greenmail.imap.AuthorizationException e) {
            gm.stop();
            throw new IllegalStateException("cannot create the folder " + PROCESSED_FOLDER + ": " + e.getMessage(), e);
        }
        return new EmbeddedMailServer(gm);
    }

    /**
     * A Greenmail listener on 127.0.0.1 (port 0 picks a free one) that is given {@link #STARTUP_WAIT_MILLIS} to come
     * up. Greenmail's own 2 s was once too short on a loaded machine (CI: "Could not start mail server imap"); a port
     * that cannot be bound still fails at once, since Greenmail stops waiting as soon as the bind fails.
     */
    public static ServerSetup loopback(int port, String protocol) {
        ServerSetup setup = new ServerSetup(port, "127.0.0.1", protocol);
        setup.setServerStartupTimeout(STARTUP_WAIT_MILLIS);
        return setup;
    }

    public int smtpPort() {
        return greenMail.service(ServerSetup.PROTOCOL_SMTP).getPort();
    }

    public int imapPort() {
        return greenMail.service(ServerSetup.PROTOCOL_IMAP).getPort();
    }

    /** The connections a service has accepted, and how many of them had each option on. */
    record Accepted(int connections, int noDelay, int quickAck) {}

    /** For tests: what the protocol's service ({@code "smtp"} or {@code "imap"}) has accepted so far. */
    Accepted accepted(String protocol) {
        return greenMail.tally(protocol).accepted();
    }

    /** Every mailbox on the server, by login: the server's own and those made by a delivery to an address. */
    public java.util.List<String> mailboxes() {
        return greenMail.getUserManager().listUser().stream().map(u -> u.getLogin()).sorted().toList();
    }

    /**
     * The Message-ID of every message in a mailbox's INBOX, oldest first, a message held twice listed twice (empty when
     * there is no such mailbox); for benches that count what was delivered, without an IMAP round trip.
     */
    public java.util.List<String> inboxMessageIds(String login) {
        var user = greenMail.getUserManager().getUser(login);
        if (user == null) {
            return java.util.List.of();
        }
        try {
            java.util.List<String> ids = new java.util.ArrayList<>();
            for (var stored : greenMail.getManagers().getImapHostManager().getInbox(user).getMessages()) {
                ids.add(stored.getMimeMessage().getMessageID());
            }
            return ids;
        } catch (com.icegreen.greenmail.store.FolderException | jakarta.mail.MessagingException e) {
            throw new IllegalStateException("cannot read the mailbox of " + login + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes every message in a mailbox's {@value #PROCESSED_FOLDER} folder, for benches that want each round to
     * start from the same folder sizes (Greenmail's cost per message grows with the folder); nothing when it has none.
     */
    public void emptyProcessed(String login) {
        var user = greenMail.getUserManager().getUser(login);
        if (user == null) {
            return;
        }
        var folder = greenMail.getManagers().getImapHostManager().getFolder(user, PROCESSED_FOLDER);
        if (folder != null) {
            folder.deleteAllMessages();
        }
    }

    /** How many messages in a mailbox's INBOX are not flagged \\Seen (for the server's own: not handled yet). */
    public int unseen(String login) {
        var user = greenMail.getUserManager().getUser(login);
        if (user == null) {
            return 0;
        }
        try {
            int n = 0;
            for (var stored : greenMail.getManagers().getImapHostManager().getInbox(user).getMessages()) {
                if (!stored.getFlags().contains(jakarta.mail.Flags.Flag.SEEN)) {
                    n++;
                }
            }
            return n;
        } catch (com.icegreen.greenmail.store.FolderException e) {
            throw new IllegalStateException("cannot read the mailbox of " + login + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        greenMail.stop();
    }

    /** Greenmail with the SMTP and IMAP services below. */
    private static final class TunedGreenMail extends GreenMail {
        // Greenmail's constructor calls createServices already, before this class's initialisers would run.
        private Map<String, Tally> tallies;

        TunedGreenMail(ServerSetup[] setups) {
            super(setups);
        }

        @Override
        protected Map<String, AbstractServer> createServices(ServerSetup[] setups, Managers managers) {
            if (tallies == null) {
                tallies = Map.of(ServerSetup.PROTOCOL_SMTP, new Tally(), ServerSetup.PROTOCOL_IMAP, new Tally());
            }
            Map<String, AbstractServer> created = new HashMap<>();
            for (ServerSetup setup : setups) {
                String protocol = setup.getProtocol();
                AbstractServer server = switch (protocol) {
                    case ServerSetup.PROTOCOL_SMTP -> new TunedSmtpServer(setup, managers, tallies.get(protocol));
                    case ServerSetup.PROTOCOL_IMAP -> new TunedImapServer(setup, managers, tallies.get(protocol));
                    default -> throw new IllegalArgumentException("the embedded mail server runs SMTP and IMAP only, not " + protocol);
                };
                if (created.put(protocol, server) != null) {
                    throw new IllegalArgumentException("two " + protocol + " services configured");
                }
            }
            return created;
        }

        AbstractServer service(String protocol) {
            AbstractServer server = services.get(protocol);
            if (server == null) {
                throw new IllegalStateException("no " + protocol + " service running");
            }
            return server;
        }

        Tally tally(String protocol) {
            return tallies.get(protocol);
        }
    }

    /** Counts accepted connections by their options. */
    private static final class Tally {
        private final AtomicInteger connections = new AtomicInteger();
        private final AtomicInteger noDelay = new AtomicInteger();
        private final AtomicInteger quickAck = new AtomicInteger();

        void count(Socket socket) {
            connections.incrementAndGet();
            try {
                if (socket.getTcpNoDelay()) {
                    noDelay.incrementAndGet();
                }
            } catch (SocketException e) {
                // the client went away already; its handler notices when it reads
            }
            if (QuickAckServerSocket.isQuickAck(socket)) {
                quickAck.incrementAndGet();
            }
        }

        Accepted accepted() {
            return new Accepted(connections.get(), noDelay.get(), quickAck.get());
        }
    }

    /** SMTP as Greenmail serves it; {@code GreenMail.getSmtp()} still works since this is an {@link SmtpServer}. */
    private static final class TunedSmtpServer extends SmtpServer {
        private final Tally tally;

        TunedSmtpServer(ServerSetup setup, Managers managers, Tally tally) {
            super(setup, managers);
            this.tally = tally;
        }

        @Override
        protected ServerSocket openServerSocket() throws IOException {
            ServerSocket socket = QuickAckServerSocket.bind(bindTo, setup.getPort());
            setup = setup.port(socket.getLocalPort()); // as Greenmail's own does, so a port 0 reads back
            setName(setup.getProtocol() + ':' + setup.getBindAddress() + ':' + setup.getPort());
            return socket;
        }

        @Override
        protected ProtocolHandler createProtocolHandler(Socket socket) {
            tally.count(socket);
            return super.createProtocolHandler(socket);
        }
    }

    /** IMAP as Greenmail's (final) {@code ImapServer} serves it, with an IDLE that announces every new message. */
    private static final class TunedImapServer extends AbstractServer {
        private final Tally tally;

        TunedImapServer(ServerSetup setup, Managers managers, Tally tally) {
            super(setup, managers);
            this.tally = tally;
        }

        @Override
        protected ServerSocket openServerSocket() throws IOException {
            ServerSocket socket = QuickAckServerSocket.bind(bindTo, setup.getPort());
            setup = setup.port(socket.getLocalPort()); // as Greenmail's own does, so a port 0 reads back
            setName(setup.getProtocol() + ':' + setup.getBindAddress() + ':' + setup.getPort());
            return socket;
        }

        @Override
        protected ProtocolHandler createProtocolHandler(Socket socket) {
            tally.count(socket);
            ImapHandler handler = new ImapHandler(managers.getUserManager(), managers.getImapHostManager(), socket);
            AnnouncingIdleCommand.installIn(handler);
            return handler;
        }
    }
}
