package org.epistle.mailer;

/**
 * Names Jakarta Mail's stream provider (Angus Mail's) in the system property that Jakarta Mail reads first, so it is
 * not looked up with a {@link java.util.ServiceLoader} again and again.
 *
 * <p>Why: Jakarta Mail 2.1.3 asks {@code StreamProvider.provider()} for it in the constructor of every
 * {@code BodyPart}, {@code Multipart} and {@code InternetHeaders} and in {@code MimeUtility}'s encoders, and without
 * the property each ask is a service lookup on the class path (jakartaee/mail-api issues 699 and 861): about 16 µs a
 * part against under 1 µs with it. A notification has seven parts and encoded words, a received mail its headers;
 * in {@code bench mail} these lookups were a ninth of the process's samples (the sender, the reader and the embedded
 * mail server alike). With the property Jakarta Mail makes the same class by name. An operator's own setting wins.
 */
public final class MimeStreams {
    /** The property Jakarta Mail's {@code FactoryFinder} reads before it looks for a service. */
    public static final String PROPERTY = "jakarta.mail.util.StreamProvider";
    /** Angus Mail's provider, the one the service lookup finds (MimeStreamsTest checks that it still is). */
    public static final String ANGUS = "org.eclipse.angus.mail.util.MailStreamProvider";

    private MimeStreams() {
    }

    /** Sets the property to Angus Mail's provider unless it is set; cheap, and safe to call more than once. */
    public static void pin() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, ANGUS);
        }
    }
}
