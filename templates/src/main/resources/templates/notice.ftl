<#-- Plain-text part of a notice: news about a player's account or about a mail that did not come from them
     (a mail with their game's secret from another address, an address to confirm or added). No game changes
     with it. HTML part: notice.ftlh.
     Required: explanation.
     Optional: gameId with variantName (the header; 0 means no game), hint, recipientName, replyAddress, gameUrl.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.title/>
<@m.greeting/>

${explanation}
<#if hint?has_content>

${hint}
</#if>
<#if (gameUrl!"")?has_content>

The game on the web: ${gameUrl}
</#if>
<@m.footer/>
