package org.epistle.web.pages;

/**
 * A request the site answers with an error page: the status, a short title and one plain
 * sentence for the reader. The text is ours, never an exception's message, so an error page shows
 * nothing of the server's insides.
 */
public final class PageError extends RuntimeException {
    private final int status;
    private final String title;
    private final String explanation;

    public PageError(int status, String title, String explanation) {
        super(status + " " + title, null, false, false);
        this.status = status;
        this.title = title;
        this.explanation = explanation;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String explanation() {
        return explanation;
    }

    /** The same answer for an unknown game, a wrong personal link and a page that does not exist: it tells nothing. */
    public static PageError notFound() {
        return new PageError(404, "Page not found",
                "There is no page at this address. If you followed a link from one of your mails, check that it was copied whole.");
    }

    public static PageError badRequest(String explanation) {
        return new PageError(400, "Bad request", explanation);
    }

    public static PageError forbidden(String explanation) {
        return new PageError(403, "Form not accepted", explanation);
    }

    public static PageError methodNotAllowed() {
        return new PageError(405, "Method not allowed", "This address cannot be used that way. Open it in your browser instead.");
    }

    public static PageError tooLarge(long limitBytes) {
        return new PageError(413, "Too much to read",
                "What was sent is larger than the " + limitBytes / 1024 + " KB this page accepts. A turn is one short line: "
                        + "go back, shorten it and send it again.");
    }

    public static PageError unsupportedMediaType() {
        return new PageError(415, "Not a form",
                "This address takes the move form of the game page, sent as an ordinary web form.");
    }

    public static PageError internal() {
        return new PageError(500, "Something went wrong",
                "The server could not answer this request. Nothing was changed by it; please try again in a moment.");
    }

    /** The answer for a status the site has no text of its own for. */
    public static PageError of(int status) {
        return switch (status) {
            case 400 -> badRequest("The request could not be read.");
            case 403 -> forbidden("This request is not allowed.");
            case 404 -> notFound();
            case 405 -> methodNotAllowed();
            case 413 -> tooLarge(FormBody.MAX_BYTES);
            case 415 -> unsupportedMediaType();
            default -> status >= 500 ? internal() : new PageError(status, "Request not answered", "The request could not be answered.");
        };
    }
}
