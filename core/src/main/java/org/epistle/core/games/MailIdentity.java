package org.epistle.core.games;

import java.util.regex.Pattern;

/**
 * Who the server is in mail: its own address, whether mail to {@code local+tag@domain} reaches
 * it (plus addressing), and the public base URL of its web pages.
 *
 * @param serverAddress  the address players write to, for example {@code moves@epistle.localhost}
 * @param plusAddressing whether each seat gets its own reply address {@code local+g12.token@domain}
 * @param baseUrl        for example {@code http://127.0.0.1:7070}; a trailing slash is dropped
 */
public record MailIdentity(String serverAddress, boolean plusAddressing, String baseUrl) {
    private static final Pattern ADDRESS = Pattern.compile("[^@\\s<>,;\"]+@[A-Za-z0-9.-]+");

    public MailIdentity {
        serverAddress = serverAddress.trim();
        if (!ADDRESS.matcher(serverAddress).matches()) {
            throw new IllegalArgumentException("the server's address must be local@domain, not \"" + serverAddress + "\"");
        }
        baseUrl = baseUrl.trim().replaceAll("/+$", "");
        if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
            throw new IllegalArgumentException("the public base URL must start with http:// or https://, not \"" + baseUrl + "\"");
        }
    }

    /** The defaults that run on a laptop. */
    public static MailIdentity defaults() {
        return new MailIdentity("moves@epistle.localhost", false, "http://127.0.0.1:7070");
    }

    public String localPart() {
        return serverAddress.substring(0, serverAddress.lastIndexOf('@'));
    }

    public String domain() {
        return serverAddress.substring(serverAddress.lastIndexOf('@') + 1);
    }

    /** Where a seat's replies go: its own plus address, or the server's address. */
    public String replyAddress(Credentials seat) {
        return replyAddress(seat.tag());
    }

    /** Where replies carrying a tag go: {@code local+tag@domain}, or the server's address without plus addressing. */
    String replyAddress(String tag) {
        return plusAddressing ? localPart() + "+" + tag + "@" + domain() : serverAddress;
    }

    /** A seat's personal page, where its player may move; secret like the reply address. */
    public String playUrl(Credentials seat) {
        return baseUrl + "/play/" + seat.gameId() + "/" + seat.token();
    }

    public String gameUrl(long gameId) {
        return baseUrl + "/games/" + gameId;
    }

    /** Whether an address is the server's own, with or without a plus tag (mail from it is a loop). */
    public boolean isOwnAddress(String address) {
        String a = address.trim().toLowerCase(java.util.Locale.ROOT);
        String local = localPart().toLowerCase(java.util.Locale.ROOT);
        String domain = "@" + domain().toLowerCase(java.util.Locale.ROOT);
        return a.endsWith(domain) && (a.equals(local + domain) || a.startsWith(local + "+"));
    }
}
