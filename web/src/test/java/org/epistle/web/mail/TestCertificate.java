package org.epistle.web.mail;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The tests' TLS certificate, for 127.0.0.1 and localhost, self-signed, valid for a century. Made once with the
 * JDK's keytool:
 * <pre>
 * keytool -genkeypair -alias epistle-test -keyalg RSA -keysize 2048 -dname "CN=127.0.0.1, O=Epistle tests" \
 *     -ext san=ip:127.0.0.1,dns:localhost -validity 36500 -keystore test-server.p12 -storetype PKCS12 \
 *     -storepass changeit -keypass changeit
 * keytool -exportcert -rfc -alias epistle-test -keystore test-server.p12 -storepass changeit > test-server.pem
 * </pre>
 * Greenmail's own test certificate names no host, so a client that checks the host name (ours always does)
 * refuses it even when trusted; this one passes the same check a real provider's certificate must pass.
 */
public final class TestCertificate {
    public static final String KEYSTORE_PASSWORD = "changeit";

    private TestCertificate() {}

    /** The certificate alone, as an admin would give it in {@code mail.trusted-certificates}. */
    public static Path pem() {
        return resource("tls/test-server.pem");
    }

    /** Key and certificate, for the test server. */
    public static Path keystore() {
        return resource("tls/test-server.p12");
    }

    /**
     * Greenmail's SMTPS and IMAPS serve the key store named by these system properties (read when a TLS server
     * starts); without them its own host-less certificate.
     */
    public static void serveFromGreenmail() {
        System.setProperty("greenmail.tls.keystore.file", keystore().toString());
        System.setProperty("greenmail.tls.keystore.password", KEYSTORE_PASSWORD);
        System.setProperty("greenmail.tls.key.password", KEYSTORE_PASSWORD);
    }

    private static Path resource(String name) {
        try {
            return Path.of(TestCertificate.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource missing: " + name, e);
        }
    }
}
