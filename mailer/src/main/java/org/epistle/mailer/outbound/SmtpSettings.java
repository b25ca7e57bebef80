package org.epistle.mailer.outbound;

import jakarta.mail.Session;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.epistle.mailer.TrustedCertificates;

/**
 * Where and how outgoing mail is handed over: an SMTP server, its TLS mode and an optional login.
 *
 * @param host     the SMTP server's host name or address
 * @param port     its port (25 or 587 for submission with STARTTLS, 465 for implicit TLS)
 * @param tls      how the connection is protected
 * @param user     the login, or {@code null}/blank for a server that needs none
 * @param password the login's password (never printed by {@link #toString()})
 * @param timeout  the connect, read and write timeout of the SMTP connection
 * @param trusted  the only certificates trusted for TLS, if not the JDK's authorities
 */
public record SmtpSettings(String host, int port, Tls tls, String user, String password, Duration timeout,
                           Optional<TrustedCertificates> trusted) {

    /** How the SMTP connection is protected. */
    public enum Tls {
        /** Plain SMTP: only for a server on the same machine, like the embedded Greenmail. */
        NONE,
        /** Plain connection upgraded with STARTTLS, which must succeed (port 587). */
        STARTTLS,
        /** TLS from the first byte, "SMTPS" (port 465). */
        IMPLICIT
    }

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public SmtpSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(trusted, "trusted");
        if (host.isBlank()) {
            throw new IllegalArgumentException("SMTP host is blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("SMTP port out of range: " + port);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("SMTP timeout must be positive: " + timeout);
        }
    }

    /** Trusting the JDK's certificate authorities. */
    public SmtpSettings(String host, int port, Tls tls, String user, String password, Duration timeout) {
        this(host, port, tls, user, password, timeout, Optional.empty());
    }

    /** The same server, trusting only {@code trusted} for TLS. */
    public SmtpSettings withTrusted(Optional<TrustedCertificates> trusted) {
        return new SmtpSettings(host, port, tls, user, password, timeout, trusted);
    }

    /** A server on this machine with no TLS and no login, such as the embedded Greenmail. */
    public static SmtpSettings local(String host, int port) {
        return new SmtpSettings(host, port, Tls.NONE, null, null, DEFAULT_TIMEOUT);
    }

    public boolean hasLogin() {
        return user != null && !user.isBlank();
    }

    /** The Jakarta Mail protocol name for this TLS mode. */
    public String protocol() {
        return tls == Tls.IMPLICIT ? "smtps" : "smtp";
    }

    /** A new Jakarta Mail session for these settings; its properties set every timeout. */
    public Session session() {
        String p = "mail." + protocol() + ".";
        String millis = Long.toString(timeout.toMillis());
        var props = new Properties();
        props.setProperty("mail.transport.protocol", protocol());
        props.setProperty(p + "host", host);
        props.setProperty(p + "port", Integer.toString(port));
        props.setProperty(p + "connectiontimeout", millis);
        props.setProperty(p + "timeout", millis);
        props.setProperty(p + "writetimeout", millis);
        props.setProperty(p + "auth", Boolean.toString(hasLogin()));
        if (tls == Tls.STARTTLS) {
            props.setProperty(p + "starttls.enable", "true");
            props.setProperty(p + "starttls.required", "true");
        }
        if (tls != Tls.NONE) {
            props.setProperty(p + "ssl.checkserveridentity", "true");
            // An object, not a string: Jakarta Mail uses it for implicit TLS and for the STARTTLS upgrade alike.
            trusted.ifPresent(t -> props.put(p + "ssl.socketFactory", t.socketFactory()));
        }
        return Session.getInstance(props);
    }

    @Override
    public String toString() {
        return "SmtpSettings[host=" + host + ", port=" + port + ", tls=" + tls
                + ", user=" + (hasLogin() ? user : "(none)")
                + ", password=" + (password == null || password.isEmpty() ? "(none)" : "****")
                + ", timeout=" + timeout + trusted.map(t -> ", trusted=" + t).orElse("") + "]";
    }
}
