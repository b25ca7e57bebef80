package org.epistle.web.pages;

import freemarker.core.HTMLOutputFormat;
import freemarker.core.TemplateHTMLOutputModel;
import freemarker.template.TemplateModelException;

/**
 * Markup the server made itself and that a template prints as it is: today only the board's SVG,
 * which {@link org.epistle.web.svg.SvgWriter} escapes piece by piece. A template prints it with a
 * plain {@code ${board}}: FreeMarker does not escape a value that is already HTML, so no template
 * needs {@code ?no_esc}, and everything else the templates print stays escaped.
 */
final class Markup {
    private Markup() {
    }

    static TemplateHTMLOutputModel trusted(String html) {
        try {
            return HTMLOutputFormat.INSTANCE.fromMarkup(html);
        } catch (TemplateModelException e) {
            throw new IllegalStateException("HTML output models are made from any string", e);
        }
    }
}
