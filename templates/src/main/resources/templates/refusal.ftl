<#-- Plain-text part of the answer to a mail or command that was not accepted (a stale turn number, not
     your turn, no valid secret, …); sent only to a player's registered address (HTML part: refusal.ftlh).
     Required: explanation.
     Optional: gameId with variantName (the header; gameId 0 means no game), notAccepted, hint, diagram,
     rawText (quoted), recipientName, whiteName, blackName, replyAddress, gameUrl; ranks (the picture).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.title/>
<@m.greeting/>

Your mail was not accepted, and no game has changed.
<#if notAccepted?has_content>

Not accepted: ${notAccepted}
</#if>

${explanation}
<#if hint?has_content>

What you can do instead: ${hint}
</#if>
<#if diagram?has_content>

The position:

<@m.indented diagram/>
</#if>
<@m.links/>
<#if rawText?has_content>

Your mail:

<@m.quote rawText/>
</#if>
<@m.footer/>
