package org.epistle.core.games;

import java.util.Optional;

/**
 * The secret in a mail that asks an address to confirm it belongs to a player ({@code confirm.<code>} in the reply
 * address and the subject; see {@link ReplySecret}).
 */
public record AddressCode(String code) {
    private static final ReplySecret KIND = new ReplySecret("confirm");

    public AddressCode {
        code = ReplySecret.normal(code);
    }

    static AddressCode fresh() {
        return new AddressCode(KIND.fresh());
    }

    /** The code in an address or a subject, if there is one. */
    public static Optional<AddressCode> parse(String addressOrSubject) {
        return KIND.find(addressOrSubject).map(AddressCode::new);
    }

    String tag() {
        return KIND.tag(code);
    }

    String hash() {
        return ReplySecret.hash(code);
    }

    @Override
    public String toString() {
        return "AddressCode[hidden]";
    }
}
