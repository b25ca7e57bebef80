package org.epistle.core.games.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

class VariantFamilyTest {

    @Test
    void every_variant_in_the_catalog_is_placed_in_a_family() {
        Set<String> placed = VariantFamily.ALL.stream().flatMap(f -> f.variants().stream()).collect(Collectors.toSet());
        for (Variant v : VariantCatalog.all()) {
            assertTrue(placed.contains(v.key()), v.key() + " belongs to no family: add it to VariantFamily.ALL");
        }
        assertEquals(VariantCatalog.all().size(), placed.size(), "a family names a variant the catalog lacks");
    }

    @Test
    void relatives_share_a_family() {
        assertEquals("marseillais", VariantFamily.of("balanced-marseillais").key());
        assertEquals("progressive", VariantFamily.of("italian-progressive").key());
        assertEquals("magnetic", VariantFamily.of("anti-gravity").key());
        assertEquals("magnetic", VariantFamily.of("magnetic-rraa").key());
        assertEquals("momentum", VariantFamily.of("momentum").key());
    }
}
