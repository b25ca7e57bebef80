package org.epistle.web.pages;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * The error page for what Jetty refuses before the application sees it (a malformed request line,
 * headers too large, an address that is not valid): a short page of our own with the security
 * headers, instead of Jetty's page with its version and, for some errors, a stack trace.
 */
public final class JettyErrors extends ErrorHandler {

    public JettyErrors() {
        setShowStacks(false);
        setShowServlet(false);
        setShowMessageInTitle(false);
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request, HttpServletResponse response,
                                              int code, String message) throws IOException {
        baseRequest.setHandled(true);
        SecurityHeaders.apply(response);
        response.setContentType("text/html; charset=utf-8");
        byte[] body = page(code).getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        SecurityHeaders.ALL.forEach(fields::put);
        fields.put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
        return ByteBuffer.wrap(page(status).getBytes(StandardCharsets.UTF_8));
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
