package org.epistle.web.xfcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.epistle.web.mail.MailWorld;
import org.epistle.web.xfcc.client.MakeAMoveResult;
import org.epistle.web.xfcc.client.XfccBasic;
import org.epistle.web.xfcc.client.XfccBasicSoap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is not an XfccBasic call gets one SOAP 1.1 fault that says why, with status 500 as SOAP over HTTP has it,
 * and changes nothing; a document type (the door to external entities) is not read at all.
 */
class XfccRequestsTest {
    @TempDir
    Path dir;
    MailWorld world;
    String service;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        world = MailWorld.start(dir);
        service = "http://127.0.0.1:" + world.webPort() + "/xfccbasic.asmx";
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private HttpResponse<String> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(service)).header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"http://www.bennedik.com/webservices/XfccBasic/GetMyGames\"")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String envelope(String call) {
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Body>" + call + "</soap:Body></soap:Envelope>";
    }

    @Test
    void a_request_that_is_no_call_is_one_client_fault() throws Exception {
        HttpResponse<String> notXml = post("move e4 please");
        assertEquals(500, notXml.statusCode());
        assertTrue(notXml.body().contains("<faultcode>") && notXml.body().contains("Client"), notXml.body());
        assertTrue(notXml.body().contains("not a SOAP 1.1 message"), notXml.body());

        HttpResponse<String> unknown = post(envelope("<ResignAll xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"));
        assertEquals(500, unknown.statusCode());
        assertTrue(unknown.body().contains("There is no operation ResignAll here"), unknown.body());

        HttpResponse<String> otherNamespace = post(envelope("<GetMyGames xmlns=\"urn:elsewhere\"/>"));
        assertTrue(otherNamespace.body().contains("There is no operation {urn:elsewhere}GetMyGames here"), otherNamespace.body());

        HttpResponse<String> badNumber = post(envelope("<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
                + "<username>a@example.com</username><password>x</password><gameId>one</gameId></MakeAMove>"));
        assertEquals(500, badNumber.statusCode(), badNumber.body());
        assertTrue(badNumber.body().contains("The MakeAMove call cannot be read"), badNumber.body());

        // an element another server's clients add is passed over: the call is answered
        HttpResponse<String> extended = post(envelope("<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
                + "<username>nobody@example.com</username><password>x</password><language>de</language></GetMyGames>"));
        assertTrue(extended.body().contains("AuthenticationFailed"), extended.body());
    }

    @Test
    void a_document_type_is_refused_and_no_entity_is_read() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "the server's secret");
        String body = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY s SYSTEM \"" + secret.toUri() + "\">]>"
                + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>&s;</username>"
                + "<password>p</password></GetMyGames></soap:Body></soap:Envelope>";
        HttpResponse<String> answer = post(body);
        assertEquals(500, answer.statusCode(), answer.body());
        assertFalse(answer.body().contains("the server's secret"), answer.body());
    }

    @Test
    void after_five_wrong_passwords_the_address_waits_even_with_the_right_one() throws Exception {
        var alice = world.player("Alice", "alice@example.com");
        long game = world.newGame("chess", alice, world.player("Bob", "bob@example.com"));
        var games = world.installation().games();
        games.setClientPassword(games.playerByAddress(alice.email()).orElseThrow().id(), "alice's password".toCharArray());
        XfccBasicSoap client = new XfccBasic(URI.create(service + "?WSDL").toURL()).getXfccBasicSoap();
        // this server's public base URL is the default one: the client is told where the service is
        ((jakarta.xml.ws.BindingProvider) client).getRequestContext().put(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY, service);
        for (int i = 0; i < org.epistle.web.admin.LoginAttempts.MAX_FAILURES; i++) {
            assertEquals(MakeAMoveResult.AUTHENTICATION_FAILED,
                    client.makeAMove(alice.email(), "guess " + i, (int) game, false, false, 1, "e4", false, false, ""));
        }
        assertEquals(MakeAMoveResult.AUTHENTICATION_FAILED,
                client.makeAMove(alice.email(), "alice's password", (int) game, false, false, 1, "e4", false, false, ""));
        assertEquals(0, games.view(game).turns().size());
    }

    @Test
    void make_a_move_2_without_a_move_time_is_played_like_make_a_move() throws Exception {
        // no published client shows MakeAMove2's own parameter, so a call with MakeAMove's ten alone is taken too
        var alice = world.player("Alice", "alice@example.com");
        long game = world.newGame("chess", alice, world.player("Bob", "bob@example.com"));
        var games = world.installation().games();
        games.setClientPassword(games.playerByAddress(alice.email()).orElseThrow().id(), "alice's password".toCharArray());

        HttpResponse<String> answer = post(envelope("<MakeAMove2 xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
                + "<username>alice@example.com</username><password>alice's password</password><gameId>" + game + "</gameId>"
                + "<resign>false</resign><acceptDraw>false</acceptDraw><movecount>1</movecount><myMove>e4</myMove>"
                + "<offerDraw>false</offerDraw><claimDraw>false</claimDraw><myMessage></myMessage></MakeAMove2>"));

        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("MakeAMove2Result>Success</"), answer.body());
        assertEquals("e4", games.view(game).turns().get(0).notation());
    }

    @Test
    void the_service_address_opened_in_a_browser_says_what_it_is() throws Exception {
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(service)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("XfccBasic service"), page.body());
        HttpResponse<String> wsdl = http.send(HttpRequest.newBuilder(URI.create(service + "?wsdl")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(wsdl.body().contains("<wsdl:definitions"), "?wsdl in any case");
    }
}
