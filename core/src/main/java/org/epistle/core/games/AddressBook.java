package org.epistle.core.games;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Which addresses belong to which player. A player has the address the server writes to and any
 * number of further addresses to send from, each added by the admin or confirmed by a mail from it
 * (so nobody can claim an address they cannot read).
 */
final class AddressBook {
    /** How long a request to add an address waits for the mail that confirms it. */
    static final Duration REQUEST_LIFETIME = Duration.ofDays(7);
    /** Requests a player may have waiting at once, so the server cannot be made to mail many strangers. */
    static final int MAX_WAITING_REQUESTS = 3;
    static final String CONFIRMED_BY_MAIL = "confirmed by mail";
    static final String ADDED_BY_ADMIN = "added by the admin";

    private AddressBook() {
    }

    /** An address as compared and stored: trimmed, lower case. */
    static String normalize(String address) {
        return address == null ? "" : address.strip().toLowerCase(Locale.ROOT);
    }

    /** The player whose address this is, the one the server writes to or a further one. */
    static Optional<Player> owner(Handle h, String address) {
        String a = normalize(address);
        PlayerTable players = Tables.attach(h, PlayerTable.class);
        return players.byEmail(a).or(() -> Tables.attach(h, PlayerAddressTable.class).owner(a).flatMap(players::byId));
    }

    static boolean isAddressOf(Handle h, Player player, String address) {
        String a = normalize(address);
        return a.equals(player.email()) || Tables.attach(h, PlayerAddressTable.class).owner(a).filter(id -> id == player.id()).isPresent();
    }

    /** Every address of the player, the one the server writes to first. */
    static List<String> addresses(Handle h, Player player) {
        List<String> all = new ArrayList<>();
        all.add(player.email());
        all.addAll(Tables.attach(h, PlayerAddressTable.class).of(player.id()));
        return all;
    }

    /** The player who has the contact's address (keeping the name registered first), or a new one. */
    static Player register(Handle h, Contact contact, Instant at) {
        return owner(h, contact.email()).orElseGet(() -> Tables.attach(h, PlayerTable.class).register(contact, at));
    }

    /**
     * The address, checked as an address a player could add: well formed, not the server's own.
     *
     * @throws IllegalArgumentException with a sentence for the player
     */
    static String wellFormed(String address, MailIdentity identity) {
        String a = new Contact("address", address).email();
        if (identity.isOwnAddress(a)) {
            throw new IllegalArgumentException(a + " is the server's own address");
        }
        return a;
    }

    /** Whether a further address may be added to this player; empty when it may, else why not. */
    static Optional<String> whyNot(Handle h, Player player, String address) {
        Optional<Player> owner = owner(h, address);
        if (owner.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(owner.get().id() == player.id() ? address + " is already one of your addresses"
                : address + " already belongs to another player");
    }

    static void add(Handle h, Player player, String address, String how, Instant at) {
        Tables.attach(h, PlayerAddressTable.class).add(normalize(address), player.id(), at, how);
    }
}
