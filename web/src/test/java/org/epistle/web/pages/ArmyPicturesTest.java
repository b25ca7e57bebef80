package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.templates.figurine.Figures;
import org.junit.jupiter.api.Test;

/** Every kind of piece a game in the catalog can hold is drawn by a picture of its own, never a letter. */
class ArmyPicturesTest {

    @Test void every_piece_of_every_army_in_the_catalog_has_a_picture_of_its_own() {
        for (Army army : Armies.ALL) {
            for (PieceType type : army.pieces()) {
                assertTrue(Figures.named(type.name()).isPresent(), army.name() + ": " + type.name() + " has no picture");
            }
        }
    }

    @Test void every_variant_starts_with_pieces_that_all_have_pictures() {
        Set<String> seen = new HashSet<>();
        for (Variant variant : VariantCatalog.all()) {
            Position start = Position.start(new Ruleset(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
            for (var square : start.geometry().squares()) {
                start.pieceAt(square).ifPresent(piece -> {
                    assertTrue(Figures.named(piece.type().name()).isPresent(), variant.key() + ": " + piece.type().name());
                    seen.add(piece.type().name());
                });
            }
        }
        assertEquals(Set.of("King", "Queen", "Rook", "Bishop", "Knight", "Pawn"), seen);
    }
}
