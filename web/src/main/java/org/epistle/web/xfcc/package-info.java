/**
 * XfccBasic, the SOAP 1.1 service correspondence-chess clients speak ({@code /xfccbasic.asmx}): SAAJ reads and writes
 * the envelopes, JAXB the bodies (the types here), {@link org.epistle.web.xfcc.XfccService} answers through the game
 * service's one command path.
 */
@XmlSchema(namespace = XfccService.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
