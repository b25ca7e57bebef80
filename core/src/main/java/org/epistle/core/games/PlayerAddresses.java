package org.epistle.core.games;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;

/**
 * A player's further addresses, from which mail may move their games as mail from the address the server writes
 * to does: asked for by mail with a seat's secret and added once a mail from the new address brings back the code
 * sent there, or added and removed by the admin without a code.
 */
public final class PlayerAddresses {
    /** Two admins adding one address at once collide; the second tries again and is told it is taken. */
    private static final int ATTEMPTS = 3;

    private final Database db;
    private final MailIdentity identity;
    private final Correspondence post;
    private final Supplier<Instant> clock;
    private final InboundWork inbound;

    PlayerAddresses(Database db, MailIdentity identity, Correspondence post, Supplier<Instant> clock, InboundWork inbound) {
        this.db = db;
        this.identity = identity;
        this.post = post;
        this.clock = clock;
        this.inbound = inbound;
    }

    /**
     * A player asks, by mail with a seat's secret, that another address of theirs may be used: a mail with a
     * code goes to that address, and the address is added when a mail from it carries the code back.
     */
    public Result request(Seat seat, String address, Optional<String> inboundKey) {
        return inbound.run(inboundKey, h -> {
            Instant now = clock.get();
            Player player = seat.player();
            String wanted;
            try {
                wanted = AddressBook.wellFormed(address, identity);
            } catch (IllegalArgumentException e) {
                return addressRefused(h, player, e.getMessage(), now);
            }
            Optional<String> whyNot = AddressBook.whyNot(h, player, wanted);
            if (whyNot.isPresent()) {
                return addressRefused(h, player, whyNot.get(), now);
            }
            PlayerAddressTable table = Tables.attach(h, PlayerAddressTable.class);
            if (table.waitingRequests(player.id(), now) >= AddressBook.MAX_WAITING_REQUESTS) {
                return addressRefused(h, player, "you have " + AddressBook.MAX_WAITING_REQUESTS
                        + " addresses waiting for confirmation already; answer those mails first, or wait a week", now);
            }
            AddressCode code = AddressCode.fresh();
            table.request(code.hash(), player.id(), wanted, now, now.plus(AddressBook.REQUEST_LIFETIME));
            String replyTo = post.confirmationReplyAddress(code);
            post.notice(h, MailKind.ADDRESS_CONFIRMATION, player.name(), wanted,
                    "[Epistle] Confirm your address [" + code.tag() + "]", replyTo, new Refusal("address-confirmation",
                            player.name() + " asked that mail from this address (" + wanted
                                    + ") may move their games on Epistle, the correspondence chess server.",
                            "To confirm, reply to this mail from this address and keep its subject. If you did not ask for "
                                    + "this, ignore it: nothing changes, and the request lapses in 7 days."), now);
            post.notice(h, MailKind.ADDRESS_NOTICE, player.name(), player.email(), "[Epistle] Your addresses",
                    post.serverAddress(), new Refusal("address-requested",
                            "We have mailed " + wanted + " to ask it to confirm that it is yours.",
                            "Reply to that mail from " + wanted + " within 7 days; from then on, mail from it may move your games."),
                    now);
            return new Result(Result.Effect.SHOWN, "address " + wanted + " requested for player " + player.id());
        });
    }

    private Result addressRefused(Handle h, Player player, String why, Instant now) {
        post.notice(h, MailKind.ADDRESS_NOTICE, player.name(), player.email(), "[Epistle] Your addresses", post.serverAddress(),
                new Refusal("address-refused", "No address was added: " + why + ".",
                        "Write \"address add\" and the address alone on the first line of a reply to one of your games' mails."),
                now);
        return new Result(Result.Effect.REFUSED, "address not added: " + why);
    }

    /**
     * A mail carrying an address confirmation code: the address is added when the mail comes from the
     * address the code was sent to, before the request lapsed. Anything else changes nothing and is not
     * answered, since the sender is not known to be anybody's.
     */
    public Result confirm(AddressCode code, String senderAddress, Optional<String> inboundKey) {
        String sender = AddressBook.normalize(senderAddress);
        return inbound.run(inboundKey, h -> {
            Instant now = clock.get();
            PlayerAddressTable table = Tables.attach(h, PlayerAddressTable.class);
            Optional<Player> player = table.requester(code.hash(), sender, now).flatMap(Tables.attach(h, PlayerTable.class)::byId);
            if (player.isEmpty()) {
                return new Result(Result.Effect.REFUSED, "ignored: no waiting address request matches this code from "
                        + clip(sender, 320));
            }
            table.forget(code.hash());
            Optional<String> whyNot = AddressBook.whyNot(h, player.get(), sender);
            if (whyNot.isPresent()) {
                return addressRefused(h, player.get(), whyNot.get(), now);
            }
            AddressBook.add(h, player.get(), sender, AddressBook.CONFIRMED_BY_MAIL, now);
            post.notice(h, MailKind.ADDRESS_NOTICE, player.get().name(), player.get().email(), "[Epistle] Your addresses",
                    post.serverAddress(), new Refusal("address-added", sender + " is now one of your addresses: mail from it "
                            + "may move your games.", "The server still writes to " + player.get().email() + "."), now);
            return new Result(Result.Effect.SHOWN, "address " + sender + " added to player " + player.get().id());
        });
    }

    /** Every address of a player, the one the server writes to first. */
    public List<String> of(long playerId) {
        return db.jdbi().withHandle(h -> AddressBook.addresses(h, player(h, playerId)));
    }

    /**
     * The admin adds a further address to a player, without confirmation.
     *
     * @throws IllegalArgumentException for an unknown player, a malformed address, or one that is somebody's already
     */
    public void add(long playerId, String address) {
        GameChanged.retrying(() -> transaction(h -> {
            Player player = player(h, playerId);
            String wanted = AddressBook.wellFormed(address, identity);
            AddressBook.whyNot(h, player, wanted).ifPresent(why -> {
                throw new IllegalArgumentException(why.replace("one of your addresses", "one of " + player.name() + "'s addresses"));
            });
            AddressBook.add(h, player, wanted, AddressBook.ADDED_BY_ADMIN, clock.get());
            return wanted;
        }), ATTEMPTS);
    }

    /**
     * The admin removes a further address; the address the server writes to cannot be removed.
     *
     * @throws IllegalArgumentException for an unknown player or an address that is not one of the player's further ones
     */
    public void remove(long playerId, String address) {
        transaction(h -> {
            Player player = player(h, playerId);
            String a = AddressBook.normalize(address);
            if (a.equals(player.email())) {
                throw new IllegalArgumentException(a + " is the address the server writes to; it cannot be removed");
            }
            if (Tables.attach(h, PlayerAddressTable.class).remove(a, playerId) != 1) {
                throw new IllegalArgumentException(a + " is not one of " + player.name() + "'s addresses");
            }
            return a;
        });
    }

    private static Player player(Handle h, long playerId) {
        return Tables.attach(h, PlayerTable.class).byId(playerId)
                .orElseThrow(() -> new IllegalArgumentException("there is no player " + playerId));
    }

    private <T> T transaction(HandleCallback<T, RuntimeException> work) {
        return db.transaction(work);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
