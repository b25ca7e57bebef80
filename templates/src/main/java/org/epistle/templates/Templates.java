package org.epistle.templates;

import freemarker.template.Configuration;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Renders the templates in the classpath folder {@code /templates/}, for mail and web alike.
 * It owns the application's only FreeMarker {@link Configuration}: create one instance at start-up
 * and share it (it is thread-safe and caches parsed templates).
 *
 * <p>The file extension picks the output format: {@code .ftlh} is HTML with every {@code ${…}}
 * escaped, {@code .ftl} is plain text (for mail bodies) and escapes nothing.
 */
public final class Templates {

    /** A template that is missing, does not parse, or fails while rendering (for example a missing variable). */
    public static final class RenderException extends RuntimeException {
        private final String templateName;

        RenderException(String templateName, Throwable cause) {
            super("Template " + templateName + " failed: " + cause.getMessage(), cause);
            this.templateName = templateName;
        }

        public String templateName() { return templateName; }
    }

    /** The classpath folder the templates live in. */
    public static final String FOLDER = "/templates/";

    private final Configuration configuration;

    public Templates() {
        var c = new Configuration(Configuration.VERSION_2_3_33);
        c.setClassForTemplateLoading(Templates.class, FOLDER);
        c.setDefaultEncoding(StandardCharsets.UTF_8.name());
        c.setOutputEncoding(StandardCharsets.UTF_8.name());
        // .ftlh -> HTML auto-escaping, .ftl -> plain text (the default since 2.3.24; stated because we rely on it).
        c.setRecognizeStandardFileExtensions(true);
        // A missing variable is a bug in the caller: fail, never print a half-filled mail.
        c.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        // The exception reaches the caller, who logs it once; FreeMarker would log it a second time.
        c.setLogTemplateExceptions(false);
        c.setWrapUncheckedExceptions(true);
        c.setFallbackOnNullLoopVariable(false);
        // Game ids and move numbers must print as 1234, not as the locale's "1,234".
        c.setNumberFormat("computer");
        // The texts are English; do not let the JVM's locale change how values are printed.
        c.setLocale(Locale.ENGLISH);
        this.configuration = c;
    }

    /** The template {@code name} (like {@code turn-accepted.ftl}) filled with {@code model}. */
    public String render(String name, Map<String, ?> model) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(model, "model");
        var out = new StringWriter();
        try {
            configuration.getTemplate(name).process(model, out);
        } catch (IOException | TemplateException e) {
            throw new RenderException(name, e);
        }
        return out.toString();
    }
}
