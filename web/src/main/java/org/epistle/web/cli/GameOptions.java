package org.epistle.web.cli;

import java.util.Optional;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import picocli.CommandLine.Option;

/** The options every variant command takes: the variant and each side's army. */
public final class GameOptions {
    @Option(names = "--variant", paramLabel = "KEY", description = "Variant key (see 'epistle variants').")
    String variant;

    @Option(names = "--white-army", paramLabel = "ARMY",
            description = "White's army: fabulous-fides (default), colorbound-clobberers, nutty-knights, remarkable-rookies, forward-fides.")
    String whiteArmy;

    @Option(names = "--black-army", paramLabel = "ARMY", description = "Black's army, as for --white-army.")
    String blackArmy;

    /** The ruleset, taking what the command line says first, then the fallbacks (a record's headers). */
    Ruleset ruleset(Optional<String> variantFallback, Optional<String> whiteFallback, Optional<String> blackFallback) {
        Variant v = variant(variant != null ? variant : variantFallback.orElse("chess"));
        Army white = army(whiteArmy != null ? whiteArmy : whiteFallback.orElse("fabulous-fides"));
        Army black = army(blackArmy != null ? blackArmy : blackFallback.orElse("fabulous-fides"));
        return new Ruleset(v, white, black);
    }

    Ruleset ruleset() {
        return ruleset(Optional.empty(), Optional.empty(), Optional.empty());
    }

    static Variant variant(String key) {
        return VariantCatalog.find(key).orElseThrow(() -> new UserInputException(
                "unknown variant '" + key + "'; known: " + VariantCatalog.keys()));
    }

    static Army army(String key) {
        return Armies.byKey(key).or(() -> Armies.byName(key)).orElseThrow(() -> new UserInputException(
                "unknown army '" + key + "'; known: " + Armies.keys()));
    }
}
