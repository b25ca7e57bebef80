package org.epistle.mailer;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

/**
 * The mail server a laptop install runs without any setup: Greenmail with SMTP and IMAP on
 * 127.0.0.1. It holds the server's own mailbox and, since every other address is created on first
 * delivery, the players' mailboxes too (login and password are the address), so a whole game can be
 * played against it with ordinary mail tools. Its mail lives in memory only.
 */
public final class EmbeddedMailServer implements AutoCloseable {
    private final GreenMail greenMail;

    private EmbeddedMailServer(GreenMail greenMail) {
        this.greenMail = greenMail;
    }

    /**
     * Starts SMTP and IMAP on 127.0.0.1; port 0 picks free ports (read them back from
     * {@link #smtpPort()} and {@link #imapPort()}).
     *
     * @param serverAddress the server's own address; its IMAP login is the address, with the password given
     */
    public static EmbeddedMailServer start(int smtpPort, int imapPort, String serverAddress, String password) {
        GreenMail gm = new GreenMail(new ServerSetup[] {
                new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP),
                new ServerSetup(imapPort, "127.0.0.1", ServerSetup.PROTOCOL_IMAP)});
        gm.start();
        gm.setUser(serverAddress, serverAddress, password);
        return new EmbeddedMailServer(gm);
    }

    public int smtpPort() {
        return greenMail.getSmtp().getPort();
    }

    public int imapPort() {
        return greenMail.getImap().getPort();
    }

    @Override
    public void close() {
        greenMail.stop();
    }
}
