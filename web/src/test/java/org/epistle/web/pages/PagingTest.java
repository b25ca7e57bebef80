package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Paging a list the database counts only a little past the page asked for. */
class PagingTest {
    /** A list of {@code size} items that records how far it was asked to count. */
    private static final class Counted {
        final int size;
        final List<Integer> asked = new ArrayList<>();

        Counted(int size) {
            this.size = size;
        }

        int upTo(int atMost) {
            asked.add(atMost);
            return Math.min(size, atMost);
        }
    }

    @Test void a_short_list_is_counted_exactly() {
        Counted list = new Counted(30);
        Paging p = Paging.of(Optional.of("2"), 25, list::upTo);
        assertEquals(new Paging(2, 25, 30, false), p);
        assertEquals(List.of(2 * 25 + Paging.LOOK_AHEAD + 1), list.asked);
        assertEquals("", p.model(n -> "/?page=" + n).get("next"));
    }

    @Test void a_long_list_is_counted_only_a_little_past_the_page_and_says_there_is_more() {
        Counted list = new Counted(1_000_000);
        Paging first = Paging.of(Optional.empty(), 25, list::upTo);
        assertEquals(new Paging(1, 25, 25 + Paging.LOOK_AHEAD, true), first);
        assertEquals(List.of(25 + Paging.LOOK_AHEAD + 1), list.asked, "one count, capped");
        Map<String, Object> model = first.model(n -> "/?page=" + n);
        assertEquals(true, model.get("more"));
        assertEquals("/?page=2", model.get("next"));
        assertEquals(0, first.offset());

        Paging deep = Paging.of(Optional.of("3000"), 25, list::upTo);
        assertEquals(3000, deep.page());
        assertEquals(2999 * 25, deep.offset());
        assertTrue(deep.pages() > 3000 && deep.more());
    }

    @Test void a_page_past_the_end_names_how_many_pages_there_are_or_at_least_are() {
        PageError shortList = assertThrows(PageError.class, () -> Paging.of(Optional.of("3"), 25, new Counted(30)::upTo));
        assertTrue(shortList.explanation().contains("it has 2 pages, numbered from 1."), shortList.explanation());
        PageError notANumber = assertThrows(PageError.class, () -> Paging.of(Optional.of("x"), 25, new Counted(5000)::upTo));
        assertTrue(notANumber.explanation().contains("it has 41 or more pages, numbered from 1."), notANumber.explanation());
    }
}
