package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

class HtmlTextTest {

    private static String text(String html) {
        return HtmlText.toText(Jsoup.parse(html));
    }

    @Test void blocks_and_breaks_end_lines_and_white_space_collapses() {
        assertEquals("1. e4 e5\nNf3\n\nresign\n", text("<div>  1.  e4\n e5 </div><div>Nf3<br></div><div><br></div><p>resign</p>"));
    }

    @Test void blockquotes_become_quoted_lines() {
        assertEquals("Nf3\nOn Monday Epistle wrote:\n> White played d4.\n>\n> > older\n> Black to move.\n",
                text("<div>Nf3</div><div>On Monday Epistle wrote:</div><blockquote>White played d4.<br><br>"
                        + "<blockquote>older</blockquote>Black to move.</blockquote>"));
    }

    @Test void scripts_styles_and_hidden_elements_are_not_text() {
        assertEquals("e4\n", text("<html><head><title>t</title><style>p{}</style></head><body><script>x()</script>"
                + "<div style=\"color:red; display: none\">preheader</div><span hidden>h</span><p>e4</p></body></html>"));
    }

    @Test void pre_keeps_its_lines_and_spaces() {
        assertEquals("board:\n r n b\n p  p\n", text("<p>board:</p><pre> r n b\n p  p</pre>"));
    }

    @Test void table_cells_are_separated_and_rows_are_lines() {
        assertEquals("1. e4 e5\n2. Nf3 Nc6\n", text("<table><tr><td>1.</td><td>e4</td><td>e5</td></tr>"
                + "<tr><td>2.</td><td>Nf3</td><td>Nc6</td></tr></table>"));
    }

    @Test void no_break_spaces_are_spaces() {
        assertEquals("Grüße, Jörg\n", text("<div>Grüße,&nbsp;Jörg</div>"));
    }

    @Test void empty_html_is_empty_text() {
        assertEquals("", text("<html><body><div><br></div></body></html>"));
    }
}
