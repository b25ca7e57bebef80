package org.epistle.web.admin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.Observers;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TimeControlSpec;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.web.pages.FormBody;

/**
 * The admin's "create a tournament" form as sent: every field's text, kept to be shown again, and read
 * into a {@link NewTournament} or into the first field that is wrong and why. The page marks that field;
 * {@link TournamentService#create} checks everything again and has the last word.
 */
record TournamentForm(Map<String, String> entered) {
    static final int TIE_BREAK_SLOTS = TieBreak.values().length;
    static final List<String> FIELDS;
    static {
        List<String> fields = new ArrayList<>(List.of("name", "variant", "kind", "whiteArmy", "blackArmy", "timeControl",
                "scoring"));
        for (int i = 1; i <= TIE_BREAK_SLOTS; i++) {
            fields.add(tieBreakField(i));
        }
        fields.addAll(List.of("withdrawal", "tieRule", "maxPlayers", "fen", "rated", "observerDelay"));
        FIELDS = List.copyOf(fields);
    }
    /** Longer than any right value of a field but the position; a longer one is refused, not cut. */
    private static final int MAX_FIELD = 200;
    private static final int MAX_FEN = 1000;
    private static final int MAX_NAME = 100;

    /** What a fresh form shows: the usual settings of {@link NewTournament#of}. */
    static TournamentForm blank() {
        NewTournament usual = NewTournament.of("", "marseillais", TournamentKind.DOUBLE_ROUND_ROBIN);
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", "");
        m.put("variant", usual.variantKey());
        m.put("kind", key(usual.kind()));
        m.put("whiteArmy", usual.whiteArmyKey());
        m.put("blackArmy", usual.blackArmyKey());
        m.put("timeControl", usual.timeControl());
        m.put("scoring", key(usual.scoring()));
        for (int i = 1; i <= TIE_BREAK_SLOTS; i++) {
            m.put(tieBreakField(i), i <= usual.tieBreaks().size() ? usual.tieBreaks().get(i - 1).code() : "");
        }
        m.put("withdrawal", key(usual.withdrawalRule()));
        m.put("tieRule", key(usual.tieRule()));
        m.put("maxPlayers", "");
        m.put("fen", "");
        m.put("rated", "yes");
        m.put("observerDelay", "");
        return new TournamentForm(m);
    }

    static TournamentForm of(FormBody form) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String f : FIELDS) {
            m.put(f, form.field(f).orElse("").strip());
        }
        return new TournamentForm(m);
    }

    TournamentForm {
        entered = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entered));
    }

    static String tieBreakField(int slot) {
        return "tieBreak" + slot;
    }

    static String key(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    String field(String name) {
        return entered.getOrDefault(name, "");
    }

    /** What the form says, or the first field that is wrong. */
    sealed interface Reading permits Valid, Invalid {
    }

    /** @param observerDelay how many turns late observers see its games; empty: the server's default */
    record Valid(NewTournament tournament, java.util.Optional<Integer> observerDelay) implements Reading {
    }

    /** @param field the name of the form field to mark; @param why one sentence */
    record Invalid(String field, String why) implements Reading {
    }

    /** @param taken whether a tournament of this name exists (names are what players write after {@code join}) */
    Reading read(java.util.function.Predicate<String> taken) {
        for (String f : FIELDS) {
            int max = f.equals("fen") ? MAX_FEN : MAX_FIELD;
            if (field(f).length() > max) {
                return new Invalid(f, "the field is longer than " + max + " characters");
            }
        }
        String name = field("name").replaceAll("\\s+", " ");
        if (name.isEmpty()) {
            return new Invalid("name", "write the tournament's name; players write it after \"join\"");
        }
        if (name.length() > MAX_NAME || name.codePoints().anyMatch(Character::isISOControl)) {
            return new Invalid("name", "the name has 1 to " + MAX_NAME + " characters on one line");
        }
        if (taken.test(name)) {
            return new Invalid("name", "there is already a tournament called \"" + name + "\"");
        }
        Optional<Variant> variant = VariantCatalog.find(field("variant"));
        if (variant.isEmpty()) {
            return new Invalid("variant", "there is no variant \"" + field("variant") + "\"; choose one from the list");
        }
        TournamentKind kind;
        try {
            kind = TournamentKind.parse(field("kind"));
        } catch (IllegalArgumentException e) {
            return new Invalid("kind", "choose a single or a double round robin, or a knockout");
        }
        Optional<Army> white = Armies.byKey(field("whiteArmy"));
        if (white.isEmpty()) {
            return new Invalid("whiteArmy", "there is no army \"" + field("whiteArmy") + "\"; choose one from the list");
        }
        Optional<Army> black = Armies.byKey(field("blackArmy"));
        if (black.isEmpty()) {
            return new Invalid("blackArmy", "there is no army \"" + field("blackArmy") + "\"; choose one from the list");
        }
        String spec = field("timeControl").isEmpty() ? "none" : field("timeControl");
        try {
            spec = TimeControlSpec.validate(spec);
        } catch (IllegalArgumentException e) {
            return new Invalid("timeControl", e.getMessage());
        }
        Scoring scoring;
        try {
            scoring = Scoring.parse(field("scoring"));
        } catch (IllegalArgumentException e) {
            return new Invalid("scoring", "choose 1/½/0 or 3/1/0");
        }
        List<TieBreak> order = new ArrayList<>();
        for (int i = 1; i <= TIE_BREAK_SLOTS; i++) {
            String text = field(tieBreakField(i));
            if (text.isEmpty()) {
                continue;
            }
            TieBreak tb;
            try {
                tb = TieBreak.parse(text);
            } catch (IllegalArgumentException e) {
                return new Invalid(tieBreakField(i), e.getMessage());
            }
            if (order.contains(tb)) {
                return new Invalid(tieBreakField(i), "tie-break " + tb.title() + " is chosen twice");
            }
            order.add(tb);
        }
        WithdrawalRule withdrawal;
        try {
            withdrawal = WithdrawalRule.valueOf(field("withdrawal").toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            return new Invalid("withdrawal", "choose what a withdrawal during play does");
        }
        int most = kind.maxPlayers();
        if (!field("maxPlayers").isEmpty()) {
            if (!field("maxPlayers").matches("[0-9]{1,6}")) {
                return new Invalid("maxPlayers", "write the most players as a whole number");
            }
            most = Integer.parseInt(field("maxPlayers"));
        }
        if (most < kind.minPlayers() || most > kind.maxPlayers()) {
            return new Invalid("maxPlayers", "a " + kind.label() + " is for " + kind.minPlayers() + " to "
                    + kind.maxPlayers() + " players, not " + most);
        }
        String fen = field("fen");
        if (!fen.isEmpty()) {
            try {
                Fen.read(Ruleset.of(variant.get(), white.get(), black.get()), fen);
            } catch (IllegalArgumentException e) { // FenException among them
                return new Invalid("fen", "the thematic position is not a position of " + variant.get().name() + ": "
                        + e.getMessage());
            }
        }
        TieRule tieRule;
        try {
            tieRule = field("tieRule").isEmpty() ? TieRule.LOTS : TieRule.valueOf(field("tieRule").toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            return new Invalid("tieRule", "choose how a knockout match that stays level is decided");
        }
        java.util.Optional<Integer> observerDelay = java.util.Optional.empty();
        if (!field("observerDelay").isEmpty()) {
            if (!field("observerDelay").matches("[0-9]{1,3}") || Integer.parseInt(field("observerDelay")) > Observers.MAX_DELAY) {
                return new Invalid("observerDelay", "the observer delay must be a whole number of turns from 0 to "
                        + Observers.MAX_DELAY);
            }
            observerDelay = java.util.Optional.of(Integer.parseInt(field("observerDelay")));
        }
        return new Valid(new NewTournament(name, variant.get().key(), white.get().key(), black.get().key(), spec, kind,
                scoring, order, tieRule, withdrawal, fen.isEmpty() ? null : fen, most, !field("rated").isEmpty()), observerDelay);
    }
}
