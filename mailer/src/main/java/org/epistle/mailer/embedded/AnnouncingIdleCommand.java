package org.epistle.mailer.embedded;

import com.icegreen.greenmail.imap.ImapHandler;
import com.icegreen.greenmail.imap.ImapRequestHandler;
import com.icegreen.greenmail.imap.ImapRequestLineReader;
import com.icegreen.greenmail.imap.ImapResponse;
import com.icegreen.greenmail.imap.ImapSession;
import com.icegreen.greenmail.imap.ImapSessionFolder;
import com.icegreen.greenmail.imap.ImapSessionState;
import com.icegreen.greenmail.imap.ProtocolException;
import com.icegreen.greenmail.imap.commands.CommandParser;
import com.icegreen.greenmail.imap.commands.ImapCommand;
import com.icegreen.greenmail.imap.commands.ImapCommandFactory;
import com.icegreen.greenmail.store.FolderException;
import com.icegreen.greenmail.store.FolderListener;
import jakarta.mail.Flags;
import java.lang.reflect.Field;
import java.net.SocketTimeoutException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * IMAP IDLE (RFC 2177) as Greenmail 2.1.3 does it, minus two ways it can leave new mail unannounced
 * until the client ends the IDLE, which for a mailbox reader means until its poll interval runs out:
 *
 * <ol>
 *   <li>Greenmail reports pending changes, then sends the {@code + idling} continuation, and only then
 *       starts listening to the mailbox. A message stored in between is announced by nobody.</li>
 *   <li>Pending changes go out before the continuation. A Jakarta Mail (Angus) client reads responses
 *       that come before the continuation as part of starting the IDLE, not as an event, so
 *       {@code IMAPFolder.idle(true)} does not return for a message that arrived between the client's last
 *       command and its IDLE; it waits for the next one.</li>
 * </ol>
 *
 * This command sends the continuation first, then listens, then reports what changed before it
 * listened. Greenmail notifies listeners under the lock that guards adding one, so a message is
 * either already counted when the pending changes are reported or announced by the listener; at
 * worst it is announced twice, which {@code EXISTS} (a count) allows. Everything is written after
 * the continuation, where every client treats it as an event. Writes from the delivering thread and
 * the IMAP thread are serialised so their lines cannot interleave.
 */
public final class AnnouncingIdleCommand implements ImapCommand {
    private static final Logger log = LoggerFactory.getLogger(AnnouncingIdleCommand.class);
    public static final String NAME = "IDLE";

    private final CommandParser parser = new CommandParser();

    /** Greenmail's command factory makes one per command, by reflection: public and without arguments. */
    public AnnouncingIdleCommand() {
    }

    /**
     * Makes the handler's connection answer IDLE with this command.
     *
     * @return false (and a warning in the log) if this Greenmail is not built as 2.1.3 is, in which case the
     *         connection keeps Greenmail's own IDLE
     */
    public static boolean installIn(ImapHandler handler) {
        try {
            Object requestHandler = field(ImapHandler.class, "requestHandler").get(handler);
            Object factory = field(ImapRequestHandler.class, "imapCommands").get(requestHandler);
            @SuppressWarnings("unchecked")
            Map<String, Class<? extends ImapCommand>> commands =
                    (Map<String, Class<? extends ImapCommand>>) field(ImapCommandFactory.class, "imapCommands").get(factory);
            commands.put(NAME, AnnouncingIdleCommand.class);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("cannot replace Greenmail's IDLE ({}); new mail may go unannounced during an IDLE", e.toString());
            return false;
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean validForState(ImapSessionState state) {
        return state == ImapSessionState.SELECTED;
    }

    @Override
    public void process(ImapRequestLineReader request, ImapResponse response, ImapSession session) {
        try {
            parser.endLine(request);
            request.consume();
            ImapSessionFolder folder = session.getSelected();
            Object writing = new Object();
            FolderListener announcer = new Announcer(response, writing);
            request.commandContinuationRequest();
            folder.addListener(announcer);
            try {
                synchronized (writing) {
                    session.unsolicitedResponses(response);
                }
                waitForDone(request);
            } finally {
                folder.removeListener(announcer); // never inside `writing`: the store calls listeners under its own lock
            }
            synchronized (writing) {
                session.unsolicitedResponses(response);
                response.commandComplete(this);
            }
        } catch (ProtocolException e) {
            log.debug("IDLE: {}", e.getMessage());
            response.commandError(e.getMessage() + " Command should be '<tag> IDLE'");
        } catch (FolderException e) {
            log.warn("IDLE failed", e);
            response.commandFailed(this, e.getResponseCode(), e.getMessage());
        }
    }

    /** Blocks until the client sends its next line (DONE); the request handler consumes it afterwards. */
    private static void waitForDone(ImapRequestLineReader request) throws ProtocolException {
        while (true) {
            try {
                request.nextChar();
                return;
            } catch (ProtocolException e) {
                if (!(e.getCause() instanceof SocketTimeoutException)) {
                    throw e;
                }
            }
        }
    }

    /** Tells the idling client of new and expunged messages as they happen. */
    private static final class Announcer implements FolderListener {
        private final ImapResponse response;
        private final Object writing;

        Announcer(ImapResponse response, Object writing) {
            this.response = response;
            this.writing = writing;
        }

        @Override
        public void added(int count) {
            synchronized (writing) {
                response.existsResponse(count);
            }
        }

        @Override
        public void expunged(int msn) {
            synchronized (writing) {
                response.expungeResponse(msn);
            }
        }

        @Override
        public void flagsUpdated(int msn, Flags flags, Long uid) {
            // as Greenmail's IDLE: flag changes are reported with the next command
        }

        @Override
        public void mailboxDeleted() {
            // as Greenmail's IDLE
        }
    }
}
