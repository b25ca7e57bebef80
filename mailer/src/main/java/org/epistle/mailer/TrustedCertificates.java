package org.epistle.mailer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificates a mail connection trusts in place of the JDK's authorities: for a provider (or a test
 * server) with a self-signed or private certificate. Only trust is replaced; the server's host name is
 * still checked against its certificate, so this never means "trust anything".
 */
public record TrustedCertificates(List<X509Certificate> certificates) {

    public TrustedCertificates {
        certificates = List.copyOf(certificates);
        if (certificates.isEmpty()) throw new IllegalArgumentException("no certificate to trust");
    }

    /**
     * Reads every certificate of a PEM (or DER) file.
     *
     * @throws IllegalArgumentException naming the file when it cannot be read or holds no certificate
     */
    public static TrustedCertificates fromPem(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            var found = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .filter(X509Certificate.class::isInstance).map(X509Certificate.class::cast).toList();
            if (found.isEmpty()) throw new IllegalArgumentException("No certificate in " + file);
            return new TrustedCertificates(found);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("Cannot read the trusted certificates in " + file + ": " + e.getMessage(), e);
        }
    }

    /** A TLS socket factory that accepts only servers whose chain ends in one of these certificates. */
    public SSLSocketFactory socketFactory() {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("trusted-" + i, (Certificate) certificates.get(i));
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (IOException | GeneralSecurityException e) {
            // The certificates were parsed already; failing here is a broken JDK, not bad input.
            throw new IllegalStateException("Cannot set up TLS trust", e);
        }
    }

    @Override public String toString() {
        return "TrustedCertificates" + certificates.stream().map(c -> c.getSubjectX500Principal().getName()).toList();
    }

    @Override public boolean equals(Object o) {
        return o instanceof TrustedCertificates t && certificates.equals(t.certificates);
    }

    @Override public int hashCode() {
        return Objects.hash(certificates);
    }
}
