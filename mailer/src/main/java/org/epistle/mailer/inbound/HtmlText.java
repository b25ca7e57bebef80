package org.epistle.mailer.inbound;

import java.util.Set;
import java.util.regex.Pattern;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * The text a mail client shows for an HTML mail, laid out like a plain-text reply: block elements and
 * {@code <br>} end lines, white space collapses as in a browser, and a {@code <blockquote>} becomes
 * {@code >}-quoted lines, so {@link org.epistle.mailer.ReplyText} drops quotes (and the attribution above
 * them) exactly as it does for plain text. Scripts, styles and hidden elements are left out.
 */
final class HtmlText {

    private static final Set<String> SKIPPED = Set.of("head", "script", "style", "title", "template", "img",
            "object", "svg", "video", "audio", "iframe", "map");
    private static final Set<String> BLOCKS = Set.of("address", "article", "aside", "body", "center", "dd", "details",
            "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
            "h3", "h4", "h5", "h6", "header", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "p",
            "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul", "caption");
    private static final Pattern HIDDEN = Pattern.compile("(?i)(?:^|;)\\s*(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden)");

    private HtmlText() {}

    static String toText(Document document) {
        var out = new Out();
        NodeTraversor.filter(new NodeFilter() {
            @Override public FilterResult head(Node node, int depth) {
                if (node instanceof TextNode text) {
                    out.text(text.getWholeText());
                } else if (node instanceof Element element) {
                    String tag = element.normalName();
                    if (SKIPPED.contains(tag) || element.hasAttr("hidden") || HIDDEN.matcher(element.attr("style")).find()) {
                        return FilterResult.SKIP_ENTIRELY;
                    }
                    switch (tag) {
                        case "br" -> out.lineBreak();
                        case "blockquote" -> { out.endLine(); out.quoteDepth++; }
                        case "pre" -> { out.endLine(); out.pre++; }
                        case "td", "th" -> out.space();
                        default -> { if (BLOCKS.contains(tag)) out.endLine(); }
                    }
                }
                return FilterResult.CONTINUE;
            }

            @Override public FilterResult tail(Node node, int depth) {
                if (node instanceof Element element) {
                    String tag = element.normalName();
                    switch (tag) {
                        case "blockquote" -> { out.endLine(); out.quoteDepth--; }
                        case "pre" -> { out.endLine(); out.pre--; }
                        case "td", "th" -> out.space();
                        default -> { if (BLOCKS.contains(tag)) out.endLine(); }
                    }
                }
                return FilterResult.CONTINUE;
            }
        }, document);
        return out.result();
    }

    private static final class Out {
        private final StringBuilder sb = new StringBuilder();
        private boolean lineStart = true;
        private boolean pendingSpace;
        int quoteDepth;
        int pre;

        void text(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (pre > 0) {
                    if (c == '\n') lineBreak();
                    else if (c != '\r') emit(c);
                } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                    pendingSpace = true;
                } else {
                    emit(c);
                }
            }
        }

        void space() {
            pendingSpace = true;
        }

        private void emit(char c) {
            if (lineStart) {
                sb.append("> ".repeat(Math.max(0, quoteDepth)));
                lineStart = false;
            } else if (pendingSpace) {
                sb.append(' ');
            }
            pendingSpace = false;
            sb.append(c == '\u00A0' ? ' ' : c);
        }

        void lineBreak() {
            if (lineStart && quoteDepth > 0) sb.append(">".repeat(quoteDepth));
            sb.append('\n');
            lineStart = true;
            pendingSpace = false;
        }

        void endLine() {
            if (!lineStart) lineBreak();
            pendingSpace = false;
        }

        /** Trailing spaces removed from every line; no blank lines at the start; one line end at the end. */
        String result() {
            var text = new StringBuilder();
            for (String line : sb.toString().split("\n", -1)) text.append(line.stripTrailing()).append('\n');
            String t = text.toString().replaceAll("^\n+", "").replaceAll("\n+$", "\n");
            return t.isBlank() ? "" : t;
        }
    }
}
