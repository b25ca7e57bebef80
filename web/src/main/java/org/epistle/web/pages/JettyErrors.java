package org.epistle.web.pages;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The error page for what Jetty refuses before the application sees it (a malformed request line,
 * headers too large, an address that is not valid): a short page of our own with the security
 * headers, instead of Jetty's page with its version and, for some errors, a stack trace.
 *
 * <p>Jetty 12 asks two handlers: the server's (everything the HTTP parser refuses) and the servlet
 * context's (a servlet's {@code sendError}). Both answer with the same page, whatever the request's
 * {@code Accept} says: Jetty would otherwise answer a client that accepts no HTML with an empty body.
 */
public final class JettyErrors {

    private JettyErrors() {
    }

    /** For {@code Server.setErrorHandler}. */
    public static ErrorHandler forServer() {
        return new ErrorHandler() {
            @Override
            protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                            Callback callback) {
                answer(response, code, callback);
            }
        };
    }

    /** For {@code ServletContextHandler.setErrorHandler}. */
    public static ErrorHandler forServlets() {
        return new org.eclipse.jetty.ee10.servlet.ErrorHandler() {
            {
                // the servlet handler shows origins and stacks by default; ours never reaches them, but say so
                setShowStacks(false);
                setShowOrigin(false);
                setShowMessageInTitle(false);
            }

            @Override
            protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                            Callback callback) {
                answer(response, code, callback);
            }
        };
    }

    private static void answer(Response response, int code, Callback callback) {
        HttpFields.Mutable headers = response.getHeaders();
        SecurityHeaders.ALL.forEach(headers::put);
        headers.put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
        response.write(true, ByteBuffer.wrap(page(code).getBytes(StandardCharsets.UTF_8)), callback);
    }

    static String page(int status) {
        String reason = HttpStatus.getMessage(status);
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>" + status + " " + reason + " - Epistle</title></head>\n<body><h1>" + status + " " + reason
                + "</h1>\n<p>The request could not be read. Please go back and try again.</p>\n<p><a href=\"/\">Epistle</a></p>"
                + "</body></html>\n";
    }
}
