package org.epistle.core.games;

import java.util.Optional;

/**
 * The secret in the mail that asks an address to confirm it wants to follow a game ({@code follow.<code>} in the
 * reply address and the subject; see {@link ReplySecret}).
 */
public record FollowCode(String code) {
    private static final ReplySecret KIND = new ReplySecret("follow");

    public FollowCode {
        code = ReplySecret.normal(code);
    }

    static FollowCode fresh() {
        return new FollowCode(KIND.fresh());
    }

    /** The code in an address or a subject, if there is one. */
    public static Optional<FollowCode> parse(String addressOrSubject) {
        return KIND.find(addressOrSubject).map(FollowCode::new);
    }

    String tag() {
        return KIND.tag(code);
    }

    String hash() {
        return ReplySecret.hash(code);
    }

    @Override
    public String toString() {
        return "FollowCode[hidden]";
    }
}
