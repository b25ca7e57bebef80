package org.epistle.web.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.regex.Pattern;

/**
 * One page of a long list, chosen by a {@code ?page=} parameter counted from 1. A value that is not a page of
 * the list (not a number, zero, too long, past the last page) is answered with a clear 400 page: a list shown
 * empty would look like "no games" when the link was wrong.
 *
 * <p>A list in the database is counted only {@link #LOOK_AHEAD} items past the page asked for: counting a million
 * rows costs as much as reading them, and nobody pages that far. Past that the total is a lower bound ({@code more}),
 * and the page says "41 or more pages (more than 1,025 games)".
 *
 * @param page  the page shown, from 1
 * @param size  how many items a page holds
 * @param total how many items the whole list has, or, when {@code more}, how many it has at least
 * @param more  whether the list goes on past {@code total}
 */
public record Paging(int page, int size, int total, boolean more) {
    // Six digits are far more pages than any list here will have, and keep Integer.parseInt safe.
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,6}");
    /** Items counted past the end of the page asked for. */
    public static final int LOOK_AHEAD = 1000;

    public Paging {
        if (size < 1 || page < 1 || total < 0) throw new IllegalArgumentException("bad paging " + page + "/" + size + "/" + total);
    }

    public Paging(int page, int size, int total) {
        this(page, size, total, false);
    }

    /**
     * The page a request asks for in a list of {@code total} items.
     *
     * @param param the raw parameter; absent or blank is the first page
     * @throws PageError a 400 that says what a page number is and how many pages there are
     */
    public static Paging of(Optional<String> param, int size, int total) {
        return of(param, size, atMost -> Math.min(total, atMost));
    }

    /**
     * The page a request asks for in a list the database counts.
     *
     * @param countUpTo how many items the list has, counted up to the number given and no further
     * @throws PageError a 400 that says what a page number is and how many pages there are
     */
    public static Paging of(Optional<String> param, int size, IntUnaryOperator countUpTo) {
        String text = param.map(String::strip).orElse("");
        boolean number = NUMBER.matcher(text).matches();
        int asked = text.isEmpty() || !number ? 1 : Math.max(1, Integer.parseInt(text));
        int enough = asked * size + LOOK_AHEAD;
        int counted = countUpTo.applyAsInt(enough + 1);
        Paging paging = counted > enough ? new Paging(1, size, enough, true) : new Paging(1, size, counted, false);
        if (text.isEmpty()) return paging;
        if (!number || Integer.parseInt(text) < 1 || Integer.parseInt(text) > paging.pages()) {
            throw PageError.badRequest("There is no page \"" + shortened(text) + "\" of this list: it has "
                    + paging.pages() + (paging.more() ? " or more pages" : paging.pages() == 1 ? " page" : " pages")
                    + ", numbered from 1.");
        }
        return new Paging(Integer.parseInt(text), size, paging.total(), paging.more());
    }

    public int pages() {
        return Math.max(1, (total + size - 1) / size);
    }

    /** How many items come before this page. */
    public int offset() {
        return (page - 1) * size;
    }

    /** This page's items. */
    public <T> List<T> of(List<T> all) {
        int from = Math.min(all.size(), offset());
        return all.subList(from, Math.min(all.size(), from + size));
    }

    /**
     * What a template needs for the links: page, pages, total, more (the list goes on past total) and
     * previous/next as hrefs ("" when there is none).
     *
     * @param href the link to a page number, with whatever else the request carried (filters)
     */
    public Map<String, Object> model(IntFunction<String> href) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("page", page);
        m.put("pages", pages());
        m.put("total", total);
        m.put("more", more);
        m.put("previous", page > 1 ? href.apply(page - 1) : "");
        m.put("next", page < pages() || more ? href.apply(page + 1) : "");
        return m;
    }

    private static String shortened(String text) {
        return text.length() > 20 ? text.substring(0, 20) + "…" : text;
    }
}
