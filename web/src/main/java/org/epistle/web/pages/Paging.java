package org.epistle.web.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * One page of a long list, chosen by a {@code ?page=} parameter counted from 1. A value that is not a page of
 * the list (not a number, zero, too long, past the last page) is answered with a clear 400 page: a list shown
 * empty would look like "no games" when the link was wrong.
 *
 * @param page  the page shown, from 1
 * @param size  how many items a page holds
 * @param total how many items the whole list has
 */
public record Paging(int page, int size, int total) {
    // Six digits are far more pages than any list here will have, and keep Integer.parseInt safe.
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,6}");

    public Paging {
        if (size < 1 || page < 1 || total < 0) throw new IllegalArgumentException("bad paging " + page + "/" + size + "/" + total);
    }

    /**
     * The page a request asks for in a list of {@code total} items.
     *
     * @param param the raw parameter; absent or blank is the first page
     * @throws PageError a 400 that says what a page number is and how many pages there are
     */
    public static Paging of(Optional<String> param, int size, int total) {
        int pages = Math.max(1, (total + size - 1) / size);
        String text = param.map(String::strip).orElse("");
        if (text.isEmpty()) return new Paging(1, size, total);
        if (!NUMBER.matcher(text).matches() || Integer.parseInt(text) < 1 || Integer.parseInt(text) > pages) {
            throw PageError.badRequest("There is no page \"" + shortened(text) + "\" of this list: it has "
                    + pages + (pages == 1 ? " page" : " pages") + ", numbered from 1.");
        }
        return new Paging(Integer.parseInt(text), size, total);
    }

    public int pages() {
        return Math.max(1, (total + size - 1) / size);
    }

    /** This page's items. */
    public <T> List<T> of(List<T> all) {
        int from = Math.min(all.size(), (page - 1) * size);
        return all.subList(from, Math.min(all.size(), from + size));
    }

    /**
     * What a template needs for the links: page, pages, total, and previous/next as hrefs ("" when there is none).
     *
     * @param href the link to a page number, with whatever else the request carried (filters)
     */
    public Map<String, Object> model(IntFunction<String> href) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("page", page);
        m.put("pages", pages());
        m.put("total", total);
        m.put("previous", page > 1 ? href.apply(page - 1) : "");
        m.put("next", page < pages() ? href.apply(page + 1) : "");
        return m;
    }

    private static String shortened(String text) {
        return text.length() > 20 ? text.substring(0, 20) + "…" : text;
    }
}
